// The demo server's route table: (method, pattern) → handler. Stand-ins for the shop, the mail
// provider and the image CDN are added here as their own modules.
import { fileURLToPath } from 'node:url';
import { cdnRoutes } from './cdn.mjs';
import { createCspRoutes } from './csp.mjs';
import { examplesIndex } from './examples-index.mjs';
import { createDirectDebitRoutes } from './gocardless/index.mjs';
import { leadCaptureRoutes } from './lead-capture.mjs';
import { specRequest } from './mail/index.mjs';
import { createPartnerDiscountRoutes } from './partner-discount.mjs';
import { serveDirectory } from './static.mjs';
import { storefront } from './storefront/index.mjs';
import { createThemeCartStandIn } from './theme-cart.mjs';

const repoDir = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

const distDir = repoDir('dist');
const examplesDir = repoDir('dist-examples');

export const routes = [
  { method: 'GET', pattern: /^\/$/, handler: examplesIndex({ examplesDir, distDir }) },
  // Browsers ask for it on every page; an empty answer keeps the 404 out of the console.
  { method: 'GET', pattern: /^\/favicon\.ico$/, handler: () => new Response(null, { status: 204 }) },
  { method: 'GET', pattern: /^\/dist\/(?<path>.+)$/, handler: serveDirectory(distDir) },
  // Example pages with headers of their own (the partner intranet's CSP) and /api/csp-reports.
  ...createCspRoutes({ examplesDir }).routes,
  { method: 'GET', pattern: /^\/dist-examples\/(?<path>.+)$/, handler: serveDirectory(examplesDir) },
  ...cdnRoutes,
  // Stand-in for the 3D model's cloud storage (PREVIEW-9): the charger made by scripts/make-charger-glb.mjs.
  { method: 'GET', pattern: /^\/models\/(?<path>[\w-]+\.glb)$/, handler: serveDirectory(repoDir('demo/assets')) },
  // Storefront API stand-in at /api/{version}/graphql.json, its checkout pages and failure switch,
  // and the Admin API stand-in over the same shop at /admin/api/{version}/graphql.json.
  ...storefront.routes,
  // Lead capture (LEAD-1) at /api/store-cart: POST records the form values, GET lists them.
  ...leadCaptureRoutes,
  // A Shopify theme's own cart for cart="theme": /cart/*.js (Ajax Cart API), /products/*.js and
  // /checkout, selling from the Storefront stand-in's shop (one set of prices for both).
  ...createThemeCartStandIn({ shop: storefront.shop }).routes,
  // The spec-request relay at /api/spec-request with its Mailgun stand-in, /api/outbox and /api/mail/_control.
  ...specRequest.routes,
  // The partner-discount handler at /api/partner-discount/{start,verify}: codes to the same outbox,
  // single-use shop codes through an Admin API stand-in that the shop above then honours once.
  ...createPartnerDiscountRoutes({ mailStandIn: specRequest.standIn, admin: storefront.admin }).routes,
  // The direct-debit handler at /api/direct-debit with its webhook, GoCardless API and drop-in stand-ins,
  // and /api/direct-debit/checkout making draft orders through the Admin API stand-in above.
  ...createDirectDebitRoutes({ admin: storefront.admin }).routes,
];
