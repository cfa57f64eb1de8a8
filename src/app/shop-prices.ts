import type { OrderSettings } from '../services/order-services';
import type { ShopPricesTarget } from '../services/shop-prices';

/**
 * The shop an element asks for its prices, or none (the catalogue's figures then stand, called
 * indicative): the Storefront API, or with `cart="theme"` the theme's own Ajax API.
 */
export function shopPricesTarget(
  options: Pick<OrderSettings, 'cart' | 'shopDomain' | 'storefrontEndpoint' | 'storefrontToken' | 'apiVersion' | 'directDebitEndpoint'>,
): ShopPricesTarget | undefined {
  const { cart, shopDomain, storefrontEndpoint, apiVersion } = options;
  const token = options.storefrontToken?.trim();
  const theme = cart === 'theme';
  // The monthly plan is offered only with a direct-debit endpoint; only then are its selling plans asked.
  return theme || (token && (shopDomain || storefrontEndpoint)) ? { shopDomain, storefrontEndpoint, apiVersion, token, theme, monthlyPlan: Boolean(options.directDebitEndpoint) } : undefined;
}
