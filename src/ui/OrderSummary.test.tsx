import { afterEach, describe, expect, it } from 'vitest';
import { updateForm } from '../stores/form-answers';
import { choose, chooseExtra, choosePaymentType } from '../stores/wizard-choices';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { withShopPrices } from '../domain/shop-prices';
import { OrderSummary, PRICES_INDICATIVE, PRICES_WITHOUT_SHOP } from './OrderSummary';
import { byRole, cleanup, render, textOf, update } from './testing';
import { PriceHeader } from './wizard/layout';

afterEach(cleanup);

/** The summary's rows as [label, amount] pairs, body then foot. */
const rows = (container: HTMLElement) =>
  [...container.querySelectorAll('[part="summary"] tr')]
    .filter((row) => row.querySelector('td'))
    .map((row) => [textOf(row.querySelector('th')), textOf(row.querySelector('td'))]);

describe('order summary: pay in full and the monthly plan (PRICE-7, PRICE-4)', () => {
  it('switches to per-month lines, the initial payment and the monthly payment when the monthly plan is chosen, and back', () => {
    const { container, store } = render(<OrderSummary />);
    update(() => {
      choose(store, { type: 'chooseCable', cable: 'tethered_7kw_8_5m' });
      choose(store, { type: 'chooseInstallation', installation: 'premium_7kw' });
      chooseExtra(store, 'display', true);
    });
    const payInFull = [
      ['Charge Point', '£599.00'],
      ['7kW with 8.5m cable', '£99.00'],
      ['7kW Premium installation (physical survey)', '£200.00'],
      ['Digital display', '£88.00'],
      ['Standard 3 year warranty', '£0.00'],
      ['Total', '£986.00'],
    ];
    expect(rows(container)).toEqual(payInFull);
    expect(container.querySelector('table[data-plan="monthly"]')).toBeNull();

    update(() => choosePaymentType(store, 'PAY_MONTHLY'));
    const table = byRole(container, 'table');
    expect(table.getAttribute('data-plan')).toBe('monthly');
    expect([...table.querySelectorAll('thead th')].map(textOf)).toEqual(['Item', 'Per month']);
    // PRICE-5: the charger £0, 8.5m cable 1.75, 7kW premium installation 25, display 3 a month.
    expect(rows(container)).toEqual([
      ['Charge Point', '£0.00'],
      ['7kW with 8.5m cable', '£1.75'],
      ['7kW Premium installation (physical survey)', '£25.00'],
      ['Digital display', '£3.00'],
      ['Standard 3 year warranty', '£0.00'],
      ['Initial payment', '£350.00'],
      ['36 monthly payments of', '£29.75'],
      // £350.00 + 36 × £29.75; the yearly £1.00 after the term has no end, so it is not in the total.
      ['Total payable', '£1,421.00'],
      ['Then, per year', '£1.00'],
    ]);
    expect(textOf(container.querySelector('[data-initial-payment]'))).toBe('£350.00');
    expect(textOf(container.querySelector('[data-monthly-payment]'))).toBe('£29.75');
    expect(container.querySelector('[data-total]')).toBeNull();

    update(() => chooseExtra(store, 'surgeProtection', true));
    expect(textOf(container.querySelector('[data-monthly-payment]'))).toBe('£34.65');
    expect(textOf(container.querySelector('[data-total-payable]'))).toBe('£1,597.40');

    update(() => choosePaymentType(store, 'PAY_NOW'));
    expect(container.querySelector('table[data-plan="monthly"]')).toBeNull();
    expect(textOf(container.querySelector('[data-total]'))).toBe('£1,136.00');
  });

  it('takes a partner discount off the initial payment as a negative line', () => {
    const { container, store } = render(<OrderSummary />);
    update(() => {
      choosePaymentType(store, 'PAY_MONTHLY');
      updateForm(store, { email: 'sam@partner-one.example' });
    });
    expect(rows(container)).toContainEqual(['Partner discount, off the initial payment', '-£100.00']);
    expect(textOf(container.querySelector('[data-initial-payment]'))).toBe('£250.00');
    expect(textOf(container.querySelector('[data-monthly-payment]'))).toBe('£0.00');
  });

  it("the small screens' price header shows the monthly payment a month with the monthly plan", () => {
    const { container, store } = render(<PriceHeader />);
    update(() => choose(store, { type: 'chooseCable', cable: 'tethered_22kw_6_5m' }));
    expect(textOf(container.querySelector('.evc-price-header strong'))).toBe('£894.00');
    update(() => choosePaymentType(store, 'PAY_MONTHLY'));
    expect(textOf(container.querySelector('.evc-price-header strong'))).toBe('£2.60 a month');
  });
});

describe('where the figures come from (the shop is the source of truth)', () => {
  const priceNote = (container: HTMLElement) => container.querySelector('.evc-vat');

  it('without a shop, the catalogue’s prices are called indicative', () => {
    const { container } = render(<OrderSummary />);
    expect(textOf(priceNote(container))).toBe(`Prices include VAT. ${PRICES_WITHOUT_SHOP}`);
  });

  it('the shop’s prices replace the catalogue’s everywhere; a failed price query says the prices are indicative', () => {
    const { container, store } = render(<OrderSummary />);
    const charger = store.getState().catalogue.baseProduct.variantId;
    const list = { prices: { [charger]: 64900 }, unavailable: [], sellingPlans: {} };
    update(() => store.getState().actions.applyShopPrices({ ok: true, list, catalogue: withShopPrices(UK_CATALOGUE, list) }));
    expect(rows(container)[0]).toEqual(['Charge Point', '£649.00']);
    expect(rows(container).at(-1)).toEqual(['Total', '£649.00']);
    expect(textOf(priceNote(container))).toBe('Prices include VAT.');
    update(() => store.getState().actions.applyShopPrices({ ok: false, error: 'the shop answered 503' }));
    expect(rows(container)[0]).toEqual(['Charge Point', '£599.00']);
    expect(textOf(priceNote(container))).toBe(`Prices include VAT. ${PRICES_INDICATIVE}`);
  });
});
