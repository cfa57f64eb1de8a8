// Specification-request flow on mobilize-portal.html: every step (01-07,
// with 05, the installation check, reached through a 22kW cable, which includes installation), the
// submission's spinner and its confirmation, and the Need help? dialog have no axe-core WCAG 2.2 A/AA
// violations, also with validation messages showing (announced and tied to their fields), in the
// large layout (1280x800) and the small one (640x400, which is 1280x800 at 200% zoom); at 640x400 and
// at 320x640 each fits without sideways scrolling, with targets of at least 24x24 px.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkEverywhere, visitTermsMessage } from './a11y-checks.mjs';
import { useHarness } from './harness.mjs';

const harness = useHarness();

const PAGE = '/dist-examples/mobilize-portal.html';
const SUBMITTING = 'Please wait while we submit your upgrade specification request...';
const SENT = 'Request for upgrade specification sent. You may leave this page now.';

/**
 * Walks the flow by role and name; `visit(where, dialog)` is called on each step, on steps with
 * their messages showing, on the Need help? dialog and on the submission's spinner (the relay
 * answers only once that visit is done) and confirmation. Returns the e-mail the request went with.
 */
async function walkSpecRequest(page, visit) {
  const email = `a11y-${page.viewportSize().width}@example.com`;
  let release;
  const visited = new Promise((resolve) => (release = resolve));
  await page.route('**/api/spec-request', async (route) => {
    await visited;
    await route.continue();
  });
  const element = page.locator('ev-charger-configurator');
  await element.getByRole('radiogroup', { name: 'Front' }).waitFor();
  await element.getByRole('button', { name: 'Continue' }).click();
  const wizard = element.locator('dialog.evc-wizard');
  const continueButton = wizard.getByRole('button', { name: 'Continue', exact: true });
  // Steps checked with their messages showing are not checked before as well.
  const on = async (step, { check = true } = {}) => {
    await wizard.locator(`.evc-step[data-step="${step}"]`).waitFor();
    if (check) await visit(step, wizard);
  };

  await on('email', { check: false });
  const orderEmail = wizard.getByRole('textbox', { name: 'E-mail address' });
  await orderEmail.focus();
  await orderEmail.blur();
  await wizard.getByText('E-mail address is a required field').first().waitFor();
  await visit('email, with its message', wizard);
  await wizard.getByRole('button', { name: 'Need help?' }).click();
  const help = element.getByRole('dialog', { name: 'Contact Us' });
  await help.waitFor();
  await visit('the Contact Us dialog', help);
  await help.getByRole('button', { name: 'Close' }).click();
  await help.waitFor({ state: 'hidden' });
  await orderEmail.fill(email);
  await continueButton.click();

  await on('cable');
  await wizard.getByRole('radio', { name: 'Tethered', exact: true }).check();
  await wizard.getByRole('radio', { name: '22kW with 6.5m cable' }).check();
  await visit('cable, 22kW tethered', wizard);
  await continueButton.click();

  await on('installation', { check: false });
  const terms = wizard.getByRole('checkbox');
  await visitTermsMessage(wizard, terms, visit);
  await continueButton.click();

  await on('extras');
  await wizard.getByRole('checkbox', { name: 'Digital display' }).check();
  await continueButton.click();

  await on('installCheck');
  await wizard.getByRole('radiogroup', { name: /^Is the property in mainland UK/ }).getByRole('radio', { name: 'No' }).check();
  await wizard.getByText('A survey will be needed before installation.', { exact: false }).waitFor();
  await visit('installation check, answered', wizard);
  await continueButton.click();

  await on('details', { check: false });
  const fields = ['First name', 'Last name', 'Phone number'].map((name) => wizard.getByRole('textbox', { name }));
  await wizard.getByRole('textbox', { name: 'E-mail address' }).fill('');
  for (const field of [...fields, wizard.getByRole('textbox', { name: 'E-mail address' })]) {
    await field.focus();
    await field.blur();
  }
  await wizard.getByText('Phone number is a required field').first().waitFor();
  await continueButton.press('Enter');
  await wizard.getByRole('group', { name: 'There is a problem' }).waitFor();
  await visit('details, with their messages', wizard);
  for (const [field, value] of [...fields.map((field, index) => [field, ['Ada', 'Lovelace', '07700 900123'][index]]), [wizard.getByRole('textbox', { name: 'E-mail address' }), email]]) {
    await field.fill(value);
  }
  await continueButton.click();

  await wizard.getByText(SUBMITTING).waitFor();
  await visit('submission, sending', wizard);
  release();
  await wizard.getByText(SENT).waitFor();
  await visit('submission, sent', wizard);
  return email;
}

const sentTo = async (email) => (await (await fetch(harness.url('/api/outbox'))).json()).filter((message) => message['h:Reply-To']?.includes(email));

describe('accessibility of every step of the specification-request flow (mobilize-portal.html)', () => {
  it('each step: no axe violations at 1280x800 and 640x400, messages announced and tied to fields, fits 640 and 320 px', async () => {
    const { page, errors } = await harness.open('about:blank');
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(harness.url(PAGE));
    const visited = [];
    const email = await walkSpecRequest(page, async (where, scope) => {
      visited.push(where);
      const messages = await checkEverywhere(page, scope, where);
      if (/message/.test(where)) assert.ok(messages.fields.length > 0, `${where} shows field messages`);
    });
    const steps = ['email', 'cable', 'installation', 'extras', 'installCheck', 'details', 'submission'];
    assert.deepEqual(steps.filter((step) => !visited.some((where) => where.split(' ')[0].replace(/,$/, '') === step)), [], 'steps not checked');
    assert.equal((await sentTo(email)).length, 1);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
