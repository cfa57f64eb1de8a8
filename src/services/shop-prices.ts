import type { Catalogue } from '../domain/catalogue/schema';
import type { ShopPriceList } from '../domain/shop-availability';
import type { ShopPricesResult } from '../domain/shop-prices';
import { catalogueHandles, catalogueVariantIds, parseShopPrices, parseThemeProducts, VARIANT_PRICES_QUERY, withShopPrices } from '../domain/shop-prices';
import { themeRoot } from './theme-root';

/**
 * Where a shop answers: its Storefront URL and public token, and whether the monthly plan is offered;
 * with `theme`, the theme's own Ajax API answers instead, for a catalogue that names its products' handles.
 */
export interface ShopPricesTarget {
  endpoint?: string | undefined;
  token?: string | undefined;
  monthlyPlan: boolean;
  theme?: boolean | undefined;
  fetch?: typeof fetch | undefined;
  timeoutMs?: number | undefined;
}

export type PricedCatalogueResult = { ok: true; list: ShopPriceList; catalogue: Catalogue } | { ok: false; error: string };

/** An error naming what the shop answered, for `read` to turn into a message. */
class Answered extends Error {}

/**
 * `read` of the JSON answers to `requests` (made at once, with one time limit); every failure comes back
 * as a message, nothing throws.
 */
async function askShop(shop: ShopPricesTarget, requests: readonly [string, RequestInit][], read: (answers: unknown[]) => ShopPricesResult): Promise<ShopPricesResult> {
  const fetchImpl = shop.fetch ?? globalThis.fetch.bind(globalThis);
  const signal = AbortSignal.timeout(shop.timeoutMs ?? 15_000);
  try {
    const answers = await Promise.all(
      requests.map(async ([url, init]) => {
        const response = await fetchImpl(url, { ...init, signal, headers: { Accept: 'application/json', ...init.headers } });
        if (!response.ok) throw new Answered(`${url} answered ${response.status}`);
        return (await response.json().catch(() => {
          throw new Answered(`${url} answered something other than JSON`);
        })) as unknown;
      }),
    );
    return read(answers);
  } catch (error) {
    return { ok: false, error: signal.aborted ? 'the shop took too long to answer' : error instanceof Answered ? error.message : `the shop could not be reached (${(error as Error).message})` };
  }
}

/**
 * The catalogue priced by the shop, or why it could not be: the Storefront API's VARIANT_PRICES_QUERY,
 * or on a theme the Ajax Product API's `/products/{handle}.js` of each product, under its locale root.
 */
export async function priceCatalogue(catalogue: Catalogue, shop: ShopPricesTarget): Promise<PricedCatalogueResult> {
  const handles = shop.theme ? catalogueHandles(catalogue) : [];
  const sellingPlanName = shop.monthlyPlan ? catalogue.monthlyPlan.sellingPlanName : undefined;
  const ids = catalogueVariantIds(catalogue);
  const root = themeRoot();
  const result =
    handles.length > 0
      ? await askShop(shop, handles.map((handle) => [`${root}products/${handle}.js`, { credentials: 'same-origin' }]), (products) => parseThemeProducts(products, sellingPlanName))
      : shop.endpoint && shop.token
        ? await askShop(
            shop,
            [
              [
                shop.endpoint,
                {
                  method: 'POST',
                  credentials: 'omit',
                  headers: { 'Content-Type': 'application/json', 'X-Shopify-Storefront-Access-Token': shop.token },
                  body: JSON.stringify({ query: VARIANT_PRICES_QUERY, variables: { ids, sellingPlans: Boolean(sellingPlanName) } }),
                },
              ],
            ],
            ([body]) => parseShopPrices(body, ids, sellingPlanName),
          )
        : { ok: false as const, error: 'the catalogue names no product handles for the theme to price' };
  return result.ok ? { ...result, catalogue: withShopPrices(catalogue, result.list) } : result;
}

/** One question per catalogue and shop for the page's life, shared by every element; a failure is asked again. */
const answers = new WeakMap<Catalogue, Record<string, Promise<PricedCatalogueResult> | undefined>>();

/** `priceCatalogue`, asked once per catalogue and shop while the page lives. */
export function shopPrices(catalogue: Catalogue, shop: ShopPricesTarget): Promise<PricedCatalogueResult> {
  const key = JSON.stringify(shop);
  const byShop = answers.get(catalogue) ?? {};
  answers.set(catalogue, byShop);
  return (byShop[key] ??= priceCatalogue(catalogue, shop).then((result) => {
    if (!result.ok) byShop[key] = undefined;
    return result;
  }));
}
