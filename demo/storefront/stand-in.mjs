// One Storefront API stand-in: the demo shop seeded from a catalogue, its carts, the steering
// (`/api/_control`), and the routes that serve them (README: The demo server), with the Admin API
// stand-in over the same shop at `/admin/api/{version}/graphql.json` and its draft orders' invoice
// checkouts at `/demo-invoice/{token}`. The theme cart stand-in sells from the same shop.
import { ALL_SCOPES, createAdminStandIn } from '../admin/index.mjs';
import { invoiceRoutes } from '../admin/invoice-page.mjs';
import { createRouter } from '../router.mjs';
import { seedShop } from './catalogue.mjs';
import { createCartStore } from './carts.mjs';
import { checkoutRoutes } from './checkout-page.mjs';
import { controlRoutes, createFailureSwitch } from './control.mjs';
import { graphqlRoutes } from './graphql-endpoint.mjs';
import { imageRoutes } from './images.mjs';

/** The demo's Admin API token: every scope the Admin stand-in knows. Never a real token. */
export const DEMO_ADMIN_TOKEN = 'shpat_demo-admin-token';

/** `products`: what the set-up command makes for the catalogue (`shopProducts`), the prefilled shop. */
export function createStorefrontStandIn({ catalogue, products, now }) {
  const shop = seedShop(catalogue, products);
  const carts = createCartStore({ shop, ...(now ? { now } : {}) });
  const failures = createFailureSwitch();
  const admin = createAdminStandIn({ shop, tokens: { [DEMO_ADMIN_TOKEN]: ALL_SCOPES }, ...(now ? { now } : {}) });
  const routes = [
    ...graphqlRoutes({ shop, carts, failures }),
    { method: 'POST', pattern: /^\/admin\/api\/[^/]+\/graphql\.json$/, handler: (request) => admin.handle(request) },
    ...controlRoutes({ failures, carts, shop, onEmpty: admin.clear }),
    ...checkoutRoutes({ shop, carts }),
    ...invoiceRoutes({ admin }),
    ...imageRoutes,
  ];
  return {
    shop,
    admin,
    routes,
    handle: createRouter(routes),
    installationProductId: shop.installationProductId,
  };
}
