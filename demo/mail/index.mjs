// The spec-request relay on the demo server (issue 5): `/api/spec-request` is the reference relay
// from dist/server.js, pointed at the Mailgun stand-in in this process; `GET /api/outbox` lists the
// messages that reached the stand-in; `/api/mail/_control` is its failure switch:
//   POST { "failNext": 2, "status": 503 }  the next 2 messages fail with 503 (status optional);
//   GET                                    { "failNext", "status", "messages" }.
// With MAILGUN_API_KEY and MAILGUN_DOMAIN set, the relay talks to Mailgun itself (DESIGN); with
// REDIS_URL set, its rate limit and idempotency keys live in that Redis.
import { jsonResponse } from '../json-body.mjs';
import { loopbackOrigins } from '../origins.mjs';
import { sharedRedisStores } from '../redis.mjs';
import { createMailgunStandIn } from './mailgun-stand-in.mjs';

const DEMO_ACCOUNT = { apiKey: 'demo-mailgun-key', domain: 'mg.demo.example' };
/** A name that never resolves, so a stand-in misconfiguration cannot reach the network. */
const STAND_IN_BASE_URL = 'http://mailgun.invalid';
const MAX_FAILURES = 100;

function relayOptions(env, standIn, redis) {
  const real = Boolean(env.MAILGUN_API_KEY && env.MAILGUN_DOMAIN);
  const mailgun = real
    ? { apiKey: env.MAILGUN_API_KEY, domain: env.MAILGUN_DOMAIN, ...(env.MAILGUN_BASE_URL ? { baseUrl: env.MAILGUN_BASE_URL } : {}) }
    : { ...DEMO_ACCOUNT, baseUrl: STAND_IN_BASE_URL, fetch: (input, init) => standIn.handle(new Request(input, init)) };
  return {
    mailgun,
    from: env.SPEC_REQUEST_FROM ?? `Upgrade specifications <specifications@${mailgun.domain}>`,
    to: env.SPEC_REQUEST_TO ?? 'orders@company.example',
    subject: env.SPEC_REQUEST_SUBJECT ?? 'Upgrade specification request',
    template: env.SPEC_REQUEST_TEMPLATE ?? 'upgrade-specification',
    allowedOrigins: loopbackOrigins(env.SPEC_REQUEST_ALLOWED_ORIGINS),
    // Generous: every page and test of a demo session comes from one loopback address.
    rateLimit: { limit: 120, windowMs: 60_000, ...(redis && { store: redis.rateLimit }) },
    ...(redis && { idempotency: { store: redis.idempotency } }),
    onProviderError: (failure) => console.warn('spec-request: the mail provider failed', failure.status ?? failure.error),
  };
}

export function createSpecRequestRoutes(env = process.env) {
  const standIn = createMailgunStandIn(DEMO_ACCOUNT);
  let relay;
  // Loaded on first use so the demo server starts before a build; the relay is the shipped file.
  // One promise, so concurrent first requests share one relay (and its idempotency keys).
  const loadRelay = () =>
    (relay ??= import('../../dist/server.js').then(async ({ createSpecRequestHandler }) =>
      createSpecRequestHandler(relayOptions(env, standIn, await sharedRedisStores(env))),
    ));
  async function handle(request) {
    let specRequestHandler;
    try {
      specRequestHandler = await loadRelay();
    } catch (error) {
      relay = undefined;
      console.error('spec-request relay unavailable:', error);
      return jsonResponse(503, { error: { code: 'relay_unavailable', message: 'Run `npm run build` first.' } });
    }
    return specRequestHandler(request);
  }
  const relayPattern = /^\/api\/spec-request$/;
  const controlPattern = /^\/api\/mail\/_control$/;
  const controlState = () => ({ ...standIn.failures.state(), messages: standIn.messages.length });
  const routes = [
    { method: 'POST', pattern: relayPattern, handler: handle },
    { method: 'OPTIONS', pattern: relayPattern, handler: handle },
    { method: 'GET', pattern: /^\/api\/outbox$/, handler: () => jsonResponse(200, standIn.messages) },
    { method: 'GET', pattern: controlPattern, handler: () => jsonResponse(200, controlState()) },
    {
      method: 'POST',
      pattern: controlPattern,
      handler: async (request) => {
        let body;
        try {
          body = JSON.parse(await request.text());
        } catch {
          return jsonResponse(400, { error: 'The body must be JSON.' });
        }
        const { failNext, status = 503 } = body ?? {};
        if (!(Number.isInteger(failNext) && failNext >= 0 && failNext <= MAX_FAILURES)) {
          return jsonResponse(400, { error: `failNext must be a whole number from 0 to ${MAX_FAILURES}.` });
        }
        if (!(Number.isInteger(status) && status >= 400 && status <= 599)) {
          return jsonResponse(400, { error: 'status must be an HTTP error status from 400 to 599.' });
        }
        standIn.failures.set(failNext, status);
        return jsonResponse(200, controlState());
      },
    },
  ];
  return { routes, standIn };
}

export const specRequestRoutes = createSpecRequestRoutes().routes;
