/**
 * The shop service (ARCH-4): the Storefront API on @shopify/storefront-api-client,
 * with the cart rules of CART-5, the error mapping of CART-4 and the product query of CART-7.
 */
export { createShopClient, DEFAULT_API_VERSION, USER_AGENT_MAX_LENGTH } from './client';
export type { AddDiscountCodesOptions, CartResult, ShopClient, ShopClientOptions } from './client';
export { checkoutConfiguration } from './checkout';
export { storefrontCartFigures } from './cart-figures';
export type { CheckoutInput, CheckoutResult } from './checkout';
export { ShopError, UNKNOWN_ERROR_MESSAGE } from './errors';
export type { ShopErrorCode, ShopFailureCode } from './errors';
export {
  createProductDetailsLoader,
  INSTALLATION_IMAGE_SIZE,
  installationDetails,
  resizeImageUrl,
} from './product-details';
export type { InstallationDetails, ProductDetailsLoader } from './product-details';
export { createQueryCache, retryDelay } from './query-cache';
export type { QueryCache, QueryCacheOptions } from './query-cache';
export { SHOP_DOCUMENTS } from './documents';
export type * from './types';
