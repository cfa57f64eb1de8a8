// Stand-in for the lead-capture function (LEAD-1, `store-cart-endpoint`):
// `POST /api/store-cart` records the form values it receives; `GET /api/store-cart` lists them in
// order of arrival, as `/api/outbox` lists mail, so a person or a test can see what was sent.
import { jsonResponse, readJson } from './json-body.mjs';

/** The most leads kept; the oldest go first, so a long demo session cannot grow without end. */
const MAX_LEADS = 200;

export function createLeadCaptureStandIn() {
  const leads = [];
  const pattern = /^\/api\/store-cart$/;
  const routes = [
    { method: 'GET', pattern, handler: () => jsonResponse(200, leads) },
    {
      method: 'POST',
      pattern,
      handler: async (request) => {
        const body = await readJson(request);
        if (!body.ok) return jsonResponse(400, { error: body.error });
        if (typeof body.value !== 'object' || body.value === null || Array.isArray(body.value)) {
          return jsonResponse(400, { error: 'The body must be the form values object.' });
        }
        leads.push(body.value);
        if (leads.length > MAX_LEADS) leads.shift();
        return jsonResponse(200, { stored: true });
      },
    },
  ];
  return { routes, leads };
}

export const leadCaptureRoutes = createLeadCaptureStandIn().routes;
