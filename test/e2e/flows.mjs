// Buyer flows shared by the end-to-end tests: the ordering wizard (pay in full and monthly), the
// specification request, and what the demo's checkout pages and outbox show afterwards. Each flow
// takes the page and, where a page has more than one configurator, the element to drive.
import assert from 'node:assert/strict';

export const HIGH_POWER_DIALOG = '22kW charging needs a three-phase supply';
export const PARTNER_EMAIL = 'someone@partner-one.example';
export const SPEC_REQUEST_SENT = 'Request for upgrade specification sent. You may leave this page now.';

/** "£1,234.50" → 123450; "−£100.00" (minus sign or hyphen) → -10000. */
const pence = (text) => {
  const negative = /^[\s]*[−-]/.test(text);
  const digits = text.replace(/[^\d.]/g, '');
  return Math.round(Number(digits) * 100) * (negative ? -1 : 1);
};

const sorted = (list) => [...list].sort((a, b) => a - b);

/** Opens the element's wizard with the page's Continue; returns the dialog and its own Continue. */
async function openWizard(element) {
  await element.getByRole('button', { name: 'Continue' }).click();
  const wizard = element.locator('dialog.evc-wizard');
  await wizard.waitFor();
  const continueButton = wizard.getByRole('button', { name: /^Continue( to checkout)?$/ }).last();
  return { wizard, continueButton, next: () => continueButton.click() };
}

/**
 * Opens the wizard and configures the test order: 22kW tethered (confirmed), premium
 * installation with its terms, surge protection (three phase with that cable), a cable hook in a
 * metallic colour, display, warranty, pay in full and a partner e-mail (or `email`). Stops on the
 * contact step with every field filled, so the next Continue is the checkout.
 */
export async function configureOrder(page, element = page.locator('ev-charger-configurator'), { email = PARTNER_EMAIL } = {}) {
  const { wizard, next } = await openWizard(element);

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
  await wizard.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await wizard.getByRole('textbox', { name: 'Phone number' }).fill('07700 900123');
  return { element, wizard, next };
}

/** The wizard's running order summary: each line's amount in pence, and the total. */
export async function wizardSummary(wizard) {
  const summary = wizard.getByRole('region', { name: 'Order summary' }).first();
  const amounts = (await summary.locator('tbody td').allTextContents()).map(pence);
  const total = pence(await summary.locator('[data-total]').textContent());
  const names = await summary.locator('tbody th').allTextContents();
  return { amounts, total, names };
}

/** Waits for the partner discount line: at once for a partner's e-mail domain, or with `partner-endpoint` once verified. */
export const partnerDiscountShown = (wizard) =>
  wizard.getByRole('region', { name: 'Order summary' }).first().locator('tbody td').filter({ hasText: /^[−-]/ }).waitFor();

/** The template of the partner-discount handler's message in the demo's outbox. */
export const PARTNER_CODE_TEMPLATE = 'partner-discount-code';

/** The newest one-time code the demo's outbox holds for `email`, as the buyer reads it in the mail. */
export async function partnerCodeFor(url, email) {
  const messages = await (await fetch(url('/api/outbox'))).json();
  const message = messages.findLast((entry) => entry.template === PARTNER_CODE_TEMPLATE && entry.to === email);
  assert.ok(message, `a partner-discount code for ${email} is in the outbox`);
  return JSON.parse(message['t:variables']).code;
}

/**
 * With `partner-endpoint`, on the contact step with `email` typed: asks for the code, reads it from
 * the outbox, enters it and waits until the discount applies.
 */
export async function verifyPartnerDiscount(url, wizard, email = PARTNER_EMAIL) {
  await wizard.getByRole('button', { name: 'E-mail me a code' }).click();
  await wizard.getByText(`We have sent a nine-digit code to ${email}.`).waitFor();
  await wizard.getByRole('textbox', { name: 'Nine-digit code' }).fill(await partnerCodeFor(url, email));
  await wizard.getByRole('button', { name: 'Verify' }).click();
  await wizard.getByText('Partner Discount applied: your address is confirmed.').waitFor();
}

/** What the demo checkout page lists: each line's total, the discounts and the total, in pence. */
export async function checkoutPage(page) {
  const lines = (await page.locator('main table tbody td.amount').allTextContents()).map(pence);
  const discounts = (await page.locator('main table tfoot tr').filter({ hasText: 'Discount' }).locator('td').allTextContents()).map(pence);
  const total = pence(await page.locator('main table tfoot tr.total td').textContent());
  return { lines, discounts, total };
}

/** Asserts that a checkout page holds every priced line of the wizard's summary and its total. */
export function assertCheckoutMatches(checkout, summary, where) {
  assert.equal(checkout.total, summary.total, `the ${where} total equals the wizard total`);
  assert.deepEqual(
    sorted(checkout.lines.filter((amount) => amount !== 0)),
    sorted(summary.amounts.filter((amount) => amount > 0)),
    `every priced line of the summary is a ${where} line at the same price`,
  );
}

/**
 * Configures 7kW 8.5m tethered, standard installation, pay monthly, and fills the contact step with
 * `email`; with `verifyPartnerOn` (the demo's URL maker), verifies its partner discount there first.
 */
export async function configureMonthly(page, element = page.locator('ev-charger-configurator'), { email = 'alex.morgan@example.com', verifyPartnerOn } = {}) {
  const { wizard, continueButton, next } = await openWizard(element);

  await wizard.getByRole('radio', { name: '7kW with 8.5m cable' }).check();
  await next();
  await wizard.getByRole('radio', { name: 'Standard', exact: true }).check();
  await wizard.getByRole('checkbox', { name: /terms/ }).check();
  await next();
  await next(); // options
  await wizard.getByRole('checkbox', { name: /^Digital display/ }).check();
  await next(); // extras

  const monthly = wizard.getByRole('radio', { name: /^Pay monthly/ });
  await monthly.check();
  // PRICE-4, PRICE-5: 8.5m cable 1.75 + standard installation 31 + display 3 = £35.75 a month; £350.00 + 36 × £35.75
  // = £1,637.00 over the term, whatever the shop's prices (the plan's amounts are the catalogue's).
  const figures = await wizard.locator('.evc-option', { has: page.getByRole('radio', { name: /^Pay monthly/ }) }).textContent();
  assert.match(figures, /£350\.00 initial payment, then 36 monthly payments of £35\.75/);
  assert.match(figures, /then £1\.00 per year from the end of the 36 months, for as long as you keep the plan Total payable £1,637\.00 over 36 months \(.+ than paying in full\)/);
  await next();

  await wizard.getByRole('textbox', { name: 'First name' }).fill('Alex');
  await wizard.getByRole('textbox', { name: 'Last name' }).fill('Morgan');
  await wizard.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await wizard.getByRole('textbox', { name: 'Phone number' }).fill('07700 900456');
  if (verifyPartnerOn) await verifyPartnerDiscount(verifyPartnerOn, wizard, email);
  await next();
  return { element, wizard, continueButton, next };
}

export const DATE_OF_BIRTH = '1980-05-17';

/** Fills every answer of the finance step. */
export async function fillFinance(wizard) {
  await wizard.getByRole('combobox', { name: 'Title' }).selectOption('Dr');
  await wizard.getByRole('textbox', { name: 'Legal name' }).fill('Alexandra Morgan');
  await wizard.getByRole('textbox', { name: 'Address line 1' }).fill('1 Example Street');
  await wizard.getByRole('textbox', { name: 'City' }).fill('London');
  await wizard.getByRole('textbox', { name: 'Postcode' }).fill('sw1a 1aa');
  await wizard.getByLabel('Date of birth').fill(DATE_OF_BIRTH);
  await wizard.getByRole('checkbox', { name: 'I accept the monthly payment terms' }).check();
  await wizard.getByRole('checkbox', { name: 'I agree to a credit check' }).check();
}

/** Specification request steps 01 to 06; Continue from 06 enters 07, which sends. */
export async function fillRequest(page, email, element = page.locator('ev-charger-configurator')) {
  const { wizard, next } = await openWizard(element);
  await wizard.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await next();
  await wizard.getByRole('radio', { name: 'Tethered', exact: true }).check();
  await wizard.getByRole('radio', { name: '7kW with 8.5m cable' }).check();
  await next();
  await wizard.getByRole('checkbox').check(); // the chosen installation option's terms
  await next();
  await wizard.getByRole('checkbox', { name: 'Digital display' }).check();
  await next();
  await wizard.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await wizard.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
  await wizard.getByRole('textbox', { name: 'Phone number' }).fill('07700 900123');
  return { element, wizard, next };
}

/** The messages in the demo's outbox (`GET /api/outbox`) whose Reply-To is `email`. */
export async function outboxFor(url, email) {
  const messages = await (await fetch(url('/api/outbox'))).json();
  return messages.filter((message) => message['h:Reply-To']?.includes(email));
}
