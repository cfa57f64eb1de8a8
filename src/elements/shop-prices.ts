import type { Catalogue } from '../domain/catalogue/schema';
import { catalogueVariantIds } from '../domain/shop-prices';
import type { ShopPricesRequest, ShopPricesResult } from '../services/shop-prices';
import { loadShopPrices, storefrontUrl } from '../services/shop-prices';
import type { ConfiguratorOptions } from './attributes';

/**
 * The price query for an element's shop, or none without one (the catalogue's figures then stand,
 * called indicative). The theme cart's page asks the same Storefront API when it has a token.
 */
export function shopPricesRequest(
  options: Pick<ConfiguratorOptions, 'shopDomain' | 'storefrontEndpoint' | 'storefrontToken' | 'apiVersion' | 'directDebitEndpoint'>,
  catalogue: Catalogue,
): ShopPricesRequest | undefined {
  const token = options.storefrontToken?.trim();
  const endpoint = options.storefrontEndpoint?.trim() || (options.shopDomain?.trim() ? storefrontUrl(options.shopDomain, options.apiVersion) : undefined);
  if (!token || !endpoint) return undefined;
  // The monthly plan is offered only with a direct-debit endpoint; only then are its selling plans asked.
  const sellingPlanName = options.directDebitEndpoint ? catalogue.monthlyPlan.sellingPlanName : undefined;
  return { endpoint, token, ids: catalogueVariantIds(catalogue), sellingPlanName };
}

/** One request per shop and catalogue for the page's life, shared by every element; a failure is asked again. */
const answers = new Map<string, Promise<ShopPricesResult>>();

export function shopPrices(request: ShopPricesRequest): Promise<ShopPricesResult> {
  const key = JSON.stringify([request.endpoint, request.token, request.ids, request.sellingPlanName ?? null]);
  let answer = answers.get(key);
  if (!answer) {
    answer = loadShopPrices(request).then((result) => {
      if (!result.ok) answers.delete(key);
      return result;
    });
    answers.set(key, answer);
  }
  return answer;
}
