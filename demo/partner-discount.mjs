// The partner-discount handler on the demo server: `/api/partner-discount/start` and
// `/api/partner-discount/verify` are the reference handler from dist/server.js, sending its codes
// through the Mailgun stand-in (they appear in `GET /api/outbox` with the template
// `partner-discount-code`) and making single-use codes through the Shopify Admin API stand-in,
// whose codes the Storefront stand-in's shop then honours once. For tests:
//   GET  /api/partner-discount/_log      { created: [...] } the discounts the Admin stand-in made:
//                                        id, code, title, amount, dates and limits;
//   POST /api/partner-discount/_control  { "failNext": 2, "status": 503 } the next 2 Admin API
//                                        calls fail with 503 (status optional); GET shows it.
// With SHOPIFY_ADMIN_ENDPOINT and SHOPIFY_ADMIN_TOKEN set, the handler makes codes in that shop;
// with MAILGUN_API_KEY and MAILGUN_DOMAIN, it sends through Mailgun; PARTNER_TOKEN_SECRET replaces
// the demo secret (the direct-debit handler reads the same); with REDIS_URL, the codes and rate
// limits live in that Redis.
import { controlRoutes, jsonResponse, lazyHandler } from './json-body.mjs';
import { mailgunOptions } from './mail/index.mjs';
import { loopbackOrigins } from './origins.mjs';
import { sharedRedisStores } from './redis.mjs';
import { failureProblem } from './storefront/control.mjs';
import { DEMO_ADMIN_TOKEN } from './storefront/stand-in.mjs';

/** Demo constant: the token secret, never a real one. */
const DEMO_TOKEN_SECRET = 'demo-partner-token-secret-0123456789abcdef';
/** A name that never resolves, so a stand-in misconfiguration cannot reach the network. */
const STAND_IN_ADMIN_ENDPOINT = 'https://demo-shop.myshopify.invalid/admin/api/2025-10/graphql.json';

/** The secret the partner-discount handler signs tokens with and the direct-debit handler checks them with. */
export const partnerTokenSecret = (env = process.env) => env.PARTNER_TOKEN_SECRET ?? DEMO_TOKEN_SECRET;

function handlerOptions(env, { mailStandIn, admin }, redis) {
  const mailgun = mailgunOptions(env, mailStandIn);
  const shop =
    env.SHOPIFY_ADMIN_ENDPOINT && env.SHOPIFY_ADMIN_TOKEN
      ? { adminEndpoint: env.SHOPIFY_ADMIN_ENDPOINT, adminToken: env.SHOPIFY_ADMIN_TOKEN }
      : { adminEndpoint: STAND_IN_ADMIN_ENDPOINT, adminToken: DEMO_ADMIN_TOKEN, fetch: (input, init) => admin.handle(new Request(input, init)) };
  // Generous: every page and test of a demo session comes from one loopback address, often with one e-mail.
  const store = redis && { store: redis.rateLimit };
  return {
    mailgun,
    from: env.PARTNER_CODE_FROM ?? `Partner offers <offers@${mailgun.domain}>`,
    subject: env.PARTNER_CODE_SUBJECT ?? 'Your partner discount code',
    template: env.PARTNER_CODE_TEMPLATE ?? 'partner-discount-code',
    shop,
    tokenSecret: partnerTokenSecret(env),
    allowedOrigins: loopbackOrigins(env.PARTNER_DISCOUNT_ALLOWED_ORIGINS),
    rateLimit: { limit: 120, windowMs: 60_000, ...store },
    addressRateLimit: { limit: 30, windowMs: 10 * 60_000, ...store },
    clientCodeRateLimit: { limit: 200, windowMs: 60 * 60_000, ...store },
    ...(redis && { codes: { store: redis.partnerCodes } }),
    onProviderError: (failure) => console.warn(`partner-discount: ${failure.provider} failed`, failure.status ?? failure.error ?? failure.errors),
  };
}

/**
 * @param {{ mailStandIn: { handle(request: Request): Promise<Response> }, admin: import('./admin/index.mjs').AdminStandIn, env?: NodeJS.ProcessEnv }} options
 *   the relay's Mailgun stand-in (one outbox) and the Admin API stand-in over the demo shop
 */
export function createPartnerDiscountRoutes({ mailStandIn, admin, env = process.env }) {
  const handle = lazyHandler('partner-discount handler', 'handler_unavailable', () =>
    import('../dist/server.js').then(async ({ createPartnerDiscountHandler }) =>
      createPartnerDiscountHandler(handlerOptions(env, { mailStandIn, admin }, await sharedRedisStores(env))),
    ),
  );
  const pattern = /^\/api\/partner-discount\/(start|verify)$/;
  const routes = [
    { method: 'POST', pattern, handler: handle },
    { method: 'OPTIONS', pattern, handler: handle },
    { method: 'GET', pattern: /^\/api\/partner-discount\/_log$/, handler: () => jsonResponse(200, { created: admin.created }) },
    ...controlRoutes(/^\/api\/partner-discount\/_control$/, {
      state: admin.failures.state,
      problem: (body) => failureProblem(body, { required: true }),
      apply: ({ failNext, status }) => admin.failures.set(failNext, status),
    }),
  ];
  return { routes, admin };
}
