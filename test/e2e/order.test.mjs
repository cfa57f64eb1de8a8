// Issue 4 "Tests": an order completed on marketing-site.html against the demo shop stand-in, whose
// checkout page must hold the very lines and total the wizard showed; then a failure run where the
// shop answers 503 once, the wizard shows the error with "Try again", and trying again completes it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useHarness } from './harness.mjs';

const harness = useHarness();

const PAGE = '/dist-examples/marketing-site.html';
const PARTNER_EMAIL = 'someone@partner-one.example';
const HIGH_POWER_DIALOG = '22kW charging needs a three-phase supply';

const postJson = async (path, body) => {
  const response = await fetch(harness.url(path), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(response.status, 200, `${path} answered ${response.status}`);
  return response.json();
};

/** "£1,234.50" → 123450; "−£100.00" (minus sign or hyphen) → -10000. */
const pence = (text) => {
  const negative = /^[\s]*[−-]/.test(text);
  const digits = text.replace(/[^\d.]/g, '');
  return Math.round(Number(digits) * 100) * (negative ? -1 : 1);
};

const sorted = (list) => [...list].sort((a, b) => a - b);

/**
 * Opens the wizard and configures the order of issue 4's test: 22kW tethered (confirmed), premium
 * installation with its terms, surge protection (three phase with that cable), a cable hook in a
 * metallic colour, display, warranty, pay in full and a partner e-mail. Stops on the contact step
 * with every field filled, so the next Continue is the checkout.
 */
async function configureOrder(page) {
  const element = page.locator('ev-charger-configurator');
  await element.getByRole('button', { name: 'Continue' }).click();
  const wizard = element.locator('dialog.evc-wizard');
  await wizard.waitFor();
  const next = () => wizard.getByRole('button', { name: 'Continue', exact: true }).last().click();

  await wizard.getByRole('radio', { name: '22kW with 6.5m cable' }).check();
  const confirm = element.getByRole('dialog', { name: HIGH_POWER_DIALOG });
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await confirm.waitFor({ state: 'hidden' });
  // The confirmation's Continue moves on to the installation step by itself.

  await wizard.getByRole('radio', { name: 'Premium', exact: true }).check();
  await wizard.getByRole('checkbox', { name: /terms/ }).check();
  await next();

  await wizard.getByRole('checkbox', { name: /^Surge protection/ }).check();
  await next();

  await wizard.getByRole('checkbox', { name: /^Cable hook/ }).check();
  await wizard.getByRole('checkbox', { name: /^Digital display/ }).check();
  await wizard.getByRole('checkbox', { name: /^Extended warranty/ }).check();
  await next();

  await wizard.getByRole('radiogroup', { name: 'Cable hook colour' }).getByRole('radio', { name: /^Maranello Red/ }).check();
  await next();

  await wizard.getByRole('radio', { name: /^Pay in full/ }).check();
  await next();

  await wizard.getByRole('textbox', { name: 'First name' }).fill('Sam');
  await wizard.getByRole('textbox', { name: 'Last name' }).fill('Lee');
  await wizard.getByRole('textbox', { name: 'E-mail address' }).fill(PARTNER_EMAIL);
  await wizard.getByRole('textbox', { name: 'Phone number' }).fill('07700 900123');
  return { element, wizard, next };
}

/** The wizard's running order summary: each line's amount in pence, and the total. */
async function wizardSummary(wizard) {
  const summary = wizard.getByRole('region', { name: 'Order summary' }).first();
  const amounts = (await summary.locator('tbody td').allTextContents()).map(pence);
  const total = pence(await summary.locator('[data-total]').textContent());
  const names = await summary.locator('tbody th').allTextContents();
  return { amounts, total, names };
}

/** What the demo checkout page lists: each line's total, the discounts and the total, in pence. */
async function checkoutPage(page) {
  const lines = (await page.locator('main table tbody td.amount').allTextContents()).map(pence);
  const discounts = (await page.locator('main table tfoot tr').filter({ hasText: 'Discount' }).locator('td').allTextContents()).map(pence);
  const total = pence(await page.locator('main table tfoot tr.total td').textContent());
  return { lines, discounts, total };
}

describe('ordering on marketing-site.html', () => {
  it('completes an order: the shop receives the wizard summary lines and total, and the lead is captured', async () => {
    const { page, errors } = await harness.open(PAGE);
    const { wizard, next } = await configureOrder(page);
    // The partner discount shows as a negative line as soon as the e-mail's domain matches.
    await wizard.getByRole('region', { name: 'Order summary' }).first().locator('tbody td').filter({ hasText: /^[−-]/ }).waitFor();
    const summary = await wizardSummary(wizard);
    for (const name of ['22kW with 6.5m cable', 'Surge Protection three phase', 'Metallic Cable Hook Finish', 'Digital display', 'Partner Discount']) {
      assert.ok(summary.names.includes(name), `the summary lists ${name}`);
    }

    await next();
    await page.waitForURL(/\/demo-checkout\/[^/?]+\?(.*&)?_fd=0/);
    const checkout = await checkoutPage(page);

    assert.equal(checkout.total, summary.total, 'the shop total equals the wizard total');
    const shopLines = checkout.lines.filter((amount) => amount !== 0);
    const wizardLines = summary.amounts.filter((amount) => amount > 0);
    assert.deepEqual(sorted(shopLines), sorted(wizardLines), 'every priced line of the summary is a cart line at the same price');
    assert.deepEqual(
      checkout.discounts,
      summary.amounts.filter((amount) => amount < 0),
      'the partner discount is the one discount, at the summary amount',
    );
    await page.getByText('PARTNER100: applied').waitFor();
    await page.getByText(PARTNER_EMAIL).first().waitFor();

    // Spec §7.2: the form values reached store-cart-endpoint, without the date of birth.
    const leads = await (await fetch(harness.url('/api/store-cart'))).json();
    const lead = leads.findLast((entry) => entry.email === PARTNER_EMAIL);
    assert.ok(lead, 'a lead with the buyer e-mail was captured');
    assert.equal(lead['first-name'], 'Sam');
    assert.equal(lead.cable.name, '22kW with 6.5m cable');
    assert.equal(lead.withCableHook, true);
    assert.equal('dob' in lead, false);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('cart="theme" (shopify-theme-section.html): the same order goes into the theme cart and its checkout', async () => {
    const { page, errors } = await harness.open('/dist-examples/shopify-theme-section.html');
    const { wizard, next } = await configureOrder(page);
    await wizard.getByRole('region', { name: 'Order summary' }).first().locator('tbody td').filter({ hasText: /^[−-]/ }).waitFor();
    const summary = await wizardSummary(wizard);
    await next();
    await page.waitForURL(/\/checkout(\?|$)/);
    const checkout = await checkoutPage(page);
    assert.equal(checkout.total, summary.total, 'the theme checkout total equals the wizard total');
    assert.deepEqual(
      sorted(checkout.lines.filter((amount) => amount !== 0)),
      sorted(summary.amounts.filter((amount) => amount > 0)),
      'every priced line of the summary is a theme cart line at the same price',
    );
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
      const alert = element.getByRole('alert').filter({ hasText: 'The shop could not take your request just now. Please try again.' });
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
