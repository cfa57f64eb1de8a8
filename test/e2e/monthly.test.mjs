// A monthly-plan order on marketing-site.html against the demo's stand-ins: the
// finance step, the direct-debit step with the GoCardless drop-in stand-in (cancelled once, then
// completed), the webhook recording fulfilment, and the draft order the handler then makes
// (docs/decisions/monthly-plan-draft-order.md) carrying the plan, the flow id and the mandate, never
// the date of birth; its checkout opens with the finance address as the shipping address.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DATE_OF_BIRTH as DOB, configureMonthly, fillFinance } from './flows.mjs';
import { useHarness } from './harness.mjs';

const harness = useHarness();

const PAGE = '/dist-examples/marketing-site.html';
const DROPIN = '/gocardless/dropin/v2/initialise.js';
const GOCARDLESS_MESSAGE = 'You must complete the GoCardless form to continue.';

describe('the monthly plan on marketing-site.html', () => {
  it('finance, direct debit through the drop-in (cancelled, then completed), then the checkout of a draft order with the plan', async () => {
    const { page, errors, requests } = await harness.open(PAGE);
    const { element, wizard, continueButton, next } = await configureMonthly(page);

    // The order summary shows monthly lines once the monthly plan is chosen.
    const summary = wizard.getByRole('region', { name: 'Order summary' }).first();
    assert.equal((await summary.locator('[data-monthly-payment]').textContent()).trim(), '£35.75');

    // Finance step: Continue waits for every answer; the acceptances carry VALID-5's messages.
    await wizard.getByRole('heading', { name: /finance/i }).first().waitFor();
    assert.equal(await continueButton.isDisabled(), true);
    await fillFinance(wizard);
    await wizard.getByRole('checkbox', { name: 'I agree to a credit check' }).uncheck();
    await wizard.getByText('You must accept the credit check terms to continue.').first().waitFor();
    assert.equal(await continueButton.isDisabled(), true);
    await wizard.getByRole('checkbox', { name: 'I agree to a credit check' }).check();
    await next();

    // Direct-debit step: the drop-in script is loaded here and not before.
    assert.equal(requests.some((url) => url.includes(DROPIN)), false, 'no drop-in script before the direct-debit step');
    assert.equal(await continueButton.isDisabled(), true);
    // The reason shows once Continue is pressed: in the error summary, linking to the set-up.
    await continueButton.press('Enter');
    await wizard.getByRole('link', { name: GOCARDLESS_MESSAGE }).waitFor();

    const setUp = wizard.getByRole('button', { name: 'Set up your Direct Debit', exact: true });
    const dropin = page.getByRole('dialog', { name: 'GoCardless Direct Debit (demo)' });
    await setUp.click();
    await dropin.waitFor();
    assert.ok(requests.some((url) => url.includes(DROPIN)), 'the drop-in script is loaded on the direct-debit step');
    // The drop-in sits above the wizard and takes clicks (the wizard is not modal meanwhile).
    await dropin.getByRole('button', { name: 'Cancel' }).click();
    await dropin.waitFor({ state: 'detached' });
    await wizard.getByText('You closed the GoCardless form before finishing.', { exact: false }).waitFor();
    assert.equal(await continueButton.isDisabled(), true);

    await setUp.click();
    await dropin.waitFor();
    await dropin.getByRole('button', { name: 'Set up Direct Debit', exact: true }).click();
    await dropin.waitFor({ state: 'detached' });
    const confirmation = wizard.locator('[data-mandate="complete"]');
    await confirmation.waitFor();
    const flowId = /reference: (\S+)/.exec(await confirmation.textContent())?.[1];
    assert.match(flowId ?? '', /^BRF/);
    assert.equal(await continueButton.isDisabled(), false);
    // The wizard is modal again: the page behind it is inert.
    assert.equal(await wizard.evaluate((dialog) => dialog.matches(':modal')), true);

    // Nothing on this device holds the date of birth.
    const stored = await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]));
    assert.equal(stored.includes(DOB), false, 'the date of birth is not in web storage');
    assert.ok(stored.includes('Alexandra Morgan'), 'the finance answers are in the session');

    // The handler's webhook recorded fulfilment (the drop-in's success alone does not prove it).
    const origin = new URL(harness.url('/')).origin;
    const status = await (await fetch(harness.url(`/api/direct-debit?flowId=${encodeURIComponent(flowId)}`), { headers: { Origin: origin } })).json();
    assert.equal(status.status, 'fulfilled');
    assert.match(status.mandateId ?? '', /^MD/);

    await next();
    await page.waitForURL(/\/demo-invoice\//);
    const text = await page.locator('main').textContent();
    for (const expected of ['Pay monthly', flowId, status.mandateId, 'Alexandra Morgan', '36 × £35.75', 'Monthly plan: balance by Direct Debit', '1 Example Street', 'SW1A 1AA']) {
      assert.ok(text.includes(expected), `the draft order carries ${expected}`);
    }
    assert.equal((await page.locator('tr.due-today td').textContent()).trim(), '£350.00');
    for (const forbidden of [DOB, '17/05/1980', '1980']) {
      assert.equal(text.includes(forbidden), false, `the draft order does not carry ${forbidden}`);
    }
    // The finance step's address is the shipping address the checkout opens with.
    const delivery = page.getByRole('region', { name: 'Shipping address' });
    assert.deepEqual(
      (await delivery.locator('address').innerText()).split('\n'),
      ['Alex Morgan', '1 Example Street', 'London SW1A 1AA', 'United Kingdom', '+447700900456'],
    );
    const leads = await (await fetch(harness.url('/api/store-cart'))).json();
    const lead = leads.findLast((entry) => entry.email === 'alex.morgan@example.com');
    assert.ok(lead, 'the lead was captured');
    assert.deepEqual(lead.wizardSteps, ['cable', 'installation', 'options', 'extras', 'payment', 'contact', 'finance', 'directDebit']);
    assert.equal(JSON.stringify(lead).includes(DOB), false, 'the lead does not carry the date of birth');
    assert.deepEqual(errors, []);
    void element;
    await page.close();
  });

  it('a failing direct-debit endpoint is shown with a way on, and trying again works', async () => {
    const { page, errors } = await harness.open(PAGE);
    const { wizard } = await configureMonthly(page);
    await fillFinance(wizard);
    await wizard.getByRole('button', { name: 'Continue', exact: true }).last().click();
    const control = (body) =>
      fetch(harness.url('/api/direct-debit/_control'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    await control({ failNext: 1, status: 503 });
    try {
      await wizard.getByRole('button', { name: 'Set up your Direct Debit', exact: true }).click();
      await wizard.getByRole('alert').filter({ hasText: 'We could not start the Direct Debit set-up. Please try again.' }).waitFor();
      await wizard.getByRole('button', { name: 'Set up your Direct Debit', exact: true }).click();
      const dropin = page.getByRole('dialog', { name: 'GoCardless Direct Debit (demo)' });
      await dropin.getByRole('button', { name: 'Set up Direct Debit', exact: true }).click();
      await wizard.locator('[data-mandate="complete"]').waitFor();
    } finally {
      await control({ failNext: 0 });
    }
    // Chromium logs the 502 itself; nothing else went wrong on the page.
    assert.deepEqual(errors.filter((error) => !/status of 502/.test(error)), []);
    await page.close();
  });
});
