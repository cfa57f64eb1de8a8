// Types of stand-in.mjs, for the TypeScript tests that drive it in process.
import type { Catalogue } from '../../src/domain/catalogue/schema';

export interface DemoRoute {
  method: string;
  pattern: RegExp;
  handler: (request: Request, params: Record<string, string>) => Response | Promise<Response>;
}

export interface StorefrontStandIn {
  /** The demo server routes: the API, the failure switch, the checkout pages, the product pictures. */
  routes: DemoRoute[];
  /** Answers one request as the demo server would route it. */
  handle(request: Request): Promise<Response>;
  /** The product spec §7.1 queries for the installation's title, description and image. */
  installationProductId: string | null;
}

export function createStorefrontStandIn(options: { catalogue: Catalogue; now?: () => Date }): StorefrontStandIn;
