import { describe, expect, it } from 'vitest';
import { cartLines } from './cart';
import { UK_CATALOGUE as C } from './catalogue/uk';
import type { Configuration } from './configuration';
import { defaultConfiguration } from './configuration';
import type { PricedDraftItem } from './draft-order';
import { DRAFT_DISCOUNT_TITLE, draftItems, draftOrderInput, monthlyDraft } from './draft-order';
import type { PricingContext } from './order-items';
import { FINANCE_ANSWERS } from './direct-debit.fixture';

const config = (changes: Partial<Configuration> = {}): Configuration => ({
  ...defaultConfiguration(C),
  paymentType: 'PAY_MONTHLY',
  display: true,
  front: 'racing_green',
  ...changes,
});
const NO_PARTNER: PricingContext = { verifiedPartnerDiscounts: true };
const PARTNER: PricingContext = { verifiedPartnerDiscounts: true, verifiedPartner: { discountId: 'partner' } };

/** The order's items at made-up shop prices that add up to `total` (the first line takes the rest). */
function priced(configuration: Configuration, context: PricingContext, total: number): PricedDraftItem[] {
  const items = draftItems(C, configuration, context);
  return items.map((item, index) => ({ ...item, amount: index === 0 ? total - 1000 * (items.length - 1) : 1000 }));
}

describe('draftItems', () => {
  it('are the cart path’s lines: the same variants in the same order with the same attributes', () => {
    const configuration = config({ cable: 'tethered_7kw_5_5m', cableHook: true, surgeProtection: true });
    const lines = cartLines(C, configuration, PARTNER);
    const items = draftItems(C, configuration, PARTNER);
    expect(items.map((item) => item.variantId)).toEqual(lines.map((line) => line.merchandiseId));
    expect(items.map((item) => Object.entries(item.attributes).map(([key, value]) => ({ key, value })))).toEqual(lines.map((line) => line.attributes));
    expect(items[0]).toMatchObject({ name: C.baseProduct.name, attributes: { 'Front colour': 'Racing Green' } });
    expect(items.find((item) => 'Cable hook colour' in item.attributes)).toBeDefined();
  });
});

describe('monthlyDraft', () => {
  it.each<[string, PricingContext, number, { dueNow: number; financed: number; discount: number; partner?: number }]>([
    ['no partner discount', NO_PARTNER, 121_100, { dueNow: 35_000, financed: 86_100, discount: 86_100 }],
    ['a verified partner discount of £100.00', PARTNER, 121_100, { dueNow: 25_000, financed: 86_100, discount: 96_100, partner: 10_000 }],
    ['shop prices below the initial payment', NO_PARTNER, 30_000, { dueNow: 30_000, financed: 0, discount: 0 }],
  ])('with %s: due now, financed and the one discount add up to the shop’s prices', (_, context, total, expected) => {
    const draft = monthlyDraft(C, config(), context, priced(config(), context, total));
    expect(draft.full).toBe(total);
    expect(draft).toMatchObject({ dueNow: expected.dueNow, financed: expected.financed, discount: expected.discount });
    expect(draft.partner?.amount).toBe(expected.partner);
    expect(draft.dueNow + draft.discount).toBe(draft.full);
    expect(draft.financed + (draft.partner?.amount ?? 0)).toBe(draft.discount);
  });

  it('takes the plan’s figures from the catalogue, not from the shop', () => {
    const draft = monthlyDraft(C, config(), NO_PARTNER, priced(config(), NO_PARTNER, 999_900));
    expect(draft.monthly).toMatchObject({ initialPayment: 35_000, months: 36, afterwardsPerYear: 100 });
    expect(draft.monthly.monthlyPayment).toBeGreaterThan(0);
  });
});

describe('draftOrderInput', () => {
  const request = {
    customer: { 'first-name': 'Sam', 'last-name': 'Lee', email: ' sam@partner-one.example ', tel: '07700 900123' },
    // A postcode typed loosely: the shipping address has it as Shopify wants it.
    finance: { ...FINANCE_ANSWERS, primaryPostcode: 'ls1  4ap', acceptedMonthlyPaymentTerms: true as const, acceptedCreditCheck: true as const },
  };
  const details = { request, catalogue: C, configuration: config(), context: PARTNER, flowId: 'BRF0001', mandateId: 'MD0001', reserveInventoryUntil: '2026-01-16T12:00:00.000Z' };

  it('lists each line by variant only, with one fixed discount in pounds, no other discounts, and the plan for the staff', () => {
    const draft = monthlyDraft(C, config(), PARTNER, priced(config(), PARTNER, 121_100));
    const input = draftOrderInput(draft, details);
    expect(input.lineItems).toEqual(draft.lines.map((line) => ({ variantId: line.variantId, quantity: 1, customAttributes: expect.any(Array) })));
    expect(input.lineItems[0]!.customAttributes).toContainEqual({ key: 'Front colour', value: 'Racing Green' });
    expect(input.appliedDiscount).toEqual({
      valueType: 'FIXED_AMOUNT',
      value: 961,
      title: DRAFT_DISCOUNT_TITLE,
      description: '£861.00 financed by GoCardless Direct Debit, mandate MD0001; partner discount £100.00 (Partner Discount)',
    });
    expect(input).toMatchObject({ acceptAutomaticDiscounts: false, allowDiscountCodesInCheckout: false, tags: ['monthly-plan'] });
    expect(input).not.toHaveProperty('discountCodes');
    // What a cart of the same order carries, then the mandate's.
    expect(input.customAttributes.map((attribute) => attribute.key)).toEqual([
      'Flow', 'Configuration', 'Payment plan', 'Initial payment', 'Monthly payments', 'GoCardless flow ID', 'GoCardless form completed',
      'Finance: title', 'Finance: legal name', 'Finance: address line 1', 'Finance: city', 'Finance: region', 'Finance: postcode', 'Finance: country', 'Finance: gender',
      'Accepted monthly payment terms', 'Accepted credit check', 'GoCardless mandate', 'Financed balance', 'Partner discount',
    ]);
    expect(input.customAttributes).toEqual(expect.arrayContaining([
      { key: 'Payment plan', value: 'Pay monthly' },
      { key: 'Initial payment', value: '£250.00' },
      { key: 'Monthly payments', value: `36 × £${(draft.monthly.monthlyPayment / 100).toFixed(2)}, then £1.00 per year` },
      { key: 'GoCardless flow ID', value: 'BRF0001' },
      { key: 'Finance: postcode', value: 'LS1  4AP' },
      { key: 'GoCardless mandate', value: 'MD0001' },
      { key: 'Financed balance', value: '£861.00' },
      { key: 'Partner discount', value: '£100.00 (Partner Discount)' },
    ]));
    expect(input.note).toBe(
      'Monthly plan: £250.00 paid at checkout; £861.00 of these prices financed by GoCardless Direct Debit (mandate MD0001), whose collections are recorded outside Shopify.',
    );
    expect(input.reserveInventoryUntil).toBe('2026-01-16T12:00:00.000Z');
  });

  it('sends the contact and the finance address as the shipping address, never the date of birth', () => {
    const input = draftOrderInput(monthlyDraft(C, config(), NO_PARTNER, priced(config(), NO_PARTNER, 121_100)), { ...details, context: NO_PARTNER });
    expect(input).toMatchObject({
      email: 'sam@partner-one.example',
      phone: '+447700900123',
      shippingAddress: { firstName: 'Sam', lastName: 'Lee', address1: '1 High Street', city: 'Leeds', zip: 'LS1 4AP', countryCode: 'GB', phone: '+447700900123' },
    });
    expect(input.customAttributes.map((attribute) => attribute.key)).not.toContain('Partner discount');
    expect(input.appliedDiscount.description).toBe('£861.00 financed by GoCardless Direct Debit, mandate MD0001');
    expect(JSON.stringify(input)).not.toContain('1980');
  });

  it('gives the discount in pounds to the penny', () => {
    const draft = monthlyDraft(C, config(), NO_PARTNER, priced(config(), NO_PARTNER, 121_107));
    expect(draftOrderInput(draft, { ...details, context: NO_PARTNER }).appliedDiscount.value).toBe(861.07);
  });
});
