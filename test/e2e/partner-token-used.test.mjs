// One partner verification prices one order (docs/decisions/partner-token-prices-one-order.md), as
// the buyer meets it on marketing-site.html: a monthly order verified and started (the drop-in
// closed), then changed, is started under a new key; the handler refuses the used verification, and
// the wizard says so, drops the verification and offers the contact step for a new code.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { configureMonthly, fillFinance } from './flows.mjs';
import { useHarness } from './harness.mjs';

const harness = useHarness();

const PAGE = '/dist-examples/marketing-site.html';
const USED = 'Your partner discount was already used for another order. Please enter your e-mail address again to be sent a new code.';

describe('a partner verification used for another order', () => {
  it('is refused at the direct-debit start, and the buyer is told and taken to the contact step for a new code', async () => {
    const { page, errors } = await harness.open(PAGE);
    const email = 'robin.once@partner-one.example';
    const { wizard, next } = await configureMonthly(page, undefined, { email, verifyPartnerOn: harness.url });
    const initial = () => wizard.getByRole('region', { name: 'Order summary' }).first().locator('[data-initial-payment]').textContent();
    assert.equal((await initial()).trim(), '£250.00');
    await fillFinance(wizard);
    await next();

    const setUp = wizard.getByRole('button', { name: 'Set up your Direct Debit', exact: true });
    const dropin = page.getByRole('dialog', { name: 'GoCardless Direct Debit (demo)' });
    await setUp.click();
    await dropin.waitFor();
    await dropin.getByRole('button', { name: 'Cancel' }).click();
    await dropin.waitFor({ state: 'detached' });

    // A changed answer makes another request, so the element sends it under a new key.
    await wizard.getByRole('button', { name: 'Back', exact: true }).click();
    await wizard.getByRole('textbox', { name: 'City' }).fill('Leeds');
    await next();
    await setUp.click();
    const alert = wizard.getByRole('alert').filter({ hasText: USED });
    await alert.waitFor();
    assert.equal(await dropin.count(), 0, 'no drop-in for the refused start');
    assert.equal((await initial()).trim(), '£350.00', 'the dropped verification no longer discounts the figures shown');

    await alert.getByRole('button', { name: /^Change your answers/ }).click();
    await wizard.getByRole('button', { name: 'E-mail me a code' }).waitFor();
    assert.equal(await wizard.getByRole('textbox', { name: 'E-mail address' }).inputValue(), email);
    // Chromium logs the refused start (409) as a resource that failed to load; nothing else went wrong.
    const refused = /^console: Failed to load resource: the server responded with a status of 409 .*\/api\/direct-debit\)$/;
    assert.deepEqual(errors.filter((error) => !refused.test(error)), []);
    await page.close();
  });
});
