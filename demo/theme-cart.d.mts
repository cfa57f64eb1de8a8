// Types of theme-cart.mjs, for the TypeScript tests that drive it in process.
import type { DemoRoute, DemoShop } from './storefront/stand-in.mjs';

export interface ThemeCartStandIn {
  /** `/cart/*.js`, `/products/{handle}.js` and `/checkout`. */
  routes: DemoRoute[];
  /** The carts by token. */
  carts: Map<string, unknown>;
}

export function createThemeCartStandIn(options: { shop: DemoShop }): ThemeCartStandIn;
