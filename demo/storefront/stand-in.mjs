// One Storefront API stand-in: the demo shop seeded from a catalogue, its carts, the steering
// (`/api/_control`), and the routes that serve them (DESIGN: Demo server). The theme cart stand-in
// sells from the same shop.
import { createRouter } from '../router.mjs';
import { seedShop } from './catalogue.mjs';
import { createCartStore } from './carts.mjs';
import { checkoutRoutes } from './checkout-page.mjs';
import { controlRoutes, createFailureSwitch } from './control.mjs';
import { graphqlRoutes } from './graphql-endpoint.mjs';
import { imageRoutes } from './images.mjs';

export function createStorefrontStandIn({ catalogue, now }) {
  const shop = seedShop(catalogue);
  const carts = createCartStore({ shop, ...(now ? { now } : {}) });
  const failures = createFailureSwitch();
  const routes = [
    ...graphqlRoutes({ shop, carts, failures }),
    ...controlRoutes({ failures, carts, shop }),
    ...checkoutRoutes({ shop, carts }),
    ...imageRoutes,
  ];
  return {
    shop,
    routes,
    handle: createRouter(routes),
    installationProductId: shop.installationProductId,
  };
}
