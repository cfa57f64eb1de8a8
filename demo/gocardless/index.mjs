// The direct-debit handlers on the demo server: `/api/direct-debit` is the reference
// handler from dist/server.js, pointed at the GoCardless API stand-in in this process, and
// `/api/direct-debit/webhook` its webhook handler, sharing one store; the stand-in delivers its
// webhooks straight to that handler. `/api/direct-debit/checkout` makes a monthly order's draft
// order in the Admin API stand-in's shop once the mandate is set up; its invoice link opens the demo
// invoice checkout (`/demo-invoice/{token}`) on the origin the page called. The browser reaches the stand-in's drop-in actions under
// `/gocardless-api/` and the drop-in itself at `/gocardless/dropin/v2/initialise.js`. For tests:
//   GET  /api/direct-debit/_log      { requests, webhooks } that reached or left the stand-in;
//   POST /api/direct-debit/_control  { "failNext": 2, "status": 503 } the next 2 billing requests
//                                    fail with 503 (status optional); with "endpoint":
//                                    "billing_request_flows" the next flows fail instead (after
//                                    their billing request was created). GET shows both switches:
//                                    { failNext, status, flows: { failNext, status } }.
// With GOCARDLESS_ACCESS_TOKEN set, the handler talks to GoCardless itself (GOCARDLESS_ENVIRONMENT,
// sandbox by default) and GOCARDLESS_WEBHOOK_SECRET is the webhook endpoint's secret. With
// SHOPIFY_ADMIN_ENDPOINT and SHOPIFY_ADMIN_TOKEN set, the draft orders are made in that shop. With REDIS_URL
// set, the flows, outcomes and rate limits live in that Redis. The partner discount is priced only
// from a token of the demo's partner-discount handler (its PARTNER_TOKEN_SECRET).
import { AsyncLocalStorage } from 'node:async_hooks';
import { fileURLToPath } from 'node:url';
import { controlRoutes, jsonResponse, lazyHandler } from '../json-body.mjs';
import { loopbackOrigins } from '../origins.mjs';
import { partnerTokenSecret } from '../partner-discount.mjs';
import { sharedRedisStores } from '../redis.mjs';
import { serveDirectory } from '../static.mjs';
import { failureProblem } from '../storefront/control.mjs';
import { DEMO_ADMIN_TOKEN } from '../storefront/stand-in.mjs';
import { createGoCardlessStandIn } from './api-stand-in.mjs';

const DEMO_ACCESS_TOKEN = 'demo-gocardless-token';
const DEMO_WEBHOOK_SECRET = 'demo-webhook-secret';
/** A name that never resolves, so a stand-in misconfiguration cannot reach the network. */
const STAND_IN_BASE_URL = 'https://gocardless.invalid';
const STAND_IN_ADMIN_ENDPOINT = 'https://demo-shop.myshopify.invalid/admin/api/2026-04/graphql.json';

/** Generous: every page and test of a demo session comes from one loopback address. */
const rateLimit = (redis) => ({ limit: 120, windowMs: 60_000, ...(redis && { store: redis.rateLimit }) });

/** The origin of the demo request being handled: the demo shop's domain is this server, wherever a page reached it. */
const demoOrigin = new AsyncLocalStorage();

/** The shop the draft orders are made in: the real one from the environment, or the Admin API stand-in. */
function shopOptions(env, admin) {
  if (env.SHOPIFY_ADMIN_ENDPOINT && env.SHOPIFY_ADMIN_TOKEN) return { adminEndpoint: env.SHOPIFY_ADMIN_ENDPOINT, adminToken: env.SHOPIFY_ADMIN_TOKEN };
  return {
    adminEndpoint: STAND_IN_ADMIN_ENDPOINT,
    adminToken: DEMO_ADMIN_TOKEN,
    // On the demo's own origin, so the stand-in's invoice links open on it, as Shopify's open on the shop's domain.
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : input);
      const origin = demoOrigin.getStore();
      return admin.handle(new Request(origin ? new URL(`${url.pathname}${url.search}`, origin) : url, init));
    },
  };
}

function handlerOptions(env, standIn, admin, redis) {
  const gocardless = env.GOCARDLESS_ACCESS_TOKEN
    ? {
        accessToken: env.GOCARDLESS_ACCESS_TOKEN,
        environment: env.GOCARDLESS_ENVIRONMENT ?? 'sandbox',
        ...(env.GOCARDLESS_BASE_URL ? { baseUrl: env.GOCARDLESS_BASE_URL } : {}),
      }
    : {
        accessToken: DEMO_ACCESS_TOKEN,
        environment: 'sandbox',
        baseUrl: STAND_IN_BASE_URL,
        fetch: (input, init) => standIn.handle(new Request(input, init)),
      };
  return {
    gocardless,
    allowedOrigins: loopbackOrigins(env.DIRECT_DEBIT_ALLOWED_ORIGINS),
    // The partner discount comes off the initial payment only with the partner-discount handler's token.
    partnerTokenSecret: partnerTokenSecret(env),
    shop: shopOptions(env, admin),
    rateLimit: rateLimit(redis),
    ...(redis && { statusRateLimit: rateLimit(redis) }),
    onProviderError: (failure) =>
      console.warn(`direct-debit: ${failure.provider === 'shopify' ? 'Shopify' : 'GoCardless'} failed`, failure.status ?? failure.error ?? failure.errors),
  };
}

const SWITCHED_ENDPOINTS = ['billing_requests', 'billing_request_flows'];

/** Why a failure-switch request is refused, or null. */
function controlProblem(body) {
  const endpoint = body?.endpoint ?? 'billing_requests';
  return failureProblem(body, { required: true }) ?? (SWITCHED_ENDPOINTS.includes(endpoint) ? null : `endpoint must be one of ${SWITCHED_ENDPOINTS.join(', ')}.`);
}

/**
 * @param {{ admin: import('../admin/index.mjs').AdminStandIn, env?: NodeJS.ProcessEnv }} options
 *   the Admin API stand-in over the demo shop, where the draft orders are made
 */
export function createDirectDebitRoutes({ admin, env = process.env }) {
  const webhookSecret = env.GOCARDLESS_WEBHOOK_SECRET ?? DEMO_WEBHOOK_SECRET;
  let handlers;
  // One load for both handlers, so they share one store.
  const loadHandlers = () =>
    (handlers ??= import('../../dist/server.js').then(async (server) => {
      const redis = await sharedRedisStores(env);
      const store = redis?.directDebit ?? server.memoryDirectDebitStore();
      // Shared, so a retried start or a redelivered event is handled once, as on several instances.
      const idempotency = redis ? { idempotency: { store: redis.idempotency } } : {};
      // The verifications' orders too, so one token prices one order whichever instance starts it.
      const partnerTokens = redis ? { partnerTokens: redis.partnerTokens } : {};
      return {
        start: server.createDirectDebitHandler({ ...handlerOptions(env, standIn, admin, redis), store, ...idempotency, ...partnerTokens }),
        webhook: server.createDirectDebitWebhookHandler({ webhookSecret, store, ...idempotency }),
      };
    }, (error) => {
      handlers = undefined;
      throw error;
    }));
  const using = (name) =>
    lazyHandler('direct-debit handlers', 'handler_unavailable', () =>
      loadHandlers().then((loaded) => (request, info) => demoOrigin.run(new URL(request.url).origin, () => loaded[name](request, info))),
    );
  const start = using('start');
  const webhook = using('webhook');
  const standIn = createGoCardlessStandIn({ accessToken: DEMO_ACCESS_TOKEN, webhookSecret, onWebhook: webhook });

  /** The browser's view of the stand-in: the same paths below /gocardless-api/. */
  const standInForBrowser = (request, { path }) => {
    const { search } = new URL(request.url);
    return standIn.handle(new Request(`${STAND_IN_BASE_URL}/${path}${search}`, request));
  };
  const dropinFile = serveDirectory(fileURLToPath(new URL('.', import.meta.url)));

  const startPattern = /^\/api\/direct-debit$/;
  const checkoutPattern = /^\/api\/direct-debit\/checkout$/;
  const standInPattern = /^\/gocardless-api\/(?<path>.+)$/;
  const routes = [
    { method: 'POST', pattern: startPattern, handler: start },
    { method: 'OPTIONS', pattern: startPattern, handler: start },
    { method: 'GET', pattern: startPattern, handler: start },
    { method: 'POST', pattern: checkoutPattern, handler: start },
    { method: 'OPTIONS', pattern: checkoutPattern, handler: start },
    { method: 'POST', pattern: /^\/api\/direct-debit\/webhook$/, handler: webhook },
    {
      method: 'GET',
      pattern: /^\/api\/direct-debit\/_log$/,
      handler: () => jsonResponse(200, { requests: standIn.requests, webhooks: standIn.webhooks }),
    },
    ...controlRoutes(/^\/api\/direct-debit\/_control$/, {
      state: () => ({ ...standIn.failures.state(), flows: standIn.flowFailures.state() }),
      problem: controlProblem,
      apply({ failNext, status, endpoint }) {
        const failureSwitch = endpoint === 'billing_request_flows' ? standIn.flowFailures : standIn.failures;
        failureSwitch.set(failNext, status);
        return failureSwitch.state();
      },
    }),
    { method: 'GET', pattern: standInPattern, handler: standInForBrowser },
    { method: 'POST', pattern: standInPattern, handler: standInForBrowser },
    {
      method: 'GET',
      pattern: /^\/gocardless\/dropin\/v2\/initialise\.js$/,
      handler: (request) => dropinFile(request, { path: 'dropin-stand-in.js' }),
    },
  ];
  return { routes, standIn };
}
