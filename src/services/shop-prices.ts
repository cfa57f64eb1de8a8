import type { Catalogue } from '../domain/catalogue/schema';
import { penceFromPounds } from '../domain/money';
import type { ShopPriceList } from '../domain/shop-prices';
import { catalogueVariantIds, withShopPrices } from '../domain/shop-prices';

/**
 * The shop's current prices for the catalogue's variants, in one Storefront request made when the
 * page loads (the shop is the source of truth for what the buyer is shown): a plain `fetch` with one
 * document, not the shop client. Selling plans are asked only where the monthly plan is offered:
 * reading them needs the token's selling-plans scope.
 */
export const VARIANT_PRICES_QUERY = /* GraphQL */ `query VariantPrices($ids: [ID!]!, $sellingPlans: Boolean!) {
nodes(ids: $ids) { ... on ProductVariant { id availableForSale price { amount currencyCode }
sellingPlanAllocations(first: 10) @include(if: $sellingPlans) { nodes { sellingPlan { id name } } } } } }`;

export interface ShopPricesRequest {
  /** The Storefront GraphQL URL (`storefront-endpoint`, or derived from `shop-domain`). */
  endpoint: string;
  token: string;
  ids: readonly string[];
  /** The monthly plan's selling plan name, when the monthly plan is offered. */
  sellingPlanName?: string | undefined;
  fetch?: typeof fetch | undefined;
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
}

export type ShopPricesResult = { ok: true; list: ShopPriceList } | { ok: false; error: string };

/** The Storefront GraphQL URL for a shop domain and API version. */
export function storefrontUrl(domain: string, apiVersion: string): string {
  const host = domain.trim().replace(/^https?:\/\//, '').replace(/\/+$/, '');
  return `https://${host}/api/${apiVersion}/graphql.json`;
}

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

/** Asks the shop; every failure comes back as a message, nothing throws. */
export async function loadShopPrices(request: ShopPricesRequest): Promise<ShopPricesResult> {
  const fetchImpl = request.fetch ?? globalThis.fetch.bind(globalThis);
  const timeout = AbortSignal.timeout(request.timeoutMs ?? 15_000);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  try {
    const response = await fetchImpl(request.endpoint, {
      method: 'POST',
      signal,
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Shopify-Storefront-Access-Token': request.token },
      body: JSON.stringify({
        query: VARIANT_PRICES_QUERY,
        variables: { ids: request.ids, sellingPlans: Boolean(request.sellingPlanName) },
      }),
    });
    if (!response.ok) return { ok: false, error: `the shop answered ${response.status}` };
    return parseShopPrices(await response.json(), request.ids, request.sellingPlanName);
  } catch (error) {
    return { ok: false, error: timeout.aborted ? 'the shop took too long to answer' : `the shop could not be reached (${(error as Error).message})` };
  }
}

/** Where a page's shop answers: its Storefront URL and public token, and whether the monthly plan is offered. */
export interface ShopPricesTarget {
  endpoint: string;
  token: string;
  monthlyPlan: boolean;
  fetch?: typeof fetch | undefined;
}

export type PricedCatalogueResult = { ok: true; list: ShopPriceList; catalogue: Catalogue } | { ok: false; error: string };

/** The catalogue priced by the shop, or why it could not be. */
export async function priceCatalogue(catalogue: Catalogue, shop: ShopPricesTarget): Promise<PricedCatalogueResult> {
  const result = await loadShopPrices({
    endpoint: shop.endpoint,
    token: shop.token,
    ids: catalogueVariantIds(catalogue),
    sellingPlanName: shop.monthlyPlan ? catalogue.monthlyPlan.sellingPlanName : undefined,
    fetch: shop.fetch,
  });
  return result.ok ? { ...result, catalogue: withShopPrices(catalogue, result.list) } : result;
}
