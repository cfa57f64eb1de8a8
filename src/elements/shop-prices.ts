import type { Catalogue } from '../domain/catalogue/schema';
import type { PricedCatalogueResult, ShopPricesTarget } from '../services/shop-prices';
import type { ConfiguratorOptions } from './attributes';
import type { CatalogueModule } from './on-demand-modules';

/**
 * The shop an element asks for its prices, or none (the catalogue's figures then stand, called
 * indicative): the Storefront API, or with `cart="theme"` the theme's own Ajax API.
 */
export function shopPricesTarget(
  options: Pick<ConfiguratorOptions, 'cart' | 'shopDomain' | 'storefrontEndpoint' | 'storefrontToken' | 'apiVersion' | 'directDebitEndpoint'>,
): ShopPricesTarget | undefined {
  const token = options.storefrontToken?.trim();
  // Both are checked as the attributes are read: a bare domain, an absolute URL.
  const endpoint = options.storefrontEndpoint || (options.shopDomain && `https://${options.shopDomain}/api/${options.apiVersion}/graphql.json`);
  const theme = options.cart === 'theme';
  // The monthly plan is offered only with a direct-debit endpoint; only then are its selling plans asked.
  return theme || (token && endpoint) ? { endpoint, token, theme, monthlyPlan: Boolean(options.directDebitEndpoint) } : undefined;
}

/** One question per catalogue and shop for the page's life, shared by every element; a failure is asked again. */
const answers = new WeakMap<Catalogue, Record<string, Promise<PricedCatalogueResult> | undefined>>();

export function shopPrices(module: Promise<CatalogueModule>, catalogue: Catalogue, shop: ShopPricesTarget): Promise<PricedCatalogueResult> {
  const key = JSON.stringify(shop);
  const byShop = answers.get(catalogue) ?? {};
  answers.set(catalogue, byShop);
  return (byShop[key] ??= module
    .then((loaded) => loaded.priceCatalogue(catalogue, shop))
    .catch((error: unknown): PricedCatalogueResult => ({ ok: false, error: String(error) }))
    .then((result) => {
      if (!result.ok) byShop[key] = undefined;
      return result;
    }));
}
