import type { OrderSettings } from '../services/order-services';
import type { ShopPricesTarget } from '../services/shop-prices';

/**
 * The shop an element asks for its prices, or none (the catalogue's figures then stand, called
 * indicative): the Storefront API, or with `cart="theme"` the theme's own Ajax API.
 */
export function shopPricesTarget(
  options: Pick<OrderSettings, 'cart' | 'shopDomain' | 'storefrontEndpoint' | 'storefrontToken' | 'apiVersion' | 'directDebitEndpoint'>,
): ShopPricesTarget | undefined {
  const token = options.storefrontToken?.trim();
  // Both are checked as the attributes are read: a bare domain, an absolute URL.
  const endpoint = options.storefrontEndpoint || (options.shopDomain && `https://${options.shopDomain}/api/${options.apiVersion}/graphql.json`);
  const theme = options.cart === 'theme';
  // The monthly plan is offered only with a direct-debit endpoint; only then are its selling plans asked.
  return theme || (token && endpoint) ? { endpoint, token, theme, monthlyPlan: Boolean(options.directDebitEndpoint) } : undefined;
}
