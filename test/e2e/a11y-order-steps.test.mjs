// Ordering flow on marketing-site.html: every wizard step and dialog has no
// axe-core WCAG 2.2 A/AA violations, also with its validation messages showing (each announced and
// tied to its field), in the large layout (1280x800) and in the small one (640x400, which is 1280x800
// at 200% zoom); at 640x400 and at 320x640 each step and dialog has no sideways scrolling, no control
// under 24x24 px or out of reach, and no text outside its box. The catalogue is the
// embedded one plus an offer, so the offer step is reached; the monthly plan reaches finance and the
// direct debit, before and after the GoCardless stand-in completes; the terms' dialogs too (no terms pages set).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UK_CATALOGUE } from '../../dist/server.js';
import { checkEverywhere, openDialog, visitTermsMessage } from './a11y-checks.mjs';
import { useHarness } from './harness.mjs';

const harness = useHarness();

const PAGE = '/dist-examples/marketing-site.html';
const CATALOGUE = '/a11y/catalogue-with-offer.json';
const OFFER = 'Free cable tidy';
const LONG_PRODUCT_NAME = 'QuartzHomeChargePointSmartWallboxEdition2026';

/** marketing-site.html whose element reads a catalogue with an offer and a long product name, in a 320 px viewport. */
async function openOrderPage() {
  const opened = await harness.open('about:blank');
  const { page } = opened;
  await page.setViewportSize({ width: 320, height: 640 });
  // A merchant's long unbroken product name must wrap, not push the page sideways, at 320 px.
  const baseProduct = { ...UK_CATALOGUE.baseProduct, name: LONG_PRODUCT_NAME };
  await page.route(harness.url(CATALOGUE), (route) => route.fulfill({ json: { ...UK_CATALOGUE, baseProduct, offers: [{ id: 'cable_tidy', name: OFFER }] } }));
  await page.route(harness.url(PAGE), async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('<ev-charger-configurator', `<ev-charger-configurator catalog="${CATALOGUE}"`);
    await route.fulfill({ response, body });
  });
  await page.goto(harness.url(PAGE));
  return opened;
}

/** Leaves each field once (as a buyer tabbing past it), so its message shows. */
async function touch(fields) {
  for (const field of fields) {
    await field.focus();
    await field.blur();
  }
}

/**
 * Walks the ordering flow by role and name: 22kW asked and declined, 7kW 8.5m, standard
 * installation, a cable hook, pay monthly, contact details, no offer, finance, direct debit through
 * the drop-in stand-in. `visit(where, dialog)` is called on each step, each dialog and each step
 * with its messages showing; it may change nothing.
 */
/** Opens the short text behind a "Read …" button (no merchant page set), visits its dialog and closes it. */
async function visitTermsDialog(element, wizard, what, title, visit) {
  await wizard.getByRole('button', { name: `Read ${what}` }).click();
  const dialog = element.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await visit(`the ${title} dialog`, dialog);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function walkOrder(page, visit) {
  const element = page.locator('ev-charger-configurator');
  await element.getByRole('radiogroup', { name: 'Front' }).waitFor();
  await element.getByRole('button', { name: 'Continue' }).click();
  const wizard = element.locator('dialog.evc-wizard');
  const continueButton = wizard.getByRole('button', { name: /^Continue( to checkout)?$/ }).last();
  // Steps checked with their messages showing are not checked before as well.
  const on = async (step, { check = true } = {}) => {
    await wizard.locator(`.evc-step[data-step="${step}"]`).waitFor();
    if (check) await visit(step, wizard);
  };

  await on('cable');
  await wizard.getByRole('radio', { name: '22kW with 6.5m cable' }).check();
  const highPower = element.getByRole('dialog', { name: '22kW charging needs a three-phase supply' });
  await highPower.waitFor();
  await visit('the 22kW confirmation', highPower);
  await highPower.getByRole('button', { name: 'Go back' }).click();
  await highPower.waitFor({ state: 'hidden' });
  await wizard.getByRole('radio', { name: '7kW with 8.5m cable' }).check();
  await wizard.getByRole('button', { name: 'Need help?' }).click();
  const help = element.getByRole('dialog', { name: 'Contact Us' });
  await help.waitFor();
  await visit('the Contact Us dialog', help);
  await help.getByRole('button', { name: 'Close' }).click();
  await help.waitFor({ state: 'hidden' });
  await continueButton.click();

  await on('installation', { check: false });
  await wizard.getByRole('radio', { name: 'Standard', exact: true }).check();
  const terms = wizard.getByRole('checkbox', { name: /terms/ });
  await visitTermsMessage(wizard, terms, visit);
  await visitTermsDialog(element, wizard, 'the terms & conditions', 'Terms & conditions', visit);
  await continueButton.click();

  await on('options');
  await continueButton.click();
  await on('extras');
  await wizard.getByRole('checkbox', { name: /^Cable hook/ }).check();
  await continueButton.click();
  await on('hook');
  await continueButton.click();
  await wizard.locator('.evc-step[data-step="summary"], .evc-step[data-step="payment"]').waitFor();
  if (await wizard.locator('.evc-step[data-step="summary"]').count()) {
    await visit('summary', wizard);
    await continueButton.click();
  }

  await on('payment');
  await wizard.getByRole('radio', { name: /^Pay monthly/ }).check();
  await continueButton.click();

  await on('contact', { check: false });
  const contact = ['First name', 'Last name', 'E-mail address', 'Phone number'].map((name) => wizard.getByRole('textbox', { name }));
  await touch(contact);
  await contact[2].fill('not-an-email');
  await contact[2].blur();
  await wizard.getByText('E-mail address must be a valid email').first().waitFor();
  // Continue, announced disabled but pressable, shows the error summary and gives it focus.
  await continueButton.press('Enter');
  await wizard.getByRole('group', { name: 'There is a problem' }).waitFor();
  await visit('contact, with its messages', wizard);
  for (const [field, value] of contact.map((field, index) => [field, ['Alex', 'Morgan', 'alex.morgan@example.com', '07700 900456'][index]])) {
    await field.fill(value);
  }
  await continueButton.click();

  await on('offer');
  assert.ok(await wizard.getByRole('radio', { name: OFFER }).isVisible(), 'the catalogue offer is offered');
  await wizard.getByRole('radio', { name: 'No thanks' }).check();
  await continueButton.click();

  await on('finance', { check: false });
  const required = ['Legal name', 'Address line 1', 'City', 'Postcode'].map((name) => wizard.getByRole('textbox', { name }));
  await touch([...required, wizard.getByLabel('Date of birth')]);
  for (const name of ['I accept the monthly payment terms', 'I agree to a credit check']) {
    await wizard.getByRole('checkbox', { name }).check();
    await wizard.getByRole('checkbox', { name }).uncheck();
  }
  await wizard.getByText('You must accept the credit check terms to continue.').first().waitFor();
  await visit('finance, with its messages', wizard);
  for (const [field, value] of required.map((field, index) => [field, ['Alexandra Morgan', '1 Example Street', 'London', 'SW1A 1AA'][index]])) {
    await field.fill(value);
  }
  await wizard.getByLabel('Date of birth').fill('1980-05-17');
  await visitTermsDialog(element, wizard, 'the monthly payment terms', 'Monthly payment terms', visit);
  await visitTermsDialog(element, wizard, 'how we use your data', 'How we use your data', visit);
  await wizard.getByRole('checkbox', { name: 'I accept the monthly payment terms' }).check();
  await wizard.getByRole('checkbox', { name: 'I agree to a credit check' }).check();
  await continueButton.click();

  await on('directDebit');
  assert.equal(await wizard.getByText('You must complete the GoCardless form to continue.').count(), 0, 'no message before Continue');
  await continueButton.press('Enter');
  assert.ok(await wizard.getByRole('link', { name: 'You must complete the GoCardless form to continue.' }).isVisible());
  await visit('directDebit, with its error summary', wizard);
  await wizard.getByRole('button', { name: 'Set up your Direct Debit', exact: true }).click();
  const dropin = page.getByRole('dialog', { name: 'GoCardless Direct Debit (demo)' });
  await dropin.getByRole('button', { name: 'Set up Direct Debit', exact: true }).click();
  await wizard.locator('[data-mandate="complete"]').waitFor();
  await visit('directDebit, completed', wizard);
  return element;
}

describe('accessibility of every step of the ordering flow (marketing-site.html)', () => {
  it('each step and dialog: no axe violations at 1280x800 and 640x400, messages announced and tied to fields, fits 640 and 320 px', async () => {
    const { page, errors } = await openOrderPage();
    const visited = [];
    const element = await walkOrder(page, async (where, scope) => {
      visited.push(where);
      const messages = await checkEverywhere(page, scope, where, { large: where !== 'summary' });
      if (/message/.test(where)) assert.ok(messages.fields.length > 0, `${where} shows field messages`);
    });
    const steps = ['cable', 'installation', 'options', 'extras', 'hook', 'summary', 'payment', 'contact', 'offer', 'finance', 'directDebit'];
    assert.deepEqual(steps.filter((step) => !visited.some((where) => where.split(' ')[0].replace(/,$/, '') === step)), [], 'steps not checked');
    assert.ok(await openDialog(element).getByText(/^Step \d+ of \d+$/).isVisible(), "'Step N of M' on a small screen");
    assert.deepEqual(errors, []);
    await page.close();
  });
});
