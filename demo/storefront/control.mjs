// The failure switch, for tests of "shop unreachable, then reachable" (issue 4, Tests). Off by
// default. `POST /api/_control` with a JSON body sets it:
//   { "failNext": 2, "status": 503 }  the next 2 Storefront API requests answer 503 (status is
//                                     optional, 503 by default; any 400-599), then it is off again;
//   { "failNext": 0 }                 switches it off at once;
//   { "forgetCarts": true }           drops every cart, as if they had expired.
// `GET /api/_control` answers the current state: { "failNext", "status", "carts" }.
// Preflight (OPTIONS) requests never count, so a browser's real request is the one that fails.

const json = (status, body) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });

/** Most failures one switch may queue: enough for any retry test, bounded for a typo. */
const MAX_FAILURES = 100;

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

function parseControl(body) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'The body must be a JSON object.';
  const { failNext, status, forgetCarts } = body;
  if (failNext !== undefined && !(Number.isInteger(failNext) && failNext >= 0 && failNext <= MAX_FAILURES)) {
    return `failNext must be a whole number from 0 to ${MAX_FAILURES}.`;
  }
  if (status !== undefined && !(Number.isInteger(status) && status >= 400 && status <= 599)) {
    return 'status must be an HTTP error status from 400 to 599.';
  }
  if (status !== undefined && failNext === undefined) return 'status needs failNext.';
  if (forgetCarts !== undefined && typeof forgetCarts !== 'boolean') return 'forgetCarts must be true or false.';
  return null;
}

export function controlRoutes({ failures, carts }) {
  const state = () => ({ ...failures.state(), carts: carts.size });
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
        const problem = parseControl(body);
        if (problem) return json(400, { error: problem });
        if (body.failNext !== undefined) failures.set(body.failNext, body.status);
        if (body.forgetCarts) carts.clear();
        return json(200, state());
      },
    },
  ];
}
