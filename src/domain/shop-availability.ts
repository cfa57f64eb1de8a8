import type { Catalogue } from './catalogue/schema';
import type { Configuration } from './configuration';
import type { Pence } from './money';
import type { OrderItem } from './order-items';
import { orderItems } from './order-items';

// Apart from shop-prices.ts: the page shows what the shop cannot sell, while asking the shop loads on demand.

/**
 * What the shop says of the variants the catalogue sells: the current price and whether it can be
 * bought. The shop is the source of truth: a catalogue priced with this charges what the cart will.
 */
export interface ShopPriceList {
  /** Price per variant gid, in pence, for every variant the shop answered. */
  prices: Readonly<Record<string, Pence>>;
  /** Variants the shop answered as not available for sale. */
  unavailable: readonly string[];
  /** The monthly plan's selling plan per variant, when the shop offers one on it. */
  sellingPlans: Readonly<Record<string, string>>;
}

/** The items of an order that the shop cannot sell now. */
export function unavailableItems(catalogue: Catalogue, config: Configuration, unavailable: readonly string[]): OrderItem[] {
  if (unavailable.length === 0) return [];
  return orderItems(catalogue, config).filter((item) => item.variantId !== undefined && unavailable.includes(item.variantId));
}

/** Spec-free wording: why an option cannot be chosen. */
export const UNAVAILABLE_REASON = 'Not available from the shop at the moment';

/**
 * Whether a choice would add an item the shop cannot sell (and so cannot be made), judged on the
 * whole order it leads to: a cable that switches the surge item, say, is refused when that item is.
 * Items already unavailable in the current order do not count against every other choice.
 */
export function choiceUnavailable(catalogue: Catalogue, current: Configuration, candidate: Configuration, unavailable: readonly string[]): boolean {
  if (unavailable.length === 0) return false;
  const already = new Set(unavailableItems(catalogue, current, unavailable).map((item) => item.variantId));
  return unavailableItems(catalogue, candidate, unavailable).some((item) => !already.has(item.variantId));
}
