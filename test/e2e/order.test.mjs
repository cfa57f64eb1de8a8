// An order completed on marketing-site.html against the demo shop stand-in, whose
// checkout page must hold the very lines and total the wizard showed; then a failure run where the
// shop answers 503 once, the wizard shows the error with "Try again", and trying again completes it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HIGH_POWER_DIALOG, PARTNER_EMAIL, assertCheckoutMatches, checkoutPage, configureOrder, partnerDiscountShown, verifyPartnerDiscount, wizardSummary } from './flows.mjs';
import { useHarness } from './harness.mjs';

const harness = useHarness();

const PAGE = '/dist-examples/marketing-site.html';

const postJson = async (path, body) => {
  const response = await fetch(harness.url(path), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(response.status, 200, `${path} answered ${response.status}`);
  return response.json();
};

describe('ordering on marketing-site.html', () => {
  it('completes an order: the shop receives the wizard summary lines and total, and the lead is captured', async () => {
    const { page, errors } = await harness.open(PAGE);
    const { wizard, next } = await configureOrder(page);
    // The page sets partner-endpoint: the partner discount shows as a negative line once its code is verified.
    await verifyPartnerDiscount(harness.url, wizard);
    await partnerDiscountShown(wizard);
    const summary = await wizardSummary(wizard);
    for (const name of ['22kW with 6.5m cable', 'Surge Protection three phase', 'Cable hook (metallic finish)', 'Digital display', 'Partner Discount']) {
      assert.ok(summary.names.includes(name), `the summary lists ${name}`);
    }

    await next();
    await page.waitForURL(/\/demo-checkout\/[^/?]+\?(.*&)?_fd=0/);
    const checkout = await checkoutPage(page);

    assertCheckoutMatches(checkout, summary, 'shop');
    assert.deepEqual(
      checkout.discounts,
      summary.amounts.filter((amount) => amount < 0),
      'the partner discount is the one discount, at the summary amount',
    );
    await page.getByText(/^PARTNER-[0-9A-Z]{12}: applied$/).waitFor();
    await page.getByText(PARTNER_EMAIL).first().waitFor();

    // LEAD-1: the form values reached store-cart-endpoint, without the date of birth.
    const leads = await (await fetch(harness.url('/api/store-cart'))).json();
    const lead = leads.findLast((entry) => entry.email === PARTNER_EMAIL);
    assert.ok(lead, 'a lead with the buyer e-mail was captured');
    assert.equal(lead['first-name'], 'Sam');
    assert.equal(lead.cable.name, '22kW with 6.5m cable');
    assert.equal(lead.withCableHook, true);
    assert.equal('dob' in lead, false);
    // The path walked, up to the step whose Continue sent it.
    assert.deepEqual(lead.wizardSteps, ['cable', 'installation', 'options', 'extras', 'hook', 'payment', 'contact']);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it("the 22kW dialog's Continue sends the lead too, with the path as walked back to the first step", async () => {
    const { page, errors } = await harness.open(PAGE);
    const { element, wizard } = await configureOrder(page);
    const email = 'walked-back@home.example';
    await wizard.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    const back = wizard.getByRole('button', { name: 'Back', exact: true });
    // Contact, payment, hook colour, extras, options, installation: back to the cable.
    for (let step = 0; step < 6; step += 1) await back.click();
    await wizard.getByRole('radio', { name: '22kW socket' }).check();
    const confirm = element.getByRole('dialog', { name: HIGH_POWER_DIALOG });
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/store-cart') && response.request().method() === 'POST');
    await confirm.getByRole('button', { name: 'Continue' }).click();
    assert.equal((await sent).status(), 200);
    await wizard.getByRole('radio', { name: 'Premium', exact: true }).waitFor();

    const leads = (await (await fetch(harness.url('/api/store-cart'))).json()).filter((entry) => entry.email === email);
    assert.equal(leads.length, 1, 'one lead: Back sends none, the dialog\'s Continue one');
    assert.equal(leads[0].cable.name, '22kW socket');
    assert.deepEqual(leads[0].wizardSteps, ['cable']);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('cart="theme" (shopify-theme-section.html): the same order goes into the theme cart and its checkout', async () => {
    const { page, errors } = await harness.open('/dist-examples/shopify-theme-section.html');
    const { wizard, next } = await configureOrder(page);
    await verifyPartnerDiscount(harness.url, wizard);
    await partnerDiscountShown(wizard);
    const summary = await wizardSummary(wizard);
    await next();
    await page.waitForURL(/\/checkout(\?|$)/);
    assertCheckoutMatches(await checkoutPage(page), summary, 'theme checkout');
    await page.getByText('Maranello Red').first().waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a shop failure is shown with "Try again", reported as evc-error, and trying again completes the order', async () => {
    const { page } = await harness.open(PAGE);
    // The host page's view of failures: every evc-error's detail, kept on the element.
    await page.locator('ev-charger-configurator').evaluate((host) => {
      const seen = [];
      host.addEventListener('evc-error', (event) => {
        seen.push(event.detail);
        host.dataset['testErrors'] = JSON.stringify(seen);
      });
    });
    const { element, wizard, next } = await configureOrder(page);
    const { total } = await wizardSummary(wizard);

    await postJson('/api/_control', { failNext: 1, status: 503 });
    try {
      await next();
      // The failure takes focus, named by its message.
      const alert = element.getByRole('group', { name: 'The shop could not take your request just now. Please try again.' });
      await alert.waitFor();
      const reported = JSON.parse((await element.getAttribute('data-test-errors')) ?? '[]');
      assert.deepEqual(reported.map((error) => error.code), ['HTTP_ERROR']);
      // The buyer's choices are intact: the same total, still on the same step.
      assert.equal((await wizardSummary(wizard)).total, total);
      assert.equal(await wizard.getByRole('textbox', { name: 'E-mail address' }).inputValue(), PARTNER_EMAIL);

      await element.getByRole('button', { name: 'Try again' }).click();
      await page.waitForURL(/\/demo-checkout\//);
      assert.equal((await checkoutPage(page)).total, total);
    } finally {
      await postJson('/api/_control', { failNext: 0 });
    }
    await page.close();
  });
});
