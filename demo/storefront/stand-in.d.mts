// Types of stand-in.mjs, for the TypeScript tests that drive it in process.
import type { Catalogue } from '../../src/domain/catalogue/schema';
import type { ShopProductSpec } from '../../src/domain/shop-products';
import type { AdminStandIn } from '../admin/index.mjs';

export interface DemoRoute {
  method: string;
  pattern: RegExp;
  handler: (request: Request, params: Record<string, string>) => Response | Promise<Response>;
}

/** The demo shop a stand-in sells from: products, prices and what `/api/_control` steers. */
export interface DemoShop {
  variant(id: string): { id: string; pricePence: number; availableForSale: boolean } | undefined;
}

export interface StorefrontStandIn {
  /** The shop, to share with the theme cart stand-in. */
  shop: DemoShop;
  /** The Admin API stand-in over the same shop, answering DEMO_ADMIN_TOKEN. */
  admin: AdminStandIn;
  /** The demo server routes: the API, the steering, the checkout pages, the product pictures. */
  routes: DemoRoute[];
  /** Answers one request as the demo server would route it. */
  handle(request: Request): Promise<Response>;
  /** The product CART-7 queries for the installation's title, description and image. */
  installationProductId: string | null;
}

export const DEMO_ADMIN_TOKEN: string;

export function createStorefrontStandIn(options: { catalogue: Catalogue; products: readonly ShopProductSpec[]; now?: () => Date }): StorefrontStandIn;
