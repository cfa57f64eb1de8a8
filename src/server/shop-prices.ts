import type { Catalogue } from '../domain/catalogue/schema';
import { catalogueVariantIds, parseShopPrices, VARIANT_PRICES_QUERY, withShopPrices } from '../domain/shop-prices';

/** The shop a handler prices with: its Storefront GraphQL URL and a Storefront access token. */
export interface ShopPricesOptions {
  endpoint: string;
  token: string;
  /** How long an answer is used before the shop is asked again; a price changed in the admin shows after at most this. */
  maxAgeMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export type PricedCatalogue = { ok: true; catalogue: Catalogue } | { ok: false; error: string };

/**
 * The catalogue priced with the shop's current prices, asked with the same one document as the
 * element, kept for `maxAgeMs`: a cache of what the shop said, not state, so each instance keeps its
 * own. A failure is never kept.
 */
export function shopPricer(catalogue: Catalogue, options: ShopPricesOptions): () => Promise<PricedCatalogue> {
  const { endpoint, token, maxAgeMs = 60_000, timeoutMs = 10_000 } = options;
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const ids = catalogueVariantIds(catalogue);
  let kept: { at: number; answer: Promise<PricedCatalogue> } | undefined;

  async function ask(): Promise<PricedCatalogue> {
    let body: unknown;
    try {
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-storefront-access-token': token },
        body: JSON.stringify({ query: VARIANT_PRICES_QUERY, variables: { ids, sellingPlans: false } }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) return { ok: false, error: `the shop answered ${response.status}` };
      body = await response.json();
    } catch (error) {
      return { ok: false, error: `the shop could not be asked: ${(error as Error).message}` };
    }
    const result = parseShopPrices(body, ids);
    return result.ok ? { ok: true, catalogue: withShopPrices(catalogue, result.list) } : result;
  }

  return () => {
    const now = Date.now();
    if (!kept || now - kept.at > maxAgeMs) {
      const answer = ask().then((result) => {
        if (!result.ok && kept?.answer === answer) kept = undefined;
        return result;
      });
      kept = { at: now, answer };
    }
    return kept.answer;
  };
}
