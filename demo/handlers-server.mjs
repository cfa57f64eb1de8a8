// The reference handlers as a merchant runs them on Node: dist/server.js (`npm run build` first)
// behind toNodeListener and serveNode, configured by the environment only.
//   PORT                     port to listen on, 0 for a free one (default 8787); once listening it
//                            prints {"listening":"http://HOST:PORT/"} as one JSON line on standard output
//   HOST                     address to listen on (default 127.0.0.1)
//   TRUSTED_PROXIES          reverse proxies in front that append X-Forwarded-For (default 0: none)
//   ALLOWED_ORIGINS          the pages that may call the handlers, comma separated (required)
//   RATE_LIMIT               requests a minute per client address to each handler (default 10), `off` for none
//                            (direct-debit status reads too)
//   GLOBAL_RATE_LIMIT        messages sent / flows started an hour by each handler, all clients together
//                            (default the handler's own: 600 and 300), `off` for none
//   MAILGUN_API_KEY, MAILGUN_DOMAIN      both set: POST /api/spec-request relays to Mailgun
//   MAILGUN_BASE_URL         another Mailgun endpoint (default the EU one)
//   MAILGUN_TIMEOUT_MS       give up on Mailgun after this long (default 10000)
//   SPEC_REQUEST_TO          the recipient (required with Mailgun)
//   SPEC_REQUEST_FROM, SPEC_REQUEST_SUBJECT, SPEC_REQUEST_TEMPLATE   as demo/mail/index.mjs
//   GOCARDLESS_ACCESS_TOKEN, GOCARDLESS_WEBHOOK_SECRET   both set: /api/direct-debit and
//                            /api/direct-debit/webhook; each webhook event handled is logged as
//                            {"msg":"direct-debit event","eventId":…,"action":…}
//   GOCARDLESS_ENVIRONMENT   sandbox (default) or live
//   GOCARDLESS_BASE_URL      another GoCardless API base URL
//   SHOPIFY_ADMIN_ENDPOINT, SHOPIFY_ADMIN_TOKEN   both set (with GoCardless): the monthly order's
//                            draft order at POST /api/direct-debit/checkout (write_draft_orders, read_products)
//   PARTNER_TOKEN_SECRET     the partner-discount handler's tokenSecret: the direct-debit start (and the
//                            quote) price a partner discount from a verification token, one order each;
//                            with Mailgun and the Admin API also POST /api/partner-discount/start and
//                            /verify, codes mailed through Mailgun and single-use codes made in the shop
//                            (write_discounts); its limits per client are RATE_LIMIT and the handler's own
//   PARTNER_CODE_FROM, PARTNER_CODE_SUBJECT, PARTNER_CODE_TEMPLATE   as demo/partner-discount.mjs
//   QUOTE                    `on`: POST /api/quote prices a configuration (it checks no origin: put it
//                            behind your own access control)
//   REDIS_URL                keep rate limits, idempotency keys (the relay's, the direct-debit starts'
//                            and webhook events'), direct-debit flows, partner codes and which order each
//                            partner verification priced in this Redis
//                            (needs the `redis` package), so several instances share them
//   REDIS_PREFIX             the keys' prefix (default `evc`)
//   REDIS_ACCEPT_VOLATILE    `yes`: use a Redis without an append-only file, which forgets on restart
//                            (logged as a warning at start); unset, the handlers refuse one with 503
//                            store_not_durable until it has appendonly yes
// GET /healthz and /readyz answer liveness and readiness (Redis answering, and keeping what it is
// written across a restart: else not_ready with reasons {"redis-persistence":"store_not_durable"}); SIGTERM or SIGINT drain
// the requests in flight and exit 0. Logs are JSON lines on standard output.
import { createServer } from 'node:http';
import { listeningUrl } from './http.mjs';

const MINUTE = 60_000;
const env = process.env;

/** A whole number from the environment, or the fallback when unset. */
function whole(name, fallback) {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not "${text}".`);
  return value;
}

/** A variable that must be set. */
function required(name) {
  if (!env[name]) throw new Error(`${name} must be set.`);
  return env[name];
}

let server;
try {
  server = await import('../dist/server.js');
} catch (error) {
  if (error.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  throw new Error('dist/server.js is missing: run `npm run build` first.', { cause: error });
}

/** The shared stores and their client when REDIS_URL is set. */
async function connectRedis(url) {
  if (typeof server.createRedisStores !== 'function') {
    throw new Error('REDIS_URL is set, but this build of dist/server.js exports no createRedisStores.');
  }
  let redis;
  try {
    redis = await import('redis');
  } catch (error) {
    if (error.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new Error('REDIS_URL is set, but the `redis` package is not installed (npm install redis).', { cause: error });
  }
  const client = redis.createClient({ url });
  // Unhandled, a connection error would end the process; readiness reports the outage instead.
  client.on('error', (error) => server.jsonLogger({ level: 'error', msg: 'redis error', error: String(error) }));
  await client.connect();
  const acceptVolatileStore = env.REDIS_ACCEPT_VOLATILE === 'yes';
  return { client, stores: server.createRedisStores({ client, prefix: env.REDIS_PREFIX || 'evc', acceptVolatileStore }) };
}

const redis = env.REDIS_URL ? await connectRedis(env.REDIS_URL) : undefined;
const allowedOrigins = required('ALLOWED_ORIGINS').split(',').map((origin) => origin.trim()).filter(Boolean);
const rateLimitStore = redis && { store: redis.stores.rateLimit };
const rateLimit = env.RATE_LIMIT === 'off' ? false : { limit: whole('RATE_LIMIT', 10), windowMs: MINUTE, ...rateLimitStore };
// Unset: each handler's own cap, kept where its per-client limit is.
const globalRateLimit =
  env.GLOBAL_RATE_LIMIT === 'off' ? false : env.GLOBAL_RATE_LIMIT ? { limit: whole('GLOBAL_RATE_LIMIT', 0), windowMs: 60 * MINUTE, ...rateLimitStore } : undefined;
const limits = { rateLimit, ...(globalRateLimit !== undefined && { globalRateLimit }) };

// One store for both handlers that price, so a verification prices one order between them.
const partner = env.PARTNER_TOKEN_SECRET
  ? { partnerTokenSecret: env.PARTNER_TOKEN_SECRET, partnerTokens: redis?.stores.partnerTokens ?? server.memoryPartnerTokenStore() }
  : {};

/** The Mailgun account both mail-sending handlers use. */
const mailgun = env.MAILGUN_API_KEY && env.MAILGUN_DOMAIN
  ? {
      apiKey: env.MAILGUN_API_KEY,
      domain: env.MAILGUN_DOMAIN,
      timeoutMs: whole('MAILGUN_TIMEOUT_MS', 10_000),
      ...(env.MAILGUN_BASE_URL && { baseUrl: env.MAILGUN_BASE_URL }),
    }
  : undefined;

/** Path → handler; a family of routes is served only when its provider is configured. */
const routes = new Map();
if (mailgun) {
  routes.set(
    '/api/spec-request',
    server.createSpecRequestHandler({
      mailgun,
      from: env.SPEC_REQUEST_FROM ?? `Upgrade specifications <specifications@${env.MAILGUN_DOMAIN}>`,
      to: required('SPEC_REQUEST_TO'),
      subject: env.SPEC_REQUEST_SUBJECT ?? 'Upgrade specification request',
      template: env.SPEC_REQUEST_TEMPLATE ?? 'upgrade-specification',
      allowedOrigins,
      ...limits,
      ...(redis && { idempotency: { store: redis.stores.idempotency } }),
    }),
  );
}
if (env.GOCARDLESS_ACCESS_TOKEN && env.GOCARDLESS_WEBHOOK_SECRET) {
  const store = redis?.stores.directDebit ?? server.memoryDirectDebitStore();
  // Shared, so a retried start or a redelivered event is handled once whichever instance it reaches.
  const idempotency = redis && { idempotency: { store: redis.stores.idempotency } };
  const shop = env.SHOPIFY_ADMIN_ENDPOINT && env.SHOPIFY_ADMIN_TOKEN && { adminEndpoint: env.SHOPIFY_ADMIN_ENDPOINT, adminToken: env.SHOPIFY_ADMIN_TOKEN };
  const directDebit = server.createDirectDebitHandler({
    gocardless: {
      accessToken: env.GOCARDLESS_ACCESS_TOKEN,
      environment: env.GOCARDLESS_ENVIRONMENT ?? 'sandbox',
      ...(env.GOCARDLESS_BASE_URL && { baseUrl: env.GOCARDLESS_BASE_URL }),
    },
    allowedOrigins,
    ...limits,
    ...(rateLimit === false && { statusRateLimit: false }),
    store,
    ...idempotency,
    ...(shop && { shop }),
    ...partner,
  });
  routes.set('/api/direct-debit', directDebit);
  // The handler tells its checkout apart by the path's last segment.
  if (shop) routes.set('/api/direct-debit/checkout', directDebit);
  routes.set(
    '/api/direct-debit/webhook',
    server.createDirectDebitWebhookHandler({
      webhookSecret: env.GOCARDLESS_WEBHOOK_SECRET,
      store,
      ...idempotency,
      // Its id and action only: the logs carry no personal data.
      onEvent: (event) => server.jsonLogger({ level: 'info', msg: 'direct-debit event', eventId: event.id, action: event.action }),
    }),
  );
}
if (env.QUOTE === 'on') routes.set('/api/quote', server.createQuoteHandler(partner));
if (env.PARTNER_TOKEN_SECRET && mailgun && env.SHOPIFY_ADMIN_ENDPOINT && env.SHOPIFY_ADMIN_TOKEN) {
  const partnerDiscount = server.createPartnerDiscountHandler({
    mailgun,
    from: env.PARTNER_CODE_FROM ?? `Partner offers <offers@${env.MAILGUN_DOMAIN}>`,
    subject: env.PARTNER_CODE_SUBJECT ?? 'Your partner discount code',
    template: env.PARTNER_CODE_TEMPLATE ?? 'partner-discount-code',
    shop: { adminEndpoint: env.SHOPIFY_ADMIN_ENDPOINT, adminToken: env.SHOPIFY_ADMIN_TOKEN },
    tokenSecret: env.PARTNER_TOKEN_SECRET,
    allowedOrigins,
    ...limits,
    ...(redis && { codes: { store: redis.stores.partnerCodes } }),
  });
  // The handler tells …/start from …/verify by the path's last segment.
  routes.set('/api/partner-discount/start', partnerDiscount);
  routes.set('/api/partner-discount/verify', partnerDiscount);
}
if (routes.size === 0) {
  throw new Error('Nothing to serve: set MAILGUN_API_KEY and MAILGUN_DOMAIN, GOCARDLESS_ACCESS_TOKEN and GOCARDLESS_WEBHOOK_SECRET, or QUOTE=on.');
}

const notFound = async () => Response.json({ error: { code: 'not_found', message: 'No handler here.' } }, { status: 404 });
const listener = server.toNodeListener((request, info) => (routes.get(new URL(request.url).pathname) ?? notFound)(request, info), {
  trustedProxies: whole('TRUSTED_PROXIES', 0),
  ready: redis
    ? [
        { name: 'redis', check: redis.stores.ping },
        { name: 'redis-persistence', check: redis.stores.durable },
      ]
    : [],
});
const httpServer = createServer(listener);
server.serveNode(httpServer, listener, { onClose: redis ? [() => redis.client.close()] : [] });
const host = env.HOST || '127.0.0.1';
httpServer.listen(whole('PORT', 8787), host, () => console.log(JSON.stringify({ listening: listeningUrl(httpServer, host) })));
