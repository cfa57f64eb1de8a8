import type { MerchantCatalogue } from './merchant-catalogue';
import type { shareUrl } from '../domain/share-write';
import type { copyText } from '../services/clipboard';
import type { applySharedLink, forgetSharedLink } from './share-apply';
import type { shopPrices } from '../services/shop-prices';

/**
 * What the files the page's script loads on demand export, besides the wizard and the 3D viewer:
 * each holds code that only some pages need, so the script stays small (its gzip budget is in
 * scripts/check-bundle.mjs); on-demand.ts imports them.
 */

/** `catalogue.js` (catalogue-entry.ts): a merchant catalogue (`catalog`), loaded and validated. */
export interface CatalogueModule {
  MerchantCatalogue: typeof MerchantCatalogue;
}

/** `share-link.js` (share-entry.ts): a share link the page was opened with, applied to its element; making one, and copying it. */
export interface ShareModule {
  applySharedLink: typeof applySharedLink;
  forgetSharedLink: typeof forgetSharedLink;
  shareUrl: typeof shareUrl;
  copyText: typeof copyText;
}

/** `shop-prices.js` (shop-prices-entry.ts): the shop's prices for a catalogue, asked once per catalogue and shop. */
export interface ShopPricesModule {
  shopPrices: typeof shopPrices;
}

export const isCatalogueModule = (module: unknown): module is CatalogueModule => typeof (module as Partial<CatalogueModule> | null)?.MerchantCatalogue === 'function';

export const isShareModule = (module: unknown): module is ShareModule =>
  typeof (module as Partial<ShareModule> | null)?.applySharedLink === 'function' &&
  typeof (module as Partial<ShareModule>).forgetSharedLink === 'function' &&
  typeof (module as Partial<ShareModule>).shareUrl === 'function' &&
  typeof (module as Partial<ShareModule>).copyText === 'function';


export const isShopPricesModule = (module: unknown): module is ShopPricesModule => typeof (module as Partial<ShopPricesModule> | null)?.shopPrices === 'function';
