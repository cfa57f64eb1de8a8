import type { Catalogue } from '../domain/catalogue/schema';
import type { ShopPriceList, ShopPricesResult } from '../domain/shop-prices';
import { catalogueHandles, catalogueVariantIds, parseShopPrices, parseThemeProducts, VARIANT_PRICES_QUERY, withShopPrices } from '../domain/shop-prices';

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

/**
 * The products' prices as a Shopify theme gives them (`cart="theme"`): the Ajax Product API's
 * `/products/{handle}.js` of each handle, asked at once, under the theme's locale-aware root.
 */
export async function loadThemePrices(
  root: string,
  handles: readonly string[],
  sellingPlanName: string | undefined,
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<ShopPricesResult> {
  const timeout = AbortSignal.timeout(15_000);
  try {
    const products = await Promise.all(
      handles.map(async (handle) => {
        const response = await fetchImpl(`${root}products/${handle}.js`, { signal: timeout, credentials: 'same-origin', headers: { Accept: 'application/json' } });
        if (!response.ok) throw new Error(`/products/${handle}.js answered ${response.status}`);
        return (await response.json()) as unknown;
      }),
    );
    return parseThemeProducts(products, sellingPlanName);
  } catch (error) {
    return { ok: false, error: timeout.aborted ? 'the theme took too long to answer' : `the theme's prices could not be read (${(error as Error).message})` };
  }
}

/** The theme's locale-aware root (`Shopify.routes.root`) on a Shopify theme page, else "/". */
function themeRoot(): string {
  const root = (globalThis as { Shopify?: { routes?: { root?: unknown } } }).Shopify?.routes?.root;
  return typeof root === 'string' && root.startsWith('/') ? (root.endsWith('/') ? root : `${root}/`) : '/';
}

/**
 * Where a shop answers: its Storefront URL and public token, and whether the monthly plan is offered;
 * with `theme`, the theme's own Ajax API answers first, for a catalogue that names its products' handles.
 */
export interface ShopPricesTarget {
  endpoint?: string | undefined;
  token?: string | undefined;
  monthlyPlan: boolean;
  theme?: boolean | undefined;
  fetch?: typeof fetch | undefined;
}

export type PricedCatalogueResult = { ok: true; list: ShopPriceList; catalogue: Catalogue } | { ok: false; error: string };

/** The catalogue priced by the shop, or why it could not be. */
export async function priceCatalogue(catalogue: Catalogue, shop: ShopPricesTarget): Promise<PricedCatalogueResult> {
  const handles = shop.theme ? catalogueHandles(catalogue) : [];
  const sellingPlanName = shop.monthlyPlan ? catalogue.monthlyPlan.sellingPlanName : undefined;
  const result =
    handles.length > 0
      ? await loadThemePrices(themeRoot(), handles, sellingPlanName, shop.fetch)
      : shop.endpoint && shop.token
        ? await loadShopPrices({ endpoint: shop.endpoint, token: shop.token, ids: catalogueVariantIds(catalogue), sellingPlanName, fetch: shop.fetch })
        : { ok: false as const, error: 'the catalogue names no product handles for the theme to price' };
  return result.ok ? { ...result, catalogue: withShopPrices(catalogue, result.list) } : result;
}
