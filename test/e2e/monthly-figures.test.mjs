// The monthly plan's figures hold together on the demo: the shop's checkout charges today the initial
// payment the wizard showed (the draft order the handler makes, less the partner discount), the Direct Debit
// is set up for the monthly payment the wizard showed (what the GoCardless stand-in received), and a
// build with nothing paid monthly cannot choose the monthly plan at all.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PARTNER_EMAIL, configureMonthly, fillFinance } from './flows.mjs';
import { useHarness } from './harness.mjs';

const harness = useHarness();

const PAGE = '/dist-examples/marketing-site.html';
const NOTHING_MONTHLY = 'Nothing on this order is paid monthly: choose pay in full or pay in 3';
const API_HEADERS = { Authorization: 'Bearer demo-gocardless-token', 'GoCardless-Version': '2015-07-06' };

/** A resource as the GoCardless stand-in keeps it (`billing_requests`, `billing_request_flows`). */
async function gocardless(collection, id) {
  const response = await fetch(harness.url(`/gocardless-api/${collection}/${encodeURIComponent(id)}`), { headers: API_HEADERS });
  assert.equal(response.status, 200, `${collection}/${id} is known to the stand-in`);
  return (await response.json())[collection];
}

const THEME_PAGE = '/dist-examples/shopify-theme-section.html';

/**
 * The theme section page with the monthly plan on offer: the same merchant settings plus the
 * direct-debit handler and its drop-in, as a merchant turns the plan on.
 */
async function openThemeWithMonthlyPlan() {
  const opened = await harness.open('about:blank');
  const url = harness.url(THEME_PAGE);
  await opened.page.route(url, async (route) => {
    const html = await (await route.fetch()).text();
    const body = html.replace('<ev-charger-configurator', '<ev-charger-configurator direct-debit-endpoint="/api/direct-debit" direct-debit-dropin-src="/gocardless/dropin/v2/initialise.js"');
    await route.fulfill({ body, contentType: 'text/html' });
  });
  await opened.page.goto(url);
  return opened;
}

/** "£1,637.00" → 163700. */
const pence = (text) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

describe('the monthly plan: what the shop charges today and what the Direct Debit collects are the figures shown', () => {
  // 8.5m cable £1.75 + standard installation £31.00 + display £3.00 = £35.75 a month (PRICE-5); the
  // partner discount (£100), verified by its code (the pages set partner-endpoint), comes off the
  // initial payment; total payable = initial + 36 × £35.75.
  for (const [who, email, verified, initialPayment, totalPayable, theme] of [
    ['without a partner discount', 'alex.morgan@example.com', false, '£350.00', '£1,637.00', false],
    ['with a partner e-mail not verified', PARTNER_EMAIL, false, '£350.00', '£1,637.00', false],
    ['with the partner discount verified', PARTNER_EMAIL, true, '£250.00', '£1,537.00', false],
    ['in the theme cart (cart="theme"), with the partner discount verified', PARTNER_EMAIL, true, '£250.00', '£1,537.00', true],
  ]) {
    it(who, async () => {
      const { page, errors } = theme ? await openThemeWithMonthlyPlan() : await harness.open(PAGE);
      const { wizard, next } = await configureMonthly(page, undefined, { email, verifyPartnerOn: verified ? harness.url : undefined });
      const summary = wizard.getByRole('region', { name: 'Order summary' }).first();
      const shown = async (selector) => (await summary.locator(selector).textContent()).trim();
      assert.equal(await shown('[data-initial-payment]'), initialPayment);
      assert.equal(await shown('[data-monthly-payment]'), '£35.75');
      assert.equal(await shown('[data-total-payable]'), totalPayable);

      await fillFinance(wizard);
      await next();
      await wizard.getByRole('button', { name: 'Set up your Direct Debit', exact: true }).click();
      const dropin = page.getByRole('dialog', { name: 'GoCardless Direct Debit (demo)' });
      await dropin.getByRole('button', { name: 'Set up Direct Debit', exact: true }).click();
      const confirmation = wizard.locator('[data-mandate="complete"]');
      await confirmation.waitFor();
      const flowId = /reference: (\S+)/.exec(await confirmation.textContent())?.[1];

      // The Direct Debit GoCardless was asked to set up: the monthly payment and initial payment shown.
      const flow = await gocardless('billing_request_flows', flowId);
      const { metadata } = await gocardless('billing_requests', flow.links.billing_request);
      assert.equal(Number(metadata.monthly_payment_pence), pence(await shown('[data-monthly-payment]')));
      assert.equal(Number(metadata.initial_payment_pence), pence(initialPayment));

      // The shop's checkout charges today exactly the initial payment shown, no more.
      await next();
      // A theme's page too: the draft order is paid at its own checkout, not the theme's cart.
      await page.waitForURL(/\/demo-invoice\//);
      assert.equal((await page.locator('tr.due-today td').textContent()).trim(), initialPayment);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  it('a default build (nothing paid monthly) cannot choose the monthly plan', async () => {
    const { page, errors } = await harness.open(PAGE);
    await page.locator('ev-charger-configurator').getByRole('button', { name: 'Continue' }).click();
    const wizard = page.locator('ev-charger-configurator dialog.evc-wizard');
    const continueButton = wizard.getByRole('button', { name: 'Continue', exact: true }).last();
    await continueButton.click(); // the 7kW socket
    await wizard.getByRole('checkbox', { name: /terms/ }).check(); // no installation, its terms
    await continueButton.click();
    await continueButton.click(); // options
    await continueButton.click(); // extras
    await wizard.getByRole('radiogroup', { name: 'How would you like to pay?' }).waitFor();

    const monthly = wizard.getByRole('radio', { name: 'Pay monthly' });
    assert.equal(await monthly.isDisabled(), true);
    // `has` is matched inside each option, so it names the radio from the page rather than the wizard.
    const optionOf = (name) => wizard.locator('.evc-option', { has: page.getByRole('radio', { name }) });
    const option = optionOf('Pay monthly');
    assert.ok((await option.textContent()).includes(NOTHING_MONTHLY), 'the reason is beside the plan');
    assert.equal((await option.textContent()).includes('£0.00'), false, 'no monthly payment of £0.00 is offered');
    await monthly.click({ force: true });
    assert.equal(await monthly.isChecked(), false);
    assert.equal(await continueButton.isDisabled(), true);

    // The two other plans state their total payable: the pay-in-full price, £599.00.
    const payIn3 = wizard.getByRole('radio', { name: 'Pay in 3' });
    assert.ok((await optionOf('Pay in 3').textContent()).includes('Total payable £599.00, the same as paying in full'));
    await payIn3.check();
    assert.equal(await continueButton.isDisabled(), false);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
