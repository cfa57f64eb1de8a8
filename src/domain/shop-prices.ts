import type { Catalogue } from './catalogue/schema';
import type { Configuration } from './configuration';
import type { Pence } from './money';
import { penceFromPounds } from './money';
import type { OrderItem } from './order-items';
import { orderItems } from './order-items';

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

/**
 * Every shop variant the catalogue sells as a cart line: the charger, each cable, installation,
 * add-on (the finishes among them) and offer. Colour variants are not sold as lines, so not asked.
 */
export function catalogueVariantIds(catalogue: Catalogue): string[] {
  const ids = [
    catalogue.baseProduct.variantId,
    ...catalogue.cables.map((cable) => cable.variantId),
    ...catalogue.installations.map((installation) => installation.variantId),
    ...catalogue.addOns.map((addOn) => addOn.variantId),
    ...catalogue.offers.flatMap((offer) => (offer.variantId ? [offer.variantId] : [])),
  ];
  return [...new Set(ids)];
}

/**
 * The catalogue with the shop's prices in place of its own, so every figure built from it (page,
 * wizard, plans, events, cart attributes, mail) is the shop's. The limited finish's price comes from
 * its colour (spec §9), but the cart charges the limited-finish variant, so the colour takes that price.
 */
export function withShopPrices(catalogue: Catalogue, list: ShopPriceList): Catalogue {
  const price = <T extends { variantId?: string | undefined; price: Pence }>(item: T): T => {
    const shop = item.variantId !== undefined ? list.prices[item.variantId] : undefined;
    return shop === undefined || shop === item.price ? item : { ...item, price: shop };
  };
  const limitedVariant = catalogue.addOns.find((addOn) => addOn.id === 'limited_front')?.variantId;
  const limitedPrice = limitedVariant !== undefined ? list.prices[limitedVariant] : undefined;
  const front = catalogue.colours.front;
  return {
    ...catalogue,
    baseProduct: { ...price(catalogue.baseProduct), demoPrice: false },
    colours: {
      ...catalogue.colours,
      front: {
        ...front,
        limited: limitedPrice === undefined ? front.limited : front.limited.map((colour) => ({ ...colour, price: limitedPrice })),
      },
    },
    cables: catalogue.cables.map(price),
    installations: catalogue.installations.map(price),
    addOns: catalogue.addOns.map(price),
  };
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

/**
 * The shop's current prices for the catalogue's variants, in one Storefront request (the shop is the
 * source of truth for what the buyer is shown): one document, for a plain `fetch`. Selling plans are
 * asked only where the monthly plan is offered: reading them needs the token's selling-plans scope.
 */
export const VARIANT_PRICES_QUERY = /* GraphQL */ `query VariantPrices($ids: [ID!]!, $sellingPlans: Boolean!) {
nodes(ids: $ids) { ... on ProductVariant { id availableForSale price { amount currencyCode }
sellingPlanAllocations(first: 10) @include(if: $sellingPlans) { nodes { sellingPlan { id name } } } } } }`;

export type ShopPricesResult = { ok: true; list: ShopPriceList } | { ok: false; error: string };

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * Reads the answer to VARIANT_PRICES_QUERY. Anything not as the schema says is refused with a
 * message naming it: a wrong figure must never be shown as the shop's.
 */
export function parseShopPrices(body: unknown, ids: readonly string[], sellingPlanName?: string): ShopPricesResult {
  const answer = record(body);
  const nodes = record(answer?.data)?.nodes;
  if (answer?.errors || !Array.isArray(nodes) || nodes.length !== ids.length) {
    return { ok: false, error: `the shop did not answer the price query: ${JSON.stringify(answer?.errors ?? body).slice(0, 200)}` };
  }
  const list = { prices: {} as Record<string, number>, unavailable: [] as string[], sellingPlans: {} as Record<string, string> };
  for (const [index, raw] of nodes.entries()) {
    // A variant the shop does not have answers null: its price stays the catalogue's.
    if (raw === null) continue;
    const id = ids[index]!;
    const node = record(raw);
    const price = record(node?.price);
    const amount = price?.amount;
    if (node?.id !== id || price?.currencyCode !== 'GBP' || typeof amount !== 'string' || !/^\d+(\.\d{1,2})?$/.test(amount)) {
      return { ok: false, error: `the shop's answer for ${id} is not its price in GBP: ${JSON.stringify(raw).slice(0, 200)}` };
    }
    list.prices[id] = penceFromPounds(amount);
    if (node.availableForSale === false) list.unavailable.push(id);
    const allocations = record(node.sellingPlanAllocations)?.nodes;
    const plan = Array.isArray(allocations) ? allocations.map((allocation) => record(record(allocation)?.sellingPlan)).find((candidate) => candidate?.name === sellingPlanName) : undefined;
    if (sellingPlanName && typeof plan?.id === 'string') list.sellingPlans[id] = plan.id;
  }
  return { ok: true, list };
}


/** The product handles of every variant the catalogue sells, once each: a theme reads their prices from /products/{handle}.js. */
export function catalogueHandles(catalogue: Catalogue): string[] {
  const items = [catalogue.baseProduct, ...catalogue.cables, ...catalogue.installations, ...catalogue.addOns, ...catalogue.offers];
  return [...new Set(items.flatMap((item) => (item.handle ? [item.handle] : [])))];
}

/**
 * Reads the Ajax Product API's answers (`/products/{handle}.js`: prices in pence, `available`, the
 * selling plans by group) as a price list keyed by variant gid; a variant the answers do not hold keeps
 * the catalogue's price.
 */
export function parseThemeProducts(products: readonly unknown[], sellingPlanName?: string): ShopPricesResult {
  const list = { prices: {} as Record<string, number>, unavailable: [] as string[], sellingPlans: {} as Record<string, string> };
  for (const product of products) {
    const groups = record(product)?.selling_plan_groups;
    const named = new Set(
      (Array.isArray(groups) ? groups : [])
        .flatMap((group) => record(group)?.selling_plans ?? [])
        .map((plan) => record(plan))
        .filter((plan) => sellingPlanName !== undefined && plan?.name === sellingPlanName)
        .map((plan) => plan?.id),
    );
    const variants = record(product)?.variants;
    if (!Array.isArray(variants)) return { ok: false, error: `the theme's product answer has no variants: ${JSON.stringify(product).slice(0, 200)}` };
    for (const raw of variants) {
      const variant = record(raw);
      if (!Number.isSafeInteger(variant?.id) || !Number.isSafeInteger(variant?.price) || (variant!.price as number) < 0) {
        return { ok: false, error: `the theme's product answer has a variant without its id and price: ${JSON.stringify(raw).slice(0, 200)}` };
      }
      const id = `gid://shopify/ProductVariant/${String(variant!.id)}`;
      list.prices[id] = variant!.price as number;
      if (variant!.available === false) list.unavailable.push(id);
      const allocations = variant!.selling_plan_allocations;
      const plan = (Array.isArray(allocations) ? allocations : []).map((allocation) => record(allocation)?.selling_plan_id).find((planId) => named.has(planId));
      if (Number.isSafeInteger(plan)) list.sellingPlans[id] = `gid://shopify/SellingPlan/${String(plan)}`;
    }
  }
  return { ok: true, list };
}
