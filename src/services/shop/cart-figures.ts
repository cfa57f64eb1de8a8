import type { CartFigures } from '../../domain/cart-check';
import { discountTotal } from '../../domain/cart-check';
import { penceFromPounds } from '../../domain/shop-money';
import type { ShopError } from './errors';
import type { Cart, CartLine } from './types';

const lineName = (line: CartLine) => {
  const variant = line.merchandise;
  return variant.title && variant.title !== 'Default Title' ? `${variant.product.title} - ${variant.title}` : variant.product.title;
};

/**
 * A Storefront cart's figures for the comparison with the wizard. With a selling plan the checkout
 * charges `checkoutChargeAmount` (before discounts, as the API documents it), less the discounts.
 */
export function storefrontCartFigures(cart: Cart, warnings: readonly ShopError[], monthly: boolean): CartFigures {
  const discounts = [
    ...cart.discountAllocations,
    ...cart.lines.flatMap((line) => line.discountAllocations),
  ].map((allocation) => ({
    name: allocation.code ?? allocation.title ?? 'Discount',
    amount: penceFromPounds(allocation.discountedAmount.amount),
  }));
  const total = penceFromPounds(cart.cost.totalAmount.amount);
  const dueNow = monthly ? Math.max(penceFromPounds(cart.cost.checkoutChargeAmount.amount) - discountTotal({ discounts }), 0) : total;
  const lineOf = (id: string | null) => cart.lines.find((line) => line.id === id);
  const stock = warnings.filter((warning) => warning.code === 'NOT_ENOUGH_IN_STOCK');
  return {
    dueNow,
    total,
    lines: cart.lines.map((line) => ({
      variantId: line.merchandise.id,
      name: lineName(line),
      unitPrice: penceFromPounds(line.cost.amountPerQuantity.amount),
      quantity: line.quantity,
    })),
    discounts,
    codes: cart.discountCodes,
    outOfStock: stock.map((warning) => lineOf(warning.target)?.merchandise.id ?? warning.target ?? '').filter(Boolean),
    notices: warnings.filter((warning) => !stock.includes(warning)).map((warning) => warning.buyerMessage),
  };
}
