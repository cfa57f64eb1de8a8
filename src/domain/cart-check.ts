import type { Catalogue } from './catalogue/schema';
import type { Configuration } from './configuration';
import type { Pence } from './money';
import { formatPence, poundsFromPence, sumPence } from './money';
import type { OrderItem } from './order-items';
import { orderItems } from './order-items';
import type { PartnerContext } from './partner';
import { partnerDiscountCode } from './partner-code';
import type { TotalsDetail } from './pricing';
import { priceConfiguration } from './pricing';
import type { ShopPriceList } from './shop-availability';
import { withShopPrices } from './shop-prices';

/**
 * Before the buyer leaves for checkout, the cart the shop built is compared with what the wizard
 * showed: the shop is the source of truth, and a difference is told before leaving, never after.
 */

/** A cart as the shop priced it, whichever cart API built it. */
export interface CartFigures {
  /** What the checkout will charge now (with the monthly plan, the initial payment). */
  dueNow: Pence;
  /** The whole order after discounts. */
  total: Pence;
  lines: readonly { variantId: string; name: string; unitPrice: Pence; quantity: number }[];
  /** Discounts the shop applied, each with the amount it takes off. */
  discounts: readonly { name: string; amount: Pence }[];
  codes: readonly { code: string; applicable: boolean }[];
  /** Variants the shop warned are out of stock. */
  outOfStock: readonly string[];
  /** Other warnings the buyer should read, in the shop's words. */
  notices: readonly string[];
}

/** What the wizard showed for the same order. */
export interface ShownFigures {
  dueNow: Pence;
  items: readonly Pick<OrderItem, 'variantId' | 'name' | 'price'>[];
  /** The discount code the wizard's discount line stands for, if any. */
  discountCode?: string | undefined;
}

export type CartDifference =
  | { kind: 'code-not-accepted'; code: string }
  | { kind: 'price-changed'; variantId: string; name: string; shown: Pence; charged: Pence }
  | { kind: 'out-of-stock'; name: string }
  | { kind: 'missing'; name: string }
  | { kind: 'notice'; message: string };

export interface CartComparison {
  shown: Pence;
  charged: Pence;
  differences: CartDifference[];
  /** Equal figures and nothing the buyer must hear about: checkout goes on without a word. */
  matches: boolean;
}

const sameCode = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function compareCart(shown: ShownFigures, cart: CartFigures): CartComparison {
  const differences: CartDifference[] = [];
  const { discountCode } = shown;
  if (discountCode) {
    const applied = cart.codes.find((candidate) => sameCode(candidate.code, discountCode));
    if (!applied?.applicable) differences.push({ kind: 'code-not-accepted', code: discountCode });
  }
  const nameOf = (variantId: string) =>
    shown.items.find((item) => item.variantId === variantId)?.name ?? cart.lines.find((line) => line.variantId === variantId)?.name ?? variantId;
  for (const variantId of cart.outOfStock) differences.push({ kind: 'out-of-stock', name: nameOf(variantId) });
  for (const item of shown.items) {
    if (item.variantId === undefined || cart.outOfStock.includes(item.variantId)) continue;
    const line = cart.lines.find((candidate) => candidate.variantId === item.variantId);
    if (!line) {
      differences.push({ kind: 'missing', name: item.name });
    } else if (line.unitPrice !== item.price) {
      differences.push({ kind: 'price-changed', variantId: item.variantId, name: item.name, shown: item.price, charged: line.unitPrice });
    }
  }
  for (const message of cart.notices) differences.push({ kind: 'notice', message });
  return { shown: shown.dueNow, charged: cart.dueNow, differences, matches: differences.length === 0 && shown.dueNow === cart.dueNow };
}

/** One difference in plain English for the buyer. */
export function differenceText(difference: CartDifference): string {
  switch (difference.kind) {
    case 'code-not-accepted':
      return `The shop did not accept the discount code ${difference.code}, so the discount is not applied.`;
    case 'price-changed':
      return `The shop’s price for ${difference.name} is now ${formatPence(difference.charged)} (you were shown ${formatPence(difference.shown)}).`;
    case 'out-of-stock':
      return `${difference.name} is out of stock at the shop.`;
    case 'missing':
      return `${difference.name} could not be added to the basket.`;
    case 'notice':
      return difference.message;
  }
}

/** The cart's lines and discounts as the contract's `totals` lines, the shop's figures. */
export function cartTotalsLines(cart: CartFigures): { name: string; amount: Pence }[] {
  return [
    ...cart.lines.map((line) => ({ name: line.name, amount: line.unitPrice * line.quantity })),
    ...cart.discounts.map((discount) => ({ name: discount.name, amount: -discount.amount })),
  ];
}

/** What the discounts take off in all. */
/**
 * A monthly order's draft order as cart figures (docs/decisions/monthly-plan-draft-order.md): it charges
 * `dueNow` at checkout, the Direct Debit `financed`, so the order is worth their sum; its lines are at
 * the shop's prices.
 */
export function draftOrderFigures(draft: { dueNow: Pence; financed: Pence; lines: readonly { variantId: string; name: string; amount: Pence }[] }): CartFigures {
  return {
    dueNow: draft.dueNow,
    total: draft.dueNow + draft.financed,
    lines: draft.lines.map((line) => ({ variantId: line.variantId, name: line.name, unitPrice: line.amount, quantity: 1 })),
    discounts: [],
    codes: [],
    outOfStock: [],
    notices: [],
  };
}

export function discountTotal(cart: Pick<CartFigures, 'discounts'>): Pence {
  return sumPence(cart.discounts.map((discount) => discount.amount));
}

/**
 * What the wizard shows as due at checkout for an order: the total, or with the monthly plan its
 * initial payment; the items with their prices, and the partner discount's shop code.
 */
export function shownFigures(catalogue: Catalogue, config: Configuration, context: PartnerContext): ShownFigures {
  const totals = priceConfiguration(catalogue, config, context);
  return {
    dueNow: config.paymentType === 'PAY_MONTHLY' ? totals.monthly.initialPayment : totals.total,
    items: orderItems(catalogue, config, context),
    discountCode: partnerDiscountCode(catalogue, context),
  };
}

/** The contract's `totals` in the cart's figures: what `evc-checkout` reports. */
export function cartTotalsDetail(cart: CartFigures, shown: TotalsDetail): TotalsDetail {
  const detail: TotalsDetail = {
    currency: shown.currency,
    total: poundsFromPence(cart.total),
    lines: cartTotalsLines(cart).map((line) => ({ name: line.name, amount: poundsFromPence(line.amount) })),
  };
  if (shown.monthly) detail.monthly = { ...shown.monthly, initialPayment: poundsFromPence(cart.dueNow) };
  return detail;
}

/**
 * What a cart that differed says is shown from then on: the shop's prices of its lines, and no
 * discount whose code it refused. The price list and the catalogue priced with it.
 */
export function cartPricedCatalogue(catalogue: Catalogue, known: ShopPriceList, comparison: CartComparison): { list: ShopPriceList; catalogue: Catalogue } {
  const prices = { ...known.prices };
  const refused: string[] = [];
  for (const difference of comparison.differences) {
    if (difference.kind === 'code-not-accepted') refused.push(difference.code);
    if (difference.kind === 'price-changed') prices[difference.variantId] = difference.charged;
  }
  const list = { ...known, prices };
  const priced = withShopPrices(catalogue, list);
  return { list, catalogue: { ...priced, discounts: priced.discounts.filter((discount) => !discount.code || !refused.includes(discount.code)) } };
}
