import type { Catalogue } from '../domain/catalogue/schema';
import type { ShopPriceList, ShopPricesResult } from '../domain/shop-prices';
import { catalogueVariantIds, parseShopPrices, VARIANT_PRICES_QUERY, withShopPrices } from '../domain/shop-prices';

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

/** Asks the shop for VARIANT_PRICES_QUERY, with a plain `fetch`; every failure comes back as a message, nothing throws. */
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

/** Where a shop answers: its Storefront URL and public token, and whether the monthly plan is offered. */
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
