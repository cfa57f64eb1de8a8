import type { Catalogue } from './catalogue/schema';
import type { Pence } from './money';
import { penceFromPounds } from './shop-money';
import type { ShopPriceList } from './shop-availability';

/** Every item the catalogue sells as a cart line: the charger, each cable, installation, add-on (the finishes among them) and offer. */
const soldItems = (catalogue: Catalogue): { variantId?: string | undefined; handle?: string | undefined }[] => [
  catalogue.baseProduct,
  ...catalogue.cables,
  ...catalogue.installations,
  ...catalogue.addOns,
  ...catalogue.offers,
];

/** The shop variants the catalogue sells, once each. Colour variants are not sold as lines, so not asked. */
export function catalogueVariantIds(catalogue: Catalogue): string[] {
  return [...new Set(soldItems(catalogue).flatMap((item) => (item.variantId ? [item.variantId] : [])))];
}

/** The product handles of every variant the catalogue sells, once each: a theme reads their prices from /products/{handle}.js. */
export function catalogueHandles(catalogue: Catalogue): string[] {
  return [...new Set(soldItems(catalogue).flatMap((item) => (item.handle ? [item.handle] : [])))];
}

/**
 * The catalogue with the shop's prices in place of its own, so every figure built from it (page,
 * wizard, plans, events, cart attributes, mail) is the shop's. The limited finish's price comes from
 * its colour (CAT-2), but the cart charges the limited-finish variant, so the colour takes that price.
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
    baseProduct: price(catalogue.baseProduct),
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

/**
 * The shop's current prices for the catalogue's variants, in one Storefront request (the shop is the
 * source of truth for what the buyer is shown): one document, sent by the shop client and by the
 * server's pricer. Selling plans are asked only where the monthly plan is offered: reading them needs
 * the token's selling-plans scope.
 */
export const VARIANT_PRICES_QUERY = /* GraphQL */ `query VariantPrices($ids: [ID!]!, $sellingPlans: Boolean!) {
nodes(ids: $ids) { ... on ProductVariant { id availableForSale price { amount currencyCode }
sellingPlanAllocations(first: 10) @include(if: $sellingPlans) { nodes { sellingPlan { id name } } } } } }`;

export type ShopPricesResult = { ok: true; list: ShopPriceList } | { ok: false; error: string };

/** What either of the shop's APIs says of one variant. */
interface VariantAnswer {
  id: string;
  price: Pence;
  available: boolean;
  /** Its selling plans' ids and names. */
  plans: readonly (readonly [string, unknown])[];
}

/** The price list of the variants' answers; the monthly plan's selling plan found by its name. */
function priceList(variants: readonly VariantAnswer[], sellingPlanName: string | undefined): ShopPriceList {
  const list = { prices: {} as Record<string, Pence>, unavailable: [] as string[], sellingPlans: {} as Record<string, string> };
  for (const { id, price, available, plans } of variants) {
    list.prices[id] = price;
    if (!available) list.unavailable.push(id);
    const plan = plans.find(([, name]) => sellingPlanName !== undefined && name === sellingPlanName);
    if (plan) list.sellingPlans[id] = plan[0];
  }
  return list;
}

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
const items = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.map(record) : []);
const refused = (error: string): ShopPricesResult => ({ ok: false, error });

/**
 * Reads the answer to VARIANT_PRICES_QUERY. Anything not as the schema says is refused, naming it:
 * a wrong figure must never be shown as the shop's. A variant the shop does not have answers null:
 * its price stays the catalogue's.
 */
export function parseShopPrices(body: unknown, ids: readonly string[], sellingPlanName?: string): ShopPricesResult {
  const { data, errors } = record(body);
  const nodes = record(data).nodes;
  if (errors || !Array.isArray(nodes) || nodes.length !== ids.length) return refused(`the shop did not answer the price query${errors ? `: ${JSON.stringify(errors).slice(0, 200)}` : ''}`);
  const variants: VariantAnswer[] = [];
  for (const [index, raw] of nodes.entries()) {
    if (raw === null) continue;
    const node = record(raw);
    const { amount, currencyCode } = record(node.price);
    if (node.id !== ids[index] || currencyCode !== 'GBP' || typeof amount !== 'string' || !/^\d+(\.\d{1,2})?$/.test(amount)) {
      return refused(`the shop's answer for ${ids[index]} is not its price in GBP`);
    }
    const plans = items(record(node.sellingPlanAllocations).nodes).map(({ sellingPlan }) => [String(record(sellingPlan).id), record(sellingPlan).name] as const);
    variants.push({ id: ids[index]!, price: penceFromPounds(amount), available: node.availableForSale !== false, plans });
  }
  return { ok: true, list: priceList(variants, sellingPlanName) };
}

/**
 * Reads the Ajax Product API's answers (`/products/{handle}.js`: prices in pence, `available`, the
 * selling plans by group) as a price list keyed by variant gid; a variant the answers do not hold
 * keeps the catalogue's price.
 */
export function parseThemeProducts(products: readonly unknown[], sellingPlanName?: string): ShopPricesResult {
  const variants: VariantAnswer[] = [];
  for (const product of products.map(record)) {
    if (!Array.isArray(product.variants)) return refused(`the theme's answer for ${String(product.handle)} has no variants`);
    const names = new Map(items(product.selling_plan_groups).flatMap((group) => items(group.selling_plans)).map((plan) => [plan.id, plan.name]));
    for (const variant of items(product.variants)) {
      const { id, price } = variant;
      if (!Number.isSafeInteger(id) || !Number.isSafeInteger(price) || (price as number) < 0) return refused(`the theme's answer for ${String(product.handle)} has a variant without its id and price`);
      const plans = items(variant.selling_plan_allocations).map(({ selling_plan_id: plan }) => [`gid://shopify/SellingPlan/${String(plan)}`, names.get(plan)] as const);
      variants.push({ id: `gid://shopify/ProductVariant/${String(id)}`, price: price as Pence, available: variant.available !== false, plans });
    }
  }
  return { ok: true, list: priceList(variants, sellingPlanName) };
}
