import { describe, expect, it } from 'vitest';
import { storefrontCartFigures } from './cart-figures';
import { ShopError } from './errors';
import { cartFixture, codeAllocation, gbp, lineFixture } from './shop.fixture';
import type { Cart } from './types';

const line = (id: string, variant: string, amount: string, extra = {}) =>
  lineFixture(id, `gid://shopify/ProductVariant/${variant}`, {
    cost: { totalAmount: gbp(amount), subtotalAmount: gbp(amount), amountPerQuantity: gbp(amount), compareAtAmountPerQuantity: null },
    ...extra,
  });

/** A Storefront cart: the charger on the monthly plan's selling plan (£350.00 due now), a display, the partner code. */
function cart(): Cart {
  const raw = cartFixture({
    cost: { checkoutChargeAmount: gbp('350.0'), subtotalAmount: gbp('687.0'), totalAmount: gbp('587.0') },
    discountCodes: [{ code: 'PARTNER100', applicable: true }],
    discountAllocations: [{ ...codeAllocation('PARTNER100'), discountedAmount: gbp('100.0') }],
  });
  return { ...raw, deliveryGroups: [], lines: [line('l1', '1', '599.0'), line('l2', '2', '88.0')] } as Cart;
}

describe('storefrontCartFigures', () => {
  it('pays in full: the total after discounts, each line at its unit price, the discounts and codes', () => {
    expect(storefrontCartFigures(cart(), [], false)).toEqual({
      dueNow: 58700,
      total: 58700,
      lines: [
        { variantId: 'gid://shopify/ProductVariant/1', name: 'Charger', unitPrice: 59900, quantity: 1 },
        { variantId: 'gid://shopify/ProductVariant/2', name: 'Charger', unitPrice: 8800, quantity: 1 },
      ],
      discounts: [{ name: 'PARTNER100', amount: 10000 }],
      codes: [{ code: 'PARTNER100', applicable: true }],
      outOfStock: [],
      notices: [],
    });
  });

  it('the monthly plan: due now is the checkout charge (before discounts, as the API says) less the discounts, never below nothing', () => {
    expect(storefrontCartFigures(cart(), [], true).dueNow).toBe(25000);
    const small = { ...cart(), cost: { ...cart().cost, checkoutChargeAmount: gbp('50.0') } };
    expect(storefrontCartFigures(small, [], true).dueNow).toBe(0);
  });

  it('line-level discounts count too', () => {
    const withLineDiscount = { ...cart(), discountAllocations: [], lines: [line('l1', '1', '599.0', { discountAllocations: [{ ...codeAllocation('SPRING'), discountedAmount: gbp('20.0') }] })] };
    expect(storefrontCartFigures(withLineDiscount as Cart, [], false).discounts).toEqual([{ name: 'SPRING', amount: 2000 }]);
  });

  it('stock warnings name the variant of their line; other warnings are notices in the buyer’s words', () => {
    const stock = new ShopError('NOT_ENOUGH_IN_STOCK', 'out of stock', { target: 'gid://shopify/CartLine/l2', shopCode: 'MERCHANDISE_OUT_OF_STOCK' });
    const giftCards = new ShopError('NOT_SUPPORTED', 'no gift cards', { shopCode: 'PAYMENTS_GIFT_CARDS_UNAVAILABLE' });
    const figures = storefrontCartFigures(cart(), [stock, giftCards], false);
    expect(figures.outOfStock).toEqual(['gid://shopify/ProductVariant/2']);
    expect(figures.notices).toEqual([giftCards.buyerMessage]);
  });
});
