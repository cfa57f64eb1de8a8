// The demo server's Storefront API stand-in, seeded from the built embedded catalogue
// (`npm start` builds dist/ first).
import { UK_CATALOGUE, shopProducts } from '../../dist/server.js';
import { createStorefrontStandIn } from './stand-in.mjs';

export const storefront = createStorefrontStandIn({ catalogue: UK_CATALOGUE, products: shopProducts(UK_CATALOGUE) });
