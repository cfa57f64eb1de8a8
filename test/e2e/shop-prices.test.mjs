// The shop is the source of truth: prices changed in the shop (the Storefront stand-in, steered through
// /api/_control) reach the page, the wizard, the plans and the cart to the penny; a cart that differs from
// what the buyer was shown (a partner code the shop refuses) is told before leaving the page, with both
// figures, and `evc-checkout` carries the cart's figures. The same for the theme cart.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { UK_CATALOGUE } from '../../dist/server.js';
import { assertCheckoutMatches, checkoutPage, configureOrder, partnerDiscountShown, verifyPartnerDiscount, wizardSummary } from './flows.mjs';
import { useHarness } from './harness.mjs';

const harness = useHarness();

const CHARGER = UK_CATALOGUE.baseProduct.variantId;
const DISPLAY = UK_CATALOGUE.addOns.find((addOn) => addOn.id === 'display').variantId;
const DIFFERENCE_DIALOG = 'The shop’s price is different';

const control = async (body) => {
  const response = await fetch(harness.url('/api/_control'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(response.status, 200, `/api/_control answered ${response.status}: ${await response.text()}`);
};

/** Every `evc-checkout` detail the page's element fires, handed to the test as it fires (also when the page then leaves). */
async function recordCheckouts(page) {
  const seen = [];
  await page.exposeFunction('evcCheckoutSeen', (detail) => seen.push(detail));
  await page.locator('ev-charger-configurator').evaluate((host) => {
    host.addEventListener('evc-checkout', (event) => globalThis.evcCheckoutSeen(event.detail));
  });
  return seen;
}

const money = (pence) => `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;

afterEach(() => control({ reset: true }));

describe('prices from the shop', () => {
  it('a price changed in the shop shows on the page, in the wizard and its plans, and the cart charges it', async () => {
    await control({ prices: { [CHARGER]: '649.00', [DISPLAY]: '95.00' } });
    const { page, errors } = await harness.open('/dist-examples/marketing-site.html');
    const element = page.locator('ev-charger-configurator');
    const pageSummary = element.getByRole('region', { name: 'Order summary' }).first();
    await pageSummary.locator('tr[data-line="base"] td').filter({ hasText: '£649.00' }).waitFor();
    assert.equal(await pageSummary.locator('[data-total]').textContent(), '£649.00');
    assert.doesNotMatch(await pageSummary.textContent(), /indicative/, 'the shop answered: the prices are not called indicative');
    const checkouts = await recordCheckouts(page);

    const { wizard, next } = await configureOrder(page);
    await verifyPartnerDiscount(harness.url, wizard);
    await partnerDiscountShown(wizard);
    const summary = await wizardSummary(wizard);
    assert.ok(summary.amounts.includes(64900), 'the wizard prices the charger at the shop’s £649.00');
    assert.ok(summary.amounts.includes(9500), 'and the display at the shop’s £95.00');

    // The payment step showed the same total for paying in full.
    await wizard.getByRole('button', { name: 'Back', exact: true }).click();
    const payInFull = wizard.locator('.evc-option', { has: page.getByRole('radio', { name: /^Pay in full/ }) });
    await partnerDiscountShown(wizard);
    assert.ok((await payInFull.textContent()).includes(money(summary.total)), `"Pay in full" says ${money(summary.total)}`);
    await next();

    await next();
    await page.waitForURL(/\/demo-checkout\//);
    const checkout = await checkoutPage(page);
    assertCheckoutMatches(checkout, summary, 'shop');
    assert.equal(checkouts.length, 1);
    assert.equal(Math.round(checkouts[0].totals.total * 100), checkout.total, 'evc-checkout carries the cart’s total');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('cart="theme" reads the prices from the theme’s own Ajax API (/products/{handle}.js)', async () => {
    await control({ prices: { [CHARGER]: '649.00' } });
    const { page, requests, errors } = await harness.open('/dist-examples/shopify-theme-section.html');
    const summary = page.locator('ev-charger-configurator').getByRole('region', { name: 'Order summary' }).first();
    await summary.locator('tr[data-line="base"] td').filter({ hasText: '£649.00' }).waitFor();
    assert.ok(requests.some((url) => new URL(url).pathname === '/products/charge-point.js'), 'the charger’s price came from /products/charge-point.js');
    assert.deepEqual(errors, []);
    await page.close();
  });

  /** Opens the marketing page (after `prepare(page)`): the summary shows the catalogue's figures as indicative; resolves with the evc-errors heard. */
  async function indicativeFigures(prepare = async () => {}) {
    const reported = [];
    const { page } = await harness.open('about:blank');
    await prepare(page);
    await page.exposeFunction('evcErrorSeen', (detail) => reported.push(detail));
    await page.addInitScript(() => globalThis.document.addEventListener('evc-error', (event) => globalThis.evcErrorSeen(event.detail)));
    await page.goto(harness.url('/dist-examples/marketing-site.html'));
    const summary = page.locator('ev-charger-configurator').getByRole('region', { name: 'Order summary' }).first();
    await summary.getByText('Prices are indicative: the shop could not confirm them.').waitFor();
    assert.equal(await summary.locator('[data-total]').textContent(), '£599.00');
    assert.deepEqual(reported.map((detail) => detail.code), ['shop-prices-failed'], 'the host page hears why');
    await page.close();
    return reported;
  }

  it('a shop that cannot be asked leaves the catalogue’s figures, called indicative, and evc-error says why', async () => {
    await control({ failNext: 1, status: 503 });
    const [reported] = await indicativeFigures();
    assert.match(reported.message, /answered 503/);
  });

  it('when the file that asks the shop (shop-prices.js) does not arrive, the figures are the catalogue’s, called indicative, and evc-error says why', async () => {
    const [reported] = await indicativeFigures((page) => page.route('**/dist/shop-prices.js*', (route) => route.abort()));
    assert.match(reported.message, /^The shop's prices could not be loaded from .*\/dist\/shop-prices\.js/);
  });
});

/**
 * The order of configureOrder (with a partner e-mail) on `path`, its partner discount verified, then
 * its single-use code refused by the shop: the last Continue opens the difference dialog.
 */
async function refusedCodeAtCheckout(path) {
  const { page, errors } = await harness.open(path);
  const checkouts = await recordCheckouts(page);
  const { element, wizard, next } = await configureOrder(page);
  await verifyPartnerDiscount(harness.url, wizard);
  await partnerDiscountShown(wizard);
  const { created } = await (await fetch(harness.url('/api/partner-discount/_log'))).json();
  const code = created.at(-1).code;
  await control({ rejectDiscountCodes: [code] });
  const shown = await wizardSummary(wizard);
  await next();
  const dialog = element.getByRole('dialog', { name: DIFFERENCE_DIALOG });
  await dialog.waitFor();
  return { page, errors, checkouts, wizard, next, shown, dialog, code };
}

describe('checkout charges what was shown, or says why not before leaving', () => {
  for (const [name, path, checkoutUrl] of [
    ['the Storefront cart (marketing-site.html)', '/dist-examples/marketing-site.html', /\/demo-checkout\//],
    ['the theme cart (shopify-theme-section.html)', '/dist-examples/shopify-theme-section.html', /\/checkout(\?|$)/],
  ]) {
    it(`${name}: a partner code the shop refuses is told with both figures; "Go back" shows the shop's, and the next Continue goes on at it`, async () => {
      const { page, errors, checkouts, wizard, next, shown, dialog, code } = await refusedCodeAtCheckout(path);
      assert.equal(await dialog.locator('[data-shown]').textContent(), money(shown.total));
      assert.equal(await dialog.locator('[data-charged]').textContent(), money(shown.total + 10000));
      await dialog.getByText(`The shop did not accept the discount code ${code}, so the discount is not applied.`).waitFor();
      assert.doesNotMatch(page.url(), checkoutUrl, 'still on the page');

      await dialog.getByRole('button', { name: 'Go back' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const after = await wizardSummary(wizard);
      assert.equal(after.total, shown.total + 10000, 'the wizard now shows the shop’s figure');
      assert.ok(!after.names.includes('Partner Discount'), 'and no partner discount');

      // The cart now matches what is shown: on to the checkout without a word.
      await next();
      await page.waitForURL(checkoutUrl);
      const checkout = await checkoutPage(page);
      assert.equal(checkout.total, after.total);
      assert.deepEqual(checkouts.map((detail) => Math.round(detail.totals.total * 100)), [after.total], 'one evc-checkout, at the cart’s figure');
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  it('"Continue at £X" goes to the checkout at the cart’s figure, and evc-checkout carries it', async () => {
    const { page, errors, checkouts, shown, dialog } = await refusedCodeAtCheckout('/dist-examples/marketing-site.html');
    const charged = shown.total + 10000;
    await dialog.getByRole('button', { name: `Continue at ${money(charged)}` }).click();
    await page.waitForURL(/\/demo-checkout\//);
    assert.equal((await checkoutPage(page)).total, charged);
    assert.equal(checkouts.length, 1);
    assert.equal(Math.round(checkouts[0].totals.total * 100), charged, 'evc-checkout carries the cart’s total');
    assert.ok(!checkouts[0].totals.lines.some((line) => line.amount < 0), 'and no discount the cart does not have');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
