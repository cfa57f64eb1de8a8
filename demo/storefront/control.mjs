// Steering the demo shop for failure and price tests (DEMO-3). Nothing is
// steered by default. `POST /api/_control` with a JSON body:
//   { "failNext": 2, "status": 503 }   the next 2 Storefront API requests answer 503 (status is
//                                      optional, 503 by default; any 400-599), then it is off again;
//   { "failNext": 0 }                  switches the failures off at once;
//   { "forgetCarts": true }            drops every cart, as if they had expired;
//   { "prices": { "<variant gid>": "649.00" } }  sets variant prices (pounds, 2 decimals);
//   { "unavailable": ["<variant gid>"] }         takes variants off sale;
//   { "rejectDiscountCodes": ["PARTNER-EXAMPLE0001"] }    stops honouring existing discount codes;
//   { "reset": true }                  the prefilled demo shop again: the catalogue's products at its
//                                      prices, on sale and published, every code honoured, failures
//                                      off (carts are kept);
//   { "shop": "empty" }                no products, variants, selling plans, discounts or carts, for
//                                      the set-up command to fill through the Admin API stand-in.
// Keys combine in one body (the reset first); a body with an unknown key or value changes nothing
// and answers 400 saying why. Prices, availability and codes apply to the theme cart stand-in too.
// `GET /api/_control` answers the state: { failNext, status, carts, prices, unavailable,
// rejectDiscountCodes }, the last three listing only what differs from the catalogue.
// Preflight (OPTIONS) requests never count, so a browser's real request is the one that fails.
import { steer, steeringProblem, steeringState } from './steering.mjs';

const json = (status, body) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });

/** Most failures one switch may queue: enough for any retry test, bounded for a typo. */
const MAX_FAILURES = 100;

const KEYS = ['failNext', 'status', 'forgetCarts', 'prices', 'unavailable', 'rejectDiscountCodes', 'reset', 'shop'];

export function createFailureSwitch() {
  let remaining = 0;
  let status = 503;
  return {
    /** The status to fail this request with, or null when the switch is off; counts one failure. */
    take() {
      if (remaining === 0) return null;
      remaining -= 1;
      return status;
    },
    set(count, failStatus = 503) {
      remaining = count;
      status = failStatus;
    },
    state: () => ({ failNext: remaining, status }),
  };
}

function parseControl(body, shop) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'The body must be a JSON object.';
  const unknown = Object.keys(body).find((key) => !KEYS.includes(key));
  if (unknown !== undefined) return `Unknown key ${JSON.stringify(unknown)}; the keys are ${KEYS.join(', ')}.`;
  const { failNext, status, forgetCarts } = body;
  if (failNext !== undefined && !(Number.isInteger(failNext) && failNext >= 0 && failNext <= MAX_FAILURES)) {
    return `failNext must be a whole number from 0 to ${MAX_FAILURES}.`;
  }
  if (status !== undefined && !(Number.isInteger(status) && status >= 400 && status <= 599)) {
    return 'status must be an HTTP error status from 400 to 599.';
  }
  if (status !== undefined && failNext === undefined) return 'status needs failNext.';
  if (forgetCarts !== undefined && typeof forgetCarts !== 'boolean') return 'forgetCarts must be true or false.';
  if (body.shop !== undefined && body.shop !== 'empty') return 'shop must be "empty".';
  return steeringProblem(shop, body);
}

/** `onEmpty`: what else forgets the shop's records when it is emptied (the Admin stand-in's discounts). */
export function controlRoutes({ failures, carts, shop, onEmpty = () => {} }) {
  const state = () => ({ ...failures.state(), carts: carts.size, ...steeringState(shop) });
  const pattern = /^\/api\/_control$/;
  return [
    { method: 'GET', pattern, handler: () => json(200, state()) },
    {
      method: 'POST',
      pattern,
      handler: async (request) => {
        let body;
        try {
          body = JSON.parse(await request.text());
        } catch {
          return json(400, { error: 'The body must be JSON.' });
        }
        const problem = parseControl(body, shop);
        if (problem) return json(400, { error: problem });
        if (body.shop === 'empty') {
          shop.empty();
          onEmpty();
        }
        if (body.reset) {
          failures.set(0);
          shop.reseed();
        }
        if (body.failNext !== undefined) failures.set(body.failNext, body.status);
        if (body.forgetCarts) carts.clear();
        steer(shop, body);
        return json(200, state());
      },
    },
  ];
}
