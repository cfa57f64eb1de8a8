// The wizard's forms in Chromium, through the element's shadow root: no message before the buyer
// has done anything and the GOV.UK error summary after Continue (order and spec-request modes),
// focus after a failed checkout or request and after each "Try again", an e-mail address with an
// apostrophe, the relay's lengths as maxlength, and the finance step's date of birth.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { focused } from './a11y-checks.mjs';
import { SPEC_REQUEST_SENT, configureMonthly, configureOrder, fillRequest } from './flows.mjs';
import { useHarness } from './harness.mjs';

const harness = useHarness();

const ORDER_PAGE = '/dist-examples/marketing-site.html';
const SPEC_PAGE = '/dist-examples/mobilize-portal.html';
const SHOP_FAILED = 'The shop could not take your request just now. Please try again.';

const postJson = async (path, body) => {
  const response = await fetch(harness.url(path), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(response.status, 200);
};

/** Opens the wizard with the page's Continue; returns it and its own Continue. */
async function openWizard(page) {
  const element = page.locator('ev-charger-configurator');
  await element.getByRole('button', { name: 'Continue' }).click();
  const wizard = element.locator('dialog.evc-wizard');
  await wizard.waitFor();
  return { element, wizard, continueButton: wizard.locator('[part~="next-button"]') };
}

/** The wizard's red texts: field messages, the hint beside Continue and the error summary. */
const redTexts = (wizard) => wizard.locator('.evc-field-error, .evc-wizard-hint, .evc-error-summary').allInnerTexts();

describe('the wizard forms (GOV.UK error pattern)', () => {
  it('order mode: nothing red on arrival; Continue (aria-disabled, still pressable) shows a focused summary whose link focuses the field', async () => {
    const { page, errors } = await harness.open(ORDER_PAGE);
    const { wizard, continueButton } = await openWizard(page);
    await continueButton.click();
    await wizard.locator('.evc-step[data-step="installation"]').waitFor();
    await wizard.getByRole('radio', { name: 'Premium', exact: true }).check();
    assert.deepEqual(await redTexts(wizard), [], 'no message on arrival');
    assert.equal(await continueButton.getAttribute('aria-disabled'), 'true');
    assert.equal(await continueButton.isDisabled(), true, 'announced as disabled');

    await continueButton.press('Enter');
    const summary = wizard.getByRole('group', { name: 'There is a problem' });
    await summary.waitFor();
    assert.equal((await focused(page)).name, 'There is a problem');
    assert.ok(await wizard.locator('.evc-step[data-step="installation"]').isVisible(), 'Continue did not move on');
    const terms = wizard.getByRole('checkbox', { name: /terms/ });
    assert.equal(await terms.getAttribute('aria-invalid'), 'true');
    await summary.getByRole('link', { name: 'Must accept terms & conditions' }).press('Enter');
    assert.match((await focused(page)).name, /terms/);
    assert.equal((await focused(page)).type, 'checkbox');
    await terms.check();
    assert.deepEqual(await redTexts(wizard), [], 'an answer clears its message and the summary');
    assert.equal(await continueButton.getAttribute('aria-disabled'), null);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it("contact step: the 101st character of a name is refused (maxlength), an apostrophe in an address is accepted", async () => {
    const { page, errors } = await harness.open(ORDER_PAGE);
    const { wizard } = await configureOrder(page, undefined, { email: "sean.o'brien@example.ie" });
    // The wizard's own Continue, whatever the last step names it.
    const continueButton = wizard.locator('[part~="next-button"]');
    const email = wizard.getByRole('textbox', { name: 'E-mail address' });
    await email.blur();
    assert.equal(await email.getAttribute('aria-invalid'), null);
    assert.equal(await continueButton.getAttribute('aria-disabled'), null, "sean.o'brien@example.ie is a valid address");
    const first = wizard.getByRole('textbox', { name: 'First name' });
    await first.fill('');
    await first.pressSequentially('a'.repeat(101));
    assert.equal((await first.inputValue()).length, 100);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a failed checkout takes focus; "Try again" gives it to the step title, a second failure takes it again, and the third try checks out', async () => {
    const { page } = await harness.open(ORDER_PAGE);
    const { element, next } = await configureOrder(page);
    await postJson('/api/_control', { failNext: 2, status: 503 });
    try {
      await next();
      const failure = element.getByRole('group', { name: SHOP_FAILED });
      await failure.waitFor();
      let now = await focused(page);
      assert.equal(now.name, SHOP_FAILED, 'the failure has focus');
      assert.equal(now.inElement, true);
      await failure.getByRole('button', { name: 'Try again' }).press('Enter');
      await failure.waitFor();
      now = await focused(page);
      assert.equal(now.name, SHOP_FAILED, 'the second failure has focus');
      await element.getByRole('button', { name: 'Try again' }).press('Enter');
      await page.waitForURL(/\/demo-checkout\//);
    } finally {
      await postJson('/api/_control', { failNext: 0 });
    }
    await page.close();
  });

  it('"Try again" on the checkout keeps focus inside the wizard while it runs', async () => {
    const { page } = await harness.open(ORDER_PAGE);
    const { element, next } = await configureOrder(page);
    await postJson('/api/_control', { failNext: 1, status: 503 });
    // Hold the next cart request so the retry can be watched while it runs.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    try {
      await next();
      const failure = element.getByRole('group', { name: SHOP_FAILED });
      await failure.waitFor();
      await page.route(/\/graphql\.json/, async (route) => {
        await held;
        await route.continue();
      });
      await failure.getByRole('button', { name: 'Try again' }).press('Enter');
      const now = await focused(page);
      assert.equal(now.tag, 'H2', `the step title has focus, not ${now.tag} "${now.name}"`);
      assert.equal(now.inElement, true);
      release();
      await page.waitForURL(/\/demo-checkout\//);
    } finally {
      release();
      await postJson('/api/_control', { failNext: 0 });
    }
    await page.close();
  });

  it('spec-request mode: nothing red on step 01 on arrival; Continue shows the summary; a failed request takes focus and "Try again" sends', async () => {
    const { page, errors } = await harness.open(SPEC_PAGE);
    const { wizard, continueButton } = await openWizard(page);
    await wizard.locator('.evc-step[data-step="email"]').waitFor();
    assert.deepEqual(await redTexts(wizard), [], 'no message on arrival');
    await continueButton.press('Enter');
    await wizard.getByRole('group', { name: 'There is a problem' }).getByRole('link', { name: 'E-mail address is a required field' }).waitFor();
    assert.equal((await focused(page)).name, 'There is a problem');
    assert.equal(await wizard.getByRole('textbox', { name: 'E-mail address' }).getAttribute('maxlength'), '254');
    assert.deepEqual(errors, []);
    await page.close();

    const second = await harness.open(SPEC_PAGE);
    const email = "sean.o'brien@example.ie";
    const { wizard: request, next } = await fillRequest(second.page, email);
    assert.equal(await request.getByRole('textbox', { name: 'First name' }).getAttribute('maxlength'), '100');
    await postJson('/api/mail/_control', { failNext: 3, status: 503 });
    await next();
    const failure = request.getByRole('group', { name: /e-mail service did not accept/ });
    await failure.waitFor();
    assert.match((await focused(second.page)).name, /e-mail service did not accept/);
    await failure.getByRole('button', { name: 'Try again' }).press('Enter');
    const now = await focused(second.page);
    assert.equal(now.tag, 'H2', `the step title has focus, not ${now.tag} "${now.name}"`);
    await request.getByText(SPEC_REQUEST_SENT).waitFor();
    await second.page.close();
  });

  it('finance step: a date of birth in 1800 is refused, a 30-year-old accepted', async () => {
    const { page } = await harness.open(ORDER_PAGE);
    const { wizard } = await configureMonthly(page);
    await wizard.locator('.evc-step[data-step="finance"], .evc-step[data-step="offer"]').first().waitFor();
    const dob = wizard.getByLabel('Date of birth');
    await dob.fill('1800-01-01');
    await dob.blur();
    await wizard.getByText('Enter a real date of birth').waitFor();
    assert.equal(await dob.getAttribute('aria-invalid'), 'true');
    const thirty = `${new Date().getFullYear() - 30}-01-01`;
    await dob.fill(thirty);
    assert.equal(await wizard.getByText('Enter a real date of birth').count(), 0);
    assert.equal(await dob.getAttribute('aria-invalid'), null);
    await page.close();
  });
});
