import type { Catalogue } from '../domain/catalogue/schema';
import type { ShopPriceList } from '../domain/shop-availability';
import type { ShopPricesResult } from '../domain/shop-prices';
import { catalogueHandles, catalogueVariantIds, parseShopPrices, parseThemeProducts, withShopPrices } from '../domain/shop-prices';
import { DEFAULT_API_VERSION } from './shop/api-version';
import { ShopError } from './shop/errors';
import { createStorefront, fetchVariantPrices } from './shop/storefront';
import { themeRoot } from './theme-root';

/**
 * Where a shop answers: the Storefront API through the shop client (its `shop-domain` or
 * `storefront-endpoint`, `api-version` and `storefront-token`), and whether the monthly plan is
 * offered; with `theme`, the theme's own Ajax API answers instead, for a catalogue that names its products' handles.
 */
export interface ShopPricesTarget {
  shopDomain?: string | undefined;
  storefrontEndpoint?: string | undefined;
  apiVersion?: string | undefined;
  token?: string | undefined;
  monthlyPlan: boolean;
  theme?: boolean | undefined;
  fetch?: typeof fetch | undefined;
  timeoutMs?: number | undefined;
}

export type PricedCatalogueResult = { ok: true; list: ShopPriceList; catalogue: Catalogue } | { ok: false; error: string };

/** An error naming what the shop answered, for `read` to turn into a message. */
class Answered extends Error {}

/** Every call to the shop gives up after this (CART-9). */
const TIMEOUT_MS = 15_000;

const TOO_LONG = 'the shop took too long to answer';
const unreachable = (cause: unknown) => `the shop could not be reached (${cause instanceof Error ? cause.message : String(cause)})`;

/** The theme's answers to `requests` (made at once, with one time limit), read by `read`; every failure comes back as a message. */
async function askTheme(shop: ShopPricesTarget, requests: readonly [string, RequestInit][], read: (answers: unknown[]) => ShopPricesResult): Promise<ShopPricesResult> {
  const fetchImpl = shop.fetch ?? globalThis.fetch.bind(globalThis);
  const signal = AbortSignal.timeout(shop.timeoutMs ?? TIMEOUT_MS);
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
    return { ok: false, error: signal.aborted ? TOO_LONG : error instanceof Answered ? error.message : unreachable(error) };
  }
}

/** Why the shop client's call failed, in the words the other path uses. */
function failure(error: unknown, endpoint: string): string {
  if (!(error instanceof ShopError)) return unreachable(error);
  switch (error.code) {
    case 'TIMEOUT':
      return TOO_LONG;
    case 'NETWORK_ERROR':
      return unreachable(error.cause);
    case 'HTTP_ERROR':
      return `${endpoint} answered ${error.status}`;
    case 'GRAPHQL_ERROR':
      return `the shop did not answer the price query: ${error.message.slice(0, 200)}`;
    default:
      return typeof error.cause === 'string' ? `${endpoint}: ${error.cause}` : error.message;
  }
}

/** VARIANT_PRICES_QUERY through the shop client's Storefront transport (ARCH-4); every failure comes back as a message. */
async function askStorefront(shop: ShopPricesTarget, ids: readonly string[], sellingPlanName: string | undefined): Promise<ShopPricesResult> {
  let endpoint = shop.storefrontEndpoint ?? shop.shopDomain ?? '';
  try {
    const client = createStorefront({
      storeDomain: shop.shopDomain,
      storefrontEndpoint: shop.storefrontEndpoint,
      apiVersion: shop.apiVersion ?? DEFAULT_API_VERSION,
      publicAccessToken: shop.token,
      fetch: shop.fetch,
      timeoutMs: shop.timeoutMs ?? TIMEOUT_MS,
    });
    endpoint = client.endpoint;
    return parseShopPrices({ data: await fetchVariantPrices(client, ids, sellingPlanName !== undefined) }, ids, sellingPlanName);
  } catch (error) {
    return { ok: false, error: failure(error, endpoint) };
  }
}

/**
 * The catalogue priced by the shop, or why it could not be: the Storefront API's VARIANT_PRICES_QUERY,
 * or on a theme the Ajax Product API's `/products/{handle}.js` of each product, under its locale root.
 */
export async function priceCatalogue(catalogue: Catalogue, shop: ShopPricesTarget): Promise<PricedCatalogueResult> {
  const handles = shop.theme ? catalogueHandles(catalogue) : [];
  const sellingPlanName = shop.monthlyPlan ? catalogue.monthlyPlan.sellingPlanName : undefined;
  const root = themeRoot();
  const result =
    handles.length > 0
      ? await askTheme(shop, handles.map((handle) => [`${root}products/${handle}.js`, { credentials: 'same-origin' }]), (products) => parseThemeProducts(products, sellingPlanName))
      : shop.token && (shop.shopDomain || shop.storefrontEndpoint)
        ? await askStorefront(shop, catalogueVariantIds(catalogue), sellingPlanName)
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
