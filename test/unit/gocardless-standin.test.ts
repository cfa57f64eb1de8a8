// @vitest-environment node
// The stand-in answers a direct-debit handler's
// calls with GoCardless's shapes, headers, errors and idempotency rule; its drop-in actions fulfil
// or cancel a flow and send the webhook GoCardless would, signed with the endpoint's secret.
// Everything runs in process: requests go straight to the stand-in.
import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { createGoCardlessStandIn, type GoCardlessStandIn } from '../../demo/gocardless/api-stand-in.mjs';

const BASE = 'http://gocardless.invalid';
const TOKEN = 'test-token';
const SECRET = 'test-webhook-secret';

const headers = (extra: Record<string, string> = {}) => ({
  Authorization: `Bearer ${TOKEN}`,
  'GoCardless-Version': '2015-07-06',
  'Content-Type': 'application/json',
  ...extra,
});

interface GcErrorBody {
  error: {
    message: string;
    type: string;
    code: number;
    request_id: string;
    documentation_url: string;
    errors: { reason?: string; field?: string; message: string; request_pointer?: string; links?: Record<string, string> }[];
  };
}
interface BillingRequest {
  id: string;
  status: string;
  mandate_request: { currency: string; scheme: string; verify: string; metadata: Record<string, string>; links: { mandate?: string } };
  metadata: Record<string, string>;
  links: Record<string, string>;
  actions: { type: string; status: string }[];
  resources: { customer?: { id: string; email: string | null; given_name: string | null } };
}
interface Flow {
  id: string;
  authorisation_url: string;
  lock_customer_details: boolean;
  auto_fulfil: boolean;
  prefilled_customer: Record<string, string> | null;
  links: { billing_request: string };
}

let webhookRequests: Request[];
let standIn: GoCardlessStandIn;

beforeEach(() => {
  webhookRequests = [];
  standIn = createGoCardlessStandIn({
    accessToken: TOKEN,
    webhookSecret: SECRET,
    onWebhook: (request) => {
      webhookRequests.push(request);
      return new Response(null, { status: 204 });
    },
  });
});

const call = (path: string, init: RequestInit = {}) => standIn.handle(new Request(`${BASE}${path}`, init));

const post = (path: string, body: unknown, extraHeaders: Record<string, string> = {}) =>
  call(path, { method: 'POST', headers: headers(extraHeaders), body: JSON.stringify(body) });

const mandateBody = (mandateRequest: Record<string, unknown> = { currency: 'GBP' }, metadata?: Record<string, unknown>) => ({
  billing_requests: { mandate_request: mandateRequest, ...(metadata && { metadata }) },
});

async function createBillingRequest(extra: Record<string, string> = {}): Promise<BillingRequest> {
  const response = await post('/billing_requests', mandateBody({ currency: 'GBP' }, { order: 'ORDER-1' }), extra);
  expect(response.status).toBe(201);
  return ((await response.json()) as { billing_requests: BillingRequest }).billing_requests;
}

async function createFlow(billingRequestId: string, extra: Record<string, unknown> = {}): Promise<Flow> {
  const response = await post('/billing_request_flows', { billing_request_flows: { links: { billing_request: billingRequestId }, ...extra } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { billing_request_flows: Flow }).billing_request_flows;
}

const errorOf = async (response: Response) => ((await response.json()) as GcErrorBody).error;

describe('GoCardless API stand-in: billing requests', () => {
  it('creates a pending billing request with a GBP Bacs mandate request, 201 and a Location', async () => {
    const response = await post('/billing_requests', mandateBody({ currency: 'GBP' }, { order: 'ORDER-1' }));
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json');
    const { billing_requests: created } = (await response.json()) as { billing_requests: BillingRequest };
    expect(created.id).toMatch(/^BRQ[0-9A-Z]{10}$/);
    expect(response.headers.get('location')).toBe(`/billing_requests/${created.id}`);
    expect(created.status).toBe('pending');
    expect(created.mandate_request).toEqual({ currency: 'GBP', scheme: 'bacs', verify: 'recommended', description: null, metadata: {}, links: {} });
    expect(created.metadata).toEqual({ order: 'ORDER-1' });
    expect(created.links.mandate_request).toMatch(/^MRQ/);
    expect(created.links.mandate_request_mandate).toBeUndefined();
    expect(created.actions.map((action) => [action.type, action.status])).toEqual([
      ['collect_customer_details', 'pending'],
      ['collect_bank_account', 'pending'],
      ['confirm_payer_details', 'pending'],
    ]);
    const read = await call(`/billing_requests/${created.id}`, { headers: headers() });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ billing_requests: created });
  });

  it('derives the currency from the scheme', async () => {
    const response = await post('/billing_requests', mandateBody({ scheme: 'sepa_core' }));
    expect(response.status).toBe(201);
    const { billing_requests: created } = (await response.json()) as { billing_requests: BillingRequest };
    expect([created.mandate_request.currency, created.mandate_request.scheme]).toEqual(['EUR', 'sepa_core']);
  });

  const refusals: [string, unknown, string, string][] = [
    ['no mandate request', { billing_requests: {} }, 'mandate_request', '/billing_requests/mandate_request'],
    ['neither currency nor scheme', mandateBody({}), 'currency', '/billing_requests/mandate_request/currency'],
    ['an unknown currency', mandateBody({ currency: 'XYZ' }), 'currency', '/billing_requests/mandate_request/currency'],
    ['a currency the scheme does not use', mandateBody({ currency: 'EUR', scheme: 'bacs' }), 'currency', '/billing_requests/mandate_request/currency'],
    ['an unknown scheme', mandateBody({ scheme: 'cheque' }), 'scheme', '/billing_requests/mandate_request/scheme'],
    ['an unknown verify', mandateBody({ currency: 'GBP', verify: 'never' }), 'verify', '/billing_requests/mandate_request/verify'],
    ['four metadata keys', mandateBody({ currency: 'GBP' }, { a: '1', b: '2', c: '3', d: '4' }), 'metadata', '/billing_requests/metadata'],
    ['a metadata value that is not a string', mandateBody({ currency: 'GBP' }, { a: 1 }), 'metadata', '/billing_requests/metadata'],
    ['a metadata value over 500 characters', mandateBody({ currency: 'GBP', metadata: { a: 'x'.repeat(501) } }), 'metadata', '/billing_requests/mandate_request/metadata'],
  ];
  it.each(refusals)('refuses %s with a 422 validation_failed naming the field', async (_name, body, field, pointer) => {
    const response = await post('/billing_requests', body);
    expect(response.status).toBe(422);
    const error = await errorOf(response);
    expect(error).toMatchObject({ type: 'validation_failed', code: 422, message: 'Validation failed' });
    expect(error.errors).toHaveLength(1);
    expect(error.errors[0]).toMatchObject({ field, request_pointer: pointer });
    expect(error.request_id).toBe(response.headers.get('x-request-id'));
  });

  it('refuses a body without the billing_requests envelope, bad JSON and a wrong content type', async () => {
    const unwrapped = await post('/billing_requests', { mandate_request: { currency: 'GBP' } });
    expect(unwrapped.status).toBe(400);
    expect((await errorOf(unwrapped)).errors[0]?.reason).toBe('invalid_document_structure');
    const broken = await call('/billing_requests', { method: 'POST', headers: headers(), body: '{"billing_requests":' });
    expect(broken.status).toBe(400);
    expect((await errorOf(broken)).type).toBe('invalid_api_usage');
    const form = await call('/billing_requests', { method: 'POST', headers: headers({ 'Content-Type': 'application/x-www-form-urlencoded' }), body: 'a=1' });
    expect(form.status).toBe(415);
    expect((await errorOf(form)).errors[0]?.reason).toBe('invalid_content_type');
  });
});

describe('GoCardless API stand-in: access token and version', () => {
  const cases: [string, Record<string, string>, number, string][] = [
    ['no Authorization header', { 'GoCardless-Version': '2015-07-06', 'Content-Type': 'application/json' }, 401, 'missing_authorization_header'],
    ['another token', headers({ Authorization: 'Bearer someone-else' }), 401, 'access_token_not_found'],
    ['the token without Bearer', headers({ Authorization: TOKEN }), 401, 'access_token_not_found'],
    ['no GoCardless-Version header', { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' }, 400, 'missing_version_header'],
    ['an unknown version', headers({ 'GoCardless-Version': '2024-01-01' }), 400, 'version_not_found'],
  ];
  it.each(cases)('refuses a request with %s, creating nothing', async (_name, sent, status, reason) => {
    const response = await call('/billing_requests', { method: 'POST', headers: sent, body: JSON.stringify(mandateBody()) });
    expect(response.status).toBe(status);
    const error = await errorOf(response);
    expect(error).toMatchObject({ type: 'invalid_api_usage', code: status });
    expect(error.errors[0]?.reason).toBe(reason);
    expect(error.documentation_url).toBe(`https://developer.gocardless.com/api-reference#${reason}`);
    const list = await call('/billing_requests/BRQ0000000000', { headers: sent });
    expect(list.status).toBe(status);
  });

  it('records every call with its headers and body, the token value left out', async () => {
    await createBillingRequest({ 'Idempotency-Key': 'key-1' });
    await call('/billing_requests', { method: 'POST', headers: headers({ Authorization: 'secret-without-scheme' }), body: '{}' });
    expect(standIn.requests).toHaveLength(2);
    const [first, second] = standIn.requests;
    expect(first).toMatchObject({ method: 'POST', path: '/billing_requests', body: mandateBody({ currency: 'GBP' }, { order: 'ORDER-1' }) });
    expect(first?.headers).toMatchObject({ authorization: 'Bearer [redacted]', 'gocardless-version': '2015-07-06', 'idempotency-key': 'key-1' });
    expect(second?.headers.authorization).toBe('[redacted]');
    expect(JSON.stringify(standIn.requests)).not.toContain(TOKEN);
    expect(JSON.stringify(standIn.requests)).not.toContain('secret-without-scheme');
  });
});

describe('GoCardless API stand-in: idempotency keys', () => {
  it('answers a repeated key with 409 idempotent_creation_conflict naming the first resource, which GET returns', async () => {
    const first = await createBillingRequest({ 'Idempotency-Key': 'order-42' });
    const repeat = await post('/billing_requests', mandateBody({ currency: 'GBP' }, { order: 'ORDER-1' }), { 'Idempotency-Key': 'order-42' });
    expect(repeat.status).toBe(409);
    const error = await errorOf(repeat);
    expect(error.type).toBe('invalid_state');
    expect(error.errors[0]).toMatchObject({ reason: 'idempotent_creation_conflict', links: { conflicting_resource_id: first.id } });
    const existing = await call(`/billing_requests/${first.id}`, { headers: headers() });
    expect(((await existing.json()) as { billing_requests: BillingRequest }).billing_requests.id).toBe(first.id);

    const flow = await post('/billing_request_flows', { billing_request_flows: { links: { billing_request: first.id } } }, { 'Idempotency-Key': 'order-42' });
    expect(flow.status).toBe(201);
    const flowId = ((await flow.json()) as { billing_request_flows: Flow }).billing_request_flows.id;
    const flowRepeat = await post('/billing_request_flows', { billing_request_flows: { links: { billing_request: first.id } } }, { 'Idempotency-Key': 'order-42' });
    expect(flowRepeat.status).toBe(409);
    expect((await errorOf(flowRepeat)).errors[0]?.links).toEqual({ conflicting_resource_id: flowId });
  });

  it('creates a new resource for another key or none', async () => {
    const a = await createBillingRequest({ 'Idempotency-Key': 'a' });
    const b = await createBillingRequest({ 'Idempotency-Key': 'b' });
    const c = await createBillingRequest();
    const d = await createBillingRequest();
    expect(new Set([a.id, b.id, c.id, d.id]).size).toBe(4);
  });
});

describe('GoCardless API stand-in: billing request flows', () => {
  it('creates a flow for a billing request, echoing the prefilled customer and flags', async () => {
    const billingRequest = await createBillingRequest();
    const response = await post('/billing_request_flows', {
      billing_request_flows: {
        links: { billing_request: billingRequest.id },
        lock_customer_details: true,
        prefilled_customer: { given_name: 'Alex', family_name: 'Morgan', email: 'alex@home.example', postal_code: 'SW1A 1AA', shoe_size: '9' },
      },
    });
    expect(response.status).toBe(201);
    const { billing_request_flows: flow } = (await response.json()) as { billing_request_flows: Flow };
    expect(flow.id).toMatch(/^BRF[0-9A-Z]{10}$/);
    expect(response.headers.get('location')).toBe(`/billing_request_flows/${flow.id}`);
    expect(flow.authorisation_url).toBe(`https://pay-sandbox.gocardless.com/billing/static/flow?id=${flow.id}`);
    expect(flow.links).toEqual({ billing_request: billingRequest.id });
    expect(flow.lock_customer_details).toBe(true);
    expect(flow.auto_fulfil).toBe(true);
    expect(flow.prefilled_customer).toEqual({ given_name: 'Alex', family_name: 'Morgan', email: 'alex@home.example', postal_code: 'SW1A 1AA' });
    const read = await call(`/billing_request_flows/${flow.id}`, { headers: headers() });
    expect(await read.json()).toEqual({ billing_request_flows: flow });
  });

  it('refuses a flow without a billing request (422) or for an unknown one (404)', async () => {
    const missing = await post('/billing_request_flows', { billing_request_flows: { links: {} } });
    expect(missing.status).toBe(422);
    expect((await errorOf(missing)).errors[0]).toMatchObject({ field: 'billing_request', request_pointer: '/billing_request_flows/links/billing_request' });
    const unknown = await post('/billing_request_flows', { billing_request_flows: { links: { billing_request: 'BRQ000NOTHERE' } } });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).errors[0]?.reason).toBe('resource_not_found');
  });

  it('answers 404 for an unknown resource or path', async () => {
    expect((await call('/billing_requests/BRQ000NOTHERE', { headers: headers() })).status).toBe(404);
    // A malformed escape in the id names nothing: 404, not an exception.
    expect((await call('/billing_requests/%E0', { headers: headers() })).status).toBe(404);
    expect((await call('/billing_requests/%E0/actions/cancel', { method: 'POST', headers: headers(), body: '{"data":{}}' })).status).toBe(404);
    expect((await call('/_flows/%E0/complete', { method: 'POST' })).status).toBe(404);
    expect((await call('/billing_request_flows/BRF000NOTHERE', { headers: headers() })).status).toBe(404);
    const path = await call('/mandates', { headers: headers() });
    expect(path.status).toBe(404);
    expect((await errorOf(path)).errors[0]?.reason).toBe('path_not_found');
  });
});

describe('GoCardless API stand-in: the drop-in actions and webhooks', () => {
  const verify = async (request: Request) => {
    const body = await request.text();
    const expected = createHmac('sha256', SECRET).update(body).digest('hex');
    expect(request.headers.get('webhook-signature')).toBe(expected);
    expect(request.headers.get('content-type')).toBe('application/json');
    return JSON.parse(body) as { events: Record<string, unknown>[]; meta: { webhook_id: string } };
  };

  it('complete fulfils the billing request with a new mandate and customer, then sends a signed fulfilled webhook', async () => {
    const billingRequest = await createBillingRequest();
    const flow = await createFlow(billingRequest.id, { prefilled_customer: { given_name: 'Alex', email: 'alex@home.example' } });
    const response = await call(`/_flows/${flow.id}/complete`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const answer = (await response.json()) as { billing_request: BillingRequest; billing_request_flow: Flow };
    const fulfilled = answer.billing_request;
    expect(answer.billing_request_flow.id).toBe(flow.id);
    expect(fulfilled.status).toBe('fulfilled');
    const mandate = fulfilled.links.mandate_request_mandate;
    expect(mandate).toMatch(/^MD[0-9A-Z]{10}$/);
    expect(fulfilled.links.customer).toMatch(/^CU[0-9A-Z]{10}$/);
    expect(fulfilled.mandate_request.links).toEqual({ mandate });
    expect(fulfilled.resources.customer).toMatchObject({ id: fulfilled.links.customer, email: 'alex@home.example', given_name: 'Alex' });
    expect(fulfilled.actions.every((action) => action.status === 'completed')).toBe(true);
    const read = await call(`/billing_requests/${billingRequest.id}`, { headers: headers() });
    expect(((await read.json()) as { billing_requests: BillingRequest }).billing_requests.status).toBe('fulfilled');

    expect(webhookRequests).toHaveLength(1);
    const [webhook] = webhookRequests;
    const body = await verify(webhook!);
    expect(body.meta.webhook_id).toMatch(/^WB/);
    expect(body.events).toHaveLength(1);
    expect(body.events[0]).toMatchObject({
      resource_type: 'billing_requests',
      action: 'fulfilled',
      links: { billing_request: billingRequest.id, mandate_request_mandate: mandate, customer: fulfilled.links.customer },
      details: { cause: 'billing_request_fulfilled' },
      resource_metadata: { order: 'ORDER-1' },
    });
    expect(body.events[0]?.id).toMatch(/^EV/);
    expect(standIn.webhooks).toEqual([{ events: body.events, signature: webhook!.headers.get('webhook-signature'), status: 204 }]);
    // The payer's actions are not API calls.
    expect(standIn.requests.map((request) => request.path)).toEqual(['/billing_requests', '/billing_request_flows', `/billing_requests/${billingRequest.id}`]);
  });

  it('a second complete answers the same fulfilled request without a second webhook', async () => {
    const flow = await createFlow((await createBillingRequest()).id);
    const first = (await (await call(`/_flows/${flow.id}/complete`, { method: 'POST' })).json()) as { billing_request: BillingRequest };
    const second = await call(`/_flows/${flow.id}/complete`, { method: 'POST' });
    expect(second.status).toBe(200);
    const again = (await second.json()) as { billing_request: BillingRequest };
    expect(again.billing_request.links.mandate_request_mandate).toBe(first.billing_request.links.mandate_request_mandate);
    expect(webhookRequests).toHaveLength(1);
  });

  it('cancel cancels the billing request and sends a signed cancelled webhook; it cannot then be completed', async () => {
    const billingRequest = await createBillingRequest();
    const flow = await createFlow(billingRequest.id);
    const response = await call(`/_flows/${flow.id}/cancel`, { method: 'POST' });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { billing_request: BillingRequest };
    expect(answer.billing_request.status).toBe('cancelled');
    expect(answer.billing_request.links.mandate_request_mandate).toBeUndefined();
    const body = await verify(webhookRequests[0]!);
    expect(body.events[0]).toMatchObject({ action: 'cancelled', links: { billing_request: billingRequest.id }, details: { cause: 'billing_request_cancelled' } });
    const complete = await call(`/_flows/${flow.id}/complete`, { method: 'POST' });
    expect(complete.status).toBe(409);
    expect(webhookRequests).toHaveLength(1);
  });

  it('answers 404 for an unknown flow and 405 for GET', async () => {
    expect((await call('/_flows/BRF000NOTHERE/complete', { method: 'POST' })).status).toBe(404);
    expect((await call('/_flows/BRF000NOTHERE/cancel', { method: 'GET' })).status).toBe(405);
    expect(webhookRequests).toHaveLength(0);
  });

  it('records a webhook the endpoint refused or could not take', async () => {
    const refusing = createGoCardlessStandIn({ accessToken: TOKEN, webhookSecret: SECRET, onWebhook: () => new Response('no', { status: 498 }) });
    const throwing = createGoCardlessStandIn({
      accessToken: TOKEN,
      webhookSecret: SECRET,
      onWebhook: () => {
        throw new Error('endpoint down');
      },
    });
    for (const [gocardless, expected] of [[refusing, { status: 498 }], [throwing, { error: 'Error: endpoint down' }]] as const) {
      const send = (path: string, body: unknown) => gocardless.handle(new Request(`${BASE}${path}`, { method: 'POST', headers: headers(), body: JSON.stringify(body) }));
      const br = ((await (await send('/billing_requests', mandateBody())).json()) as { billing_requests: BillingRequest }).billing_requests;
      const flow = ((await (await send('/billing_request_flows', { billing_request_flows: { links: { billing_request: br.id } } })).json()) as { billing_request_flows: Flow })
        .billing_request_flows;
      const done = await gocardless.handle(new Request(`${BASE}/_flows/${flow.id}/complete`, { method: 'POST' }));
      expect(done.status).toBe(200);
      expect(gocardless.webhooks).toHaveLength(1);
      expect(gocardless.webhooks[0]).toMatchObject(expected);
    }
  });
});

describe('GoCardless API stand-in: failure switch', () => {
  it('fails the next billing requests with a GoCardless error, then creates again; a failed call keeps no key', async () => {
    standIn.failures.set(2, 503);
    const statuses: number[] = [];
    let created: BillingRequest | undefined;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await post('/billing_requests', mandateBody(), { 'Idempotency-Key': 'retry-me' });
      statuses.push(response.status);
      if (response.status === 503) expect((await errorOf(response)).type).toBe('gocardless');
      else created = ((await response.json()) as { billing_requests: BillingRequest }).billing_requests;
    }
    expect(statuses).toEqual([503, 503, 201]);
    expect(created?.status).toBe('pending');
    expect(standIn.failures.state()).toEqual({ failNext: 0, status: 503 });
    expect(standIn.requests).toHaveLength(3);
  });

  it('answers a 429 as GoCardless rate limiting', async () => {
    standIn.failures.set(1, 429);
    const response = await post('/billing_requests', mandateBody());
    expect(response.status).toBe(429);
    expect((await errorOf(response)).errors[0]?.reason).toBe('rate_limit_exceeded');
  });

  it('leaves flows alone', async () => {
    const billingRequest = await createBillingRequest();
    standIn.failures.set(1, 500);
    await createFlow(billingRequest.id);
    expect(standIn.failures.state().failNext).toBe(1);
  });
});

describe('GoCardless API stand-in: cancelling a billing request', () => {
  /** `body` null sends none. */
  const cancel = (id: string, body: unknown = { data: {} }, init: RequestInit = {}) =>
    call(`/billing_requests/${id}/actions/cancel`, {
      method: 'POST',
      headers: headers(),
      ...(body !== null && { body: JSON.stringify(body) }),
      ...init,
    });

  it('cancels a pending request at once: 200 with the request cancelled, its flows expired, a signed cancelled webhook', async () => {
    const billingRequest = await createBillingRequest();
    const flow = await createFlow(billingRequest.id);
    const before = Date.now();
    const response = await cancel(billingRequest.id, { data: {} });
    expect(response.status).toBe(200);
    const cancelled = ((await response.json()) as { billing_requests: BillingRequest }).billing_requests;
    expect(cancelled).toMatchObject({ id: billingRequest.id, status: 'cancelled', actions: [], metadata: { order: 'ORDER-1' } });
    const read = await call(`/billing_requests/${billingRequest.id}`, { headers: headers() });
    expect(((await read.json()) as { billing_requests: BillingRequest }).billing_requests.status).toBe('cancelled');
    const readFlow = await call(`/billing_request_flows/${flow.id}`, { headers: headers() });
    const expiresAt = Date.parse(((await readFlow.json()) as { billing_request_flows: { expires_at: string } }).billing_request_flows.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now());

    expect(webhookRequests).toHaveLength(1);
    const body = await webhookRequests[0]!.text();
    expect(webhookRequests[0]!.headers.get('webhook-signature')).toBe(createHmac('sha256', SECRET).update(body).digest('hex'));
    expect(JSON.parse(body).events[0]).toMatchObject({
      resource_type: 'billing_requests',
      action: 'cancelled',
      links: { billing_request: billingRequest.id },
      details: { origin: 'api', cause: 'billing_request_cancelled' },
    });
    expect(standIn.requests.find((request) => request.path.endsWith('/actions/cancel'))).toMatchObject({
      method: 'POST',
      path: `/billing_requests/${billingRequest.id}/actions/cancel`,
      body: { data: {} },
    });
    // The payer can no longer complete the expired flow.
    expect((await call(`/_flows/${flow.id}/complete`, { method: 'POST' })).status).toBe(409);
    expect(webhookRequests).toHaveLength(1);
  });

  it('takes metadata within the limits, or no body at all', async () => {
    const first = await createBillingRequest();
    expect((await cancel(first.id, { data: { metadata: { reason: 'flow_failed' } } })).status).toBe(200);
    const second = await createBillingRequest();
    expect((await cancel(second.id, null, { headers: { Authorization: `Bearer ${TOKEN}`, 'GoCardless-Version': '2015-07-06' } })).status).toBe(200);
  });

  it('refuses to cancel a fulfilled or an already cancelled request with 422 invalid_state, changing nothing', async () => {
    const fulfilled = await createBillingRequest();
    const flow = await createFlow(fulfilled.id);
    expect((await call(`/_flows/${flow.id}/complete`, { method: 'POST' })).status).toBe(200);
    const refused = await cancel(fulfilled.id);
    expect(refused.status).toBe(422);
    const error = await errorOf(refused);
    expect(error).toMatchObject({ type: 'invalid_state', code: 422 });
    expect(error.errors[0]).toMatchObject({ reason: 'cancellation_failed', message: 'Billing request is fulfilled and cannot be cancelled' });
    const read = await call(`/billing_requests/${fulfilled.id}`, { headers: headers() });
    expect(((await read.json()) as { billing_requests: BillingRequest }).billing_requests.status).toBe('fulfilled');

    const cancelled = await createBillingRequest();
    expect((await cancel(cancelled.id)).status).toBe(200);
    const again = await cancel(cancelled.id);
    expect(again.status).toBe(422);
    expect((await errorOf(again)).errors[0]?.message).toBe('Billing request is cancelled and cannot be cancelled');
    // One fulfilled and one cancelled webhook, none for the refusals.
    expect(webhookRequests).toHaveLength(2);
  });

  it('answers 404 for an unknown request, and GoCardless errors for a bad token, envelope or metadata', async () => {
    const unknown = await cancel('BRQ000NOTHERE');
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).errors[0]?.reason).toBe('resource_not_found');
    const billingRequest = await createBillingRequest();
    const noToken = await cancel(billingRequest.id, { data: {} }, { headers: { 'Content-Type': 'application/json' } });
    expect(noToken.status).toBe(401);
    const envelope = await cancel(billingRequest.id, { billing_requests: {} });
    expect(envelope.status).toBe(400);
    expect((await errorOf(envelope)).errors[0]?.reason).toBe('invalid_document_structure');
    const metadata = await cancel(billingRequest.id, { data: { metadata: { a: '1', b: '2', c: '3', d: '4' } } });
    expect(metadata.status).toBe(422);
    expect((await errorOf(metadata)).errors[0]).toMatchObject({ field: 'metadata', request_pointer: '/data/metadata' });
    const get = await call(`/billing_requests/${billingRequest.id}/actions/cancel`, { headers: headers() });
    expect(get.status).toBe(404);
    expect((await errorOf(get)).errors[0]?.reason).toBe('path_not_found');
    const read = await call(`/billing_requests/${billingRequest.id}`, { headers: headers() });
    expect(((await read.json()) as { billing_requests: BillingRequest }).billing_requests.status).toBe('pending');
    expect(webhookRequests).toHaveLength(0);
  });
});

describe('GoCardless API stand-in: flow failure switch', () => {
  it('fails the next flows with a GoCardless error, then creates again, leaving billing requests alone', async () => {
    const billingRequest = await createBillingRequest();
    standIn.flowFailures.set(1, 502);
    const failed = await post('/billing_request_flows', { billing_request_flows: { links: { billing_request: billingRequest.id } } });
    expect(failed.status).toBe(502);
    expect((await errorOf(failed)).type).toBe('gocardless');
    expect(standIn.failures.state().failNext).toBe(0);
    await createBillingRequest();
    await createFlow(billingRequest.id);
    expect(standIn.flowFailures.state()).toEqual({ failNext: 0, status: 502 });
  });
});
