import { describe, expect, it } from 'vitest';
import type { CartFigures, ShownFigures } from './cart-check';
import { cartPricedCatalogue, cartTotalsDetail, compareCart, differenceText, shownFigures } from './cart-check';
import { SHARED_CODES_CATALOGUE as C } from './catalogue/shared-codes.fixture';
import { UK_CATALOGUE } from './catalogue/uk';
import { defaultConfiguration } from './configuration';
import { orderItems } from './order-items';

const CHARGER = C.baseProduct.variantId;
const DISPLAY = C.addOns.find((addOn) => addOn.id === 'display')!.variantId;
const config = { ...defaultConfiguration(C), display: true, paymentType: 'PAY_NOW' as const };
const EMAIL = 'sam@partner-one.example';

/** What the wizard shows for the default charger with a display and a partner e-mail: £599 + £88 − £100. */
const shown: ShownFigures = shownFigures(C, config, { email: EMAIL });

/** The cart the shop builds for it when everything agrees. */
function cart(changes: Partial<CartFigures> = {}): CartFigures {
  const lines = orderItems(C, config).flatMap((item) => (item.variantId ? [{ variantId: item.variantId, name: item.name, unitPrice: item.price, quantity: 1 }] : []));
  return {
    dueNow: 58700,
    total: 58700,
    lines,
    discounts: [{ name: 'PARTNER100', amount: 10000 }],
    codes: [{ code: 'PARTNER100', applicable: true }],
    outOfStock: [],
    notices: [],
    ...changes,
  };
}

describe('shownFigures', () => {
  it('is what the wizard shows: the total, the items and the partner code', () => {
    expect(shown.dueNow).toBe(59900 + 8800 - 10000);
    expect(shown.discountCode).toBe('PARTNER100');
    expect(shown.items.map((item) => item.variantId)).toContain(DISPLAY);
    expect(shownFigures(C, config, { email: 'sam@home.example' }).discountCode).toBeUndefined();
  });

  it('with the monthly plan, what is due now is the initial payment, less the partner discount', () => {
    expect(shownFigures(C, { ...config, paymentType: 'PAY_MONTHLY' }, { email: EMAIL }).dueNow).toBe(35000 - 10000);
  });

  it.each([
    ['not yet verified: no discount and no code, even with shared codes in the catalogue', C, undefined, 59900 + 8800, undefined],
    ['verified: the discount, with the single-use code rather than the shared one', C, 'PX-7Q2M9', 59900 + 8800 - 10000, 'PX-7Q2M9'],
    ['verified, in the embedded catalogue (no shared codes)', UK_CATALOGUE, 'PX-7Q2M9', 59900 + 8800 - 10000, 'PX-7Q2M9'],
  ])('with partner-endpoint, %s', (_, catalogue, code, dueNow, discountCode) => {
    const verifiedPartner = code ? { email: EMAIL, discountId: 'partner', discountCode: code, token: 't', amount: 10000, expiresAt: '2030-01-01T00:00:00Z' } : undefined;
    expect(shownFigures(catalogue, config, { email: EMAIL, verifiedPartnerDiscounts: true, verifiedPartner })).toMatchObject({ dueNow, discountCode });
  });
});

describe('compareCart: each cause of a difference', () => {
  it('a cart as shown matches, with nothing to say', () => {
    expect(compareCart(shown, cart())).toEqual({ shown: 58700, charged: 58700, differences: [], matches: true });
  });

  it('a partner code the shop did not apply', () => {
    const refused = cart({ dueNow: 68700, total: 68700, discounts: [], codes: [{ code: 'partner100', applicable: false }] });
    expect(compareCart(shown, refused)).toEqual({ shown: 58700, charged: 68700, differences: [{ kind: 'code-not-accepted', code: 'PARTNER100' }], matches: false });
    // A code missing from the cart altogether is not applied either.
    expect(compareCart(shown, cart({ codes: [] })).differences).toEqual([{ kind: 'code-not-accepted', code: 'PARTNER100' }]);
  });

  it('a price the shop changed', () => {
    const lines = cart().lines.map((line) => (line.variantId === CHARGER ? { ...line, unitPrice: 64900 } : line));
    expect(compareCart(shown, cart({ lines, dueNow: 63700, total: 63700 }))).toEqual({
      shown: 58700,
      charged: 63700,
      differences: [{ kind: 'price-changed', variantId: CHARGER, name: 'Charge Point', shown: 59900, charged: 64900 }],
      matches: false,
    });
  });

  it('an item out of stock, told once (not also as missing)', () => {
    const lines = cart().lines.filter((line) => line.variantId !== DISPLAY);
    const result = compareCart(shown, cart({ lines, outOfStock: [DISPLAY], dueNow: 49900, total: 49900 }));
    expect(result.differences).toEqual([{ kind: 'out-of-stock', name: 'Digital display' }]);
    expect(result.matches).toBe(false);
  });

  it('an item the cart does not hold', () => {
    const lines = cart().lines.filter((line) => line.variantId !== DISPLAY);
    expect(compareCart(shown, cart({ lines, dueNow: 49900, total: 49900 })).differences).toEqual([{ kind: 'missing', name: 'Digital display' }]);
  });

  it('a warning the buyer should read, even at the same total', () => {
    const result = compareCart(shown, cart({ notices: ['Gift cards are not accepted by this shop.'] }));
    expect(result).toMatchObject({ shown: 58700, charged: 58700, matches: false, differences: [{ kind: 'notice', message: 'Gift cards are not accepted by this shop.' }] });
  });

  it('a different total with no known cause still differs', () => {
    expect(compareCart(shown, cart({ dueNow: 58800, total: 58800 }))).toMatchObject({ matches: false, differences: [] });
  });

  it('says each cause in plain English', () => {
    expect(differenceText({ kind: 'code-not-accepted', code: 'PARTNER100' })).toBe('The shop did not accept the discount code PARTNER100, so the discount is not applied.');
    expect(differenceText({ kind: 'price-changed', variantId: CHARGER, name: 'Charge Point', shown: 59900, charged: 64900 })).toBe(
      'The shop’s price for Charge Point is now £649.00 (you were shown £599.00).',
    );
    expect(differenceText({ kind: 'out-of-stock', name: 'Digital display' })).toBe('Digital display is out of stock at the shop.');
    expect(differenceText({ kind: 'missing', name: 'Digital display' })).toBe('Digital display could not be added to the basket.');
    expect(differenceText({ kind: 'notice', message: 'Gift cards are not accepted by this shop.' })).toBe('Gift cards are not accepted by this shop.');
  });
});

describe('cartTotalsDetail', () => {
  it('is the contract’s totals in the cart’s figures; with the monthly plan, the initial payment is what the cart charges now', () => {
    const detail = cartTotalsDetail(cart(), { currency: 'GBP', total: 587, lines: [] });
    expect(detail.total).toBe(587);
    expect(detail.lines).toContainEqual({ name: 'Charge Point', amount: 599 });
    expect(detail.lines).toContainEqual({ name: 'PARTNER100', amount: -100 });
    const monthly = { initialPayment: 250, monthlyPayment: 3, months: 36, afterwardsPerYear: 1 };
    expect(cartTotalsDetail(cart({ dueNow: 35000 }), { currency: 'GBP', total: 587, lines: [], monthly }).monthly).toEqual({ ...monthly, initialPayment: 350 });
  });
});

describe('cartPricedCatalogue', () => {
  it('shows from then on the cart’s prices, and no discount whose code the shop refused; other figures stay', () => {
    const known = { prices: { [DISPLAY]: 9000 }, unavailable: [DISPLAY], sellingPlans: {} };
    const comparison = compareCart(shown, cart({ codes: [{ code: 'PARTNER100', applicable: false }], lines: cart().lines.map((line) => (line.variantId === CHARGER ? { ...line, unitPrice: 64900 } : line)) }));
    const { list, catalogue } = cartPricedCatalogue(C, known, comparison);
    expect(list).toEqual({ prices: { [DISPLAY]: 9000, [CHARGER]: 64900 }, unavailable: [DISPLAY], sellingPlans: {} });
    expect(catalogue.baseProduct.price).toBe(64900);
    expect(catalogue.discounts.map((discount) => discount.code)).not.toContain('PARTNER100');
    expect(catalogue.discounts.map((discount) => discount.code)).toContain('PARTNER75S');
    expect(shownFigures(catalogue, config, { email: EMAIL })).toMatchObject({ dueNow: 64900 + 9000, discountCode: undefined });
  });
});
