import { penceFromPounds } from '../domain/money';
import type { ShopPriceList } from '../domain/shop-prices';

/**
 * The shop's current prices for the catalogue's variants, in one Storefront request made when the
 * page loads (the shop is the source of truth for what the buyer is shown). A plain `fetch` with one
 * document, not the shop client, so the page's script stays small. Selling plans are asked only
 * where the monthly plan is offered: reading them needs the token's selling-plans scope.
 */
export const VARIANT_PRICES_QUERY = /* GraphQL */ `
  query VariantPrices($ids: [ID!]!, $sellingPlans: Boolean!) {
    nodes(ids: $ids) {
      ... on ProductVariant {
        id
        availableForSale
        price { amount currencyCode }
        sellingPlanAllocations(first: 10) @include(if: $sellingPlans) {
          nodes { sellingPlan { id name } }
        }
      }
    }
  }
`;

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
  const errors = answer?.errors;
  if (Array.isArray(errors) && errors.length > 0) {
    const first = record(errors[0])?.message;
    return { ok: false, error: `the shop refused the price query: ${typeof first === 'string' ? first : 'unknown error'}` };
  }
  const nodes = record(answer?.data)?.nodes;
  if (!Array.isArray(nodes) || nodes.length !== ids.length) return { ok: false, error: 'the shop answered the price query without its variants' };
  const prices: Record<string, number> = {};
  const unavailable: string[] = [];
  const sellingPlans: Record<string, string> = {};
  for (const [index, raw] of nodes.entries()) {
    // A variant the shop does not have answers null: its price stays the catalogue's.
    if (raw === null) continue;
    const node = record(raw);
    const price = record(node?.price);
    const id = ids[index]!;
    if (node?.id !== id) return { ok: false, error: `the shop answered for ${String(node?.id)} where ${id} was asked` };
    if (price?.currencyCode !== 'GBP') return { ok: false, error: `${id} is priced in ${String(price?.currencyCode)}, not GBP` };
    if (typeof price.amount !== 'string' || !/^\d+(\.\d{1,2})?$/.test(price.amount)) {
      return { ok: false, error: `${id} has no valid price (${String(price.amount)})` };
    }
    prices[id] = penceFromPounds(price.amount);
    if (node.availableForSale === false) unavailable.push(id);
    const allocations = record(node.sellingPlanAllocations)?.nodes;
    if (sellingPlanName && Array.isArray(allocations)) {
      const plan = allocations.map((allocation) => record(record(allocation)?.sellingPlan)).find((candidate) => candidate?.name === sellingPlanName);
      if (typeof plan?.id === 'string') sellingPlans[id] = plan.id;
    }
  }
  return { ok: true, list: { prices, unavailable, sellingPlans } };
}

/** Asks the shop; every failure comes back as a message, nothing throws. */
export async function loadShopPrices(request: ShopPricesRequest): Promise<ShopPricesResult> {
  const fetchImpl = request.fetch ?? globalThis.fetch.bind(globalThis);
  const timeout = AbortSignal.timeout(request.timeoutMs ?? 15_000);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetchImpl(request.endpoint, {
      method: 'POST',
      signal,
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Shopify-Storefront-Access-Token': request.token },
      body: JSON.stringify({
        query: VARIANT_PRICES_QUERY,
        variables: { ids: request.ids, sellingPlans: Boolean(request.sellingPlanName) },
      }),
    });
  } catch (error) {
    return { ok: false, error: timeout.aborted ? 'the shop took too long to answer' : `the shop could not be reached (${(error as Error).message})` };
  }
  if (!response.ok) return { ok: false, error: `the shop answered ${response.status}` };
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, error: 'the shop answered the price query with something other than JSON' };
  }
  return parseShopPrices(body, request.ids, request.sellingPlanName);
}
