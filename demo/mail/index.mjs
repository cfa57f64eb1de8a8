// The spec-request relay on the demo server: `/api/spec-request` is the reference relay from
// dist/server.js, pointed at the Mailgun stand-in in this process; `GET /api/outbox` lists the
// messages that reached the stand-in; `/api/mail/_control` steers it:
//   POST { "failNext": 2, "status": 503 }  the next 2 messages fail with 503 (status optional);
//   POST { "acceptThenDelayMs": 5000, "count": 1 }  the next message (count optional, 1) is accepted,
//        then its answer held back 5 s, so the relay gives up first and the outcome is unknown;
//        0 switches it off;
//   GET  { "failNext", "status", "acceptThenDelayMs", "count", "messages" }.
// Keys combine in one body; an unknown key or value changes nothing and answers 400 saying why.
// With MAILGUN_API_KEY and MAILGUN_DOMAIN set, the relay talks to Mailgun itself (DEMO-5); with
// REDIS_URL set, its rate limit and idempotency keys live in that Redis.
import { jsonResponse } from '../json-body.mjs';
import { loopbackOrigins } from '../origins.mjs';
import { sharedRedisStores } from '../redis.mjs';
import { createMailgunStandIn } from './mailgun-stand-in.mjs';

export const DEMO_ACCOUNT = { apiKey: 'demo-mailgun-key', domain: 'mg.demo.example' };
/** A name that never resolves, so a stand-in misconfiguration cannot reach the network. */
const STAND_IN_BASE_URL = 'https://mailgun.invalid';
const MAX_FAILURES = 100;
/** The longest an answer may be held back: past any relay timeout, bounded for a typo. */
const MAX_DELAY_MS = 120_000;
/** The stand-in answers at once unless told otherwise, so a short timeout keeps the hanging case quick to see. */
const STAND_IN_TIMEOUT_MS = 3_000;
const CONTROL_KEYS = ['failNext', 'status', 'acceptThenDelayMs', 'count'];

const wholeFrom = (value, least, most) => Number.isInteger(value) && value >= least && value <= most;

/** Why a `/api/mail/_control` body cannot be applied, or null. */
function controlProblem(body) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'The body must be a JSON object.';
  const unknown = Object.keys(body).find((key) => !CONTROL_KEYS.includes(key));
  if (unknown !== undefined) return `Unknown key ${JSON.stringify(unknown)}; the keys are ${CONTROL_KEYS.join(', ')}.`;
  const { failNext, status, acceptThenDelayMs, count } = body;
  if (failNext === undefined && acceptThenDelayMs === undefined) return 'Give failNext or acceptThenDelayMs.';
  if (failNext !== undefined && !wholeFrom(failNext, 0, MAX_FAILURES)) return `failNext must be a whole number from 0 to ${MAX_FAILURES}.`;
  if (status !== undefined && !wholeFrom(status, 400, 599)) return 'status must be an HTTP error status from 400 to 599.';
  if (status !== undefined && failNext === undefined) return 'status needs failNext.';
  if (acceptThenDelayMs !== undefined && !wholeFrom(acceptThenDelayMs, 0, MAX_DELAY_MS)) {
    return `acceptThenDelayMs must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}.`;
  }
  if (count !== undefined && !wholeFrom(count, 1, MAX_FAILURES)) return `count must be a whole number from 1 to ${MAX_FAILURES}.`;
  if (count !== undefined && acceptThenDelayMs === undefined) return 'count needs acceptThenDelayMs.';
  return null;
}

/** Mailgun itself with MAILGUN_API_KEY and MAILGUN_DOMAIN, else the stand-in: the handlers' `mailgun` option. */
export function mailgunOptions(env, standIn) {
  return env.MAILGUN_API_KEY && env.MAILGUN_DOMAIN
    ? { apiKey: env.MAILGUN_API_KEY, domain: env.MAILGUN_DOMAIN, ...(env.MAILGUN_BASE_URL ? { baseUrl: env.MAILGUN_BASE_URL } : {}) }
    : { ...DEMO_ACCOUNT, baseUrl: STAND_IN_BASE_URL, timeoutMs: STAND_IN_TIMEOUT_MS, fetch: (input, init) => standIn.handle(new Request(input, init)) };
}

function relayOptions(env, standIn, redis) {
  const mailgun = mailgunOptions(env, standIn);
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
  async function handle(request, { clientAddress }) {
    let specRequestHandler;
    try {
      specRequestHandler = await loadRelay();
    } catch (error) {
      relay = undefined;
      console.error('spec-request relay unavailable:', error);
      return jsonResponse(503, { error: { code: 'relay_unavailable', message: 'Run `npm run build` first.' } });
    }
    return specRequestHandler(request, { clientAddress });
  }
  const relayPattern = /^\/api\/spec-request$/;
  const controlPattern = /^\/api\/mail\/_control$/;
  const controlState = () => ({ ...standIn.failures.state(), ...standIn.delays.state(), messages: standIn.messages.length });
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
        const problem = controlProblem(body);
        if (problem) return jsonResponse(400, { error: problem });
        if (body.failNext !== undefined) standIn.failures.set(body.failNext, body.status);
        if (body.acceptThenDelayMs !== undefined) standIn.delays.set(body.acceptThenDelayMs, body.count);
        return jsonResponse(200, controlState());
      },
    },
  ];
  return { routes, standIn };
}

/** The demo server's relay and its Mailgun stand-in, whose outbox the partner-discount codes reach too. */
export const specRequest = createSpecRequestRoutes();
