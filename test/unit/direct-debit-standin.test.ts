// @vitest-environment node
// The reference direct-debit handlers against the demo's GoCardless API stand-in, in process: the
// start handler's derived Idempotency-Keys and GoCardless's idempotency rule (a repeated key is a
// 409 naming the resource it created) give one billing request per start, however it is retried,
// and the webhook handler hears what the stand-in sends. With the Admin API stand-in as its shop, a
// fulfilled mandate is checked out with one draft order whose invoice page shows the initial payment.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGoCardlessStandIn } from '../../demo/gocardless/api-stand-in.mjs';
import { DEMO_ADMIN_TOKEN, createStorefrontStandIn } from '../../demo/storefront/stand-in.mjs';
import { UK_CATALOGUE } from '../../src/domain/catalogue/uk';
import type { DirectDebitHandlerOptions } from '../../src/server/direct-debit-handler';
import { createDirectDebitHandler, createDirectDebitWebhookHandler } from '../../src/server/direct-debit-handler';
import { memoryDirectDebitStore } from '../../src/server/direct-debit-store';
import { shopProducts } from '../../src/domain/shop-products';

const ORIGIN = 'https://portal.example';
const BASE = 'https://gocardless.invalid';
const TOKEN = 'test-token';
const SECRET = 'test-webhook-secret';
/** 15 January 2026, for the age check. */
const TODAY = Date.UTC(2026, 0, 15, 12);

/** The relay-fuzz corpus's valid direct-debit request, with a key so starts are idempotent. */
const body = {
  ...(JSON.parse(readFileSync(new URL('../fixtures/relay-fuzz/direct-debit.json', import.meta.url), 'utf8')) as { valid: object }).valid,
  idempotencyKey: 'standin-key-0123456789',
};

const post = (path = '', extra: Record<string, unknown> = {}) =>
  new Request(`https://shop.example/api/direct-debit${path}`, {
    method: 'POST',
    body: JSON.stringify({ ...body, ...extra }),
    headers: { origin: ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
  });

/**
 * Both handlers on one store, the start handler calling the stand-in; `loseFlowAnswers` flow creations
 * reach the stand-in but their answers never come back (a timeout after GoCardless acted).
 */
function world({ loseFlowAnswers = 0, ...overrides }: Partial<DirectDebitHandlerOptions> & { loseFlowAnswers?: number } = {}) {
  const store = memoryDirectDebitStore();
  const webhook = createDirectDebitWebhookHandler({ webhookSecret: SECRET, store, log: false });
  const standIn = createGoCardlessStandIn({ accessToken: TOKEN, webhookSecret: SECRET, onWebhook: webhook });
  /** The stand-in's status for each `POST /billing_requests`. */
  const billingRequestPosts: number[] = [];
  let toLose = loseFlowAnswers;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const response = await standIn.handle(request);
    const { pathname } = new URL(request.url);
    if (request.method === 'POST' && pathname === '/billing_requests') billingRequestPosts.push(response.status);
    if (pathname === '/billing_request_flows' && toLose > 0) {
      toLose -= 1;
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    }
    return response;
  };
  const handler = createDirectDebitHandler({
    gocardless: { accessToken: TOKEN, environment: 'sandbox', baseUrl: BASE, fetch },
    allowedOrigins: [ORIGIN],
    trustedProxies: 1,
    log: false,
    clock: () => TODAY,
    store,
    ...overrides,
  });
  const read = async (path: string) =>
    (await standIn.handle(new Request(`${BASE}${path}`, { headers: { authorization: `Bearer ${TOKEN}`, 'gocardless-version': '2015-07-06' } }))).json();
  return { handler, standIn, store, billingRequestPosts, read };
}

describe('the direct-debit handler against the GoCardless stand-in', () => {
  it('finishes a start whose flow answer was lost with the same billing request and flow: GoCardless made one of each', async () => {
    const { handler, standIn, store, billingRequestPosts, read } = world({ loseFlowAnswers: 1 });
    const lost = await handler(post());
    expect(lost.status).toBe(502);
    expect((await lost.json()).error.code).toBe('start_unconfirmed');
    const [createdFlow] = standIn.requests.filter((request) => request.path === '/billing_request_flows');
    expect(createdFlow).toBeDefined();

    const retry = await handler(post());
    expect(retry.status).toBe(201);
    const { flowId } = await retry.json();
    expect(billingRequestPosts).toEqual([201, 409]);
    const { billing_request_flows: flow } = await read(`/billing_request_flows/${flowId}`);
    expect(await store.status(flowId)).toMatchObject({ billingRequestId: flow.links.billing_request, status: 'pending' });
    expect(standIn.requests.some((request) => request.path.endsWith('/actions/cancel'))).toBe(false);
    expect((await handler(post())).headers.get('idempotent-replayed')).toBe('true');
  });

  it('starts a new billing request after one the handler cancelled (its application hook failed)', async () => {
    let applications = 0;
    const { handler, standIn, store, billingRequestPosts, read } = world({
      onApplication: () => {
        applications += 1;
        if (applications === 1) throw new Error('credit bureau down');
      },
    });
    expect((await handler(post())).status).toBe(502);
    const cancelled = standIn.webhooks.at(-1)!;
    expect(cancelled.events[0]!.action).toBe('cancelled');
    expect(cancelled.status).toBe(204);

    const retry = await handler(post());
    expect(retry.status).toBe(201);
    const { flowId } = await retry.json();
    expect(billingRequestPosts).toEqual([201, 409, 201]);
    const { billing_request_flows: flow } = await read(`/billing_request_flows/${flowId}`);
    expect(flow.links.billing_request).not.toBe(cancelled.events[0]!.links.billing_request);
    expect((await read(`/billing_requests/${flow.links.billing_request}`)).billing_requests.status).toBe('pending');
    expect(await store.status(flowId)).toMatchObject({ status: 'pending' });
  });

  it('has the cancelled webhook of a billing request whose flow never started delivered again (409 billing_request_unknown)', async () => {
    const { handler, standIn } = world();
    standIn.flowFailures.set(1, 429);
    const response = await handler(post());
    expect(response.status).toBe(502);
    expect((await response.json()).error.code).toBe('provider_failed');
    const delivery = standIn.webhooks.at(-1)!;
    expect(delivery.events[0]!.action).toBe('cancelled');
    expect(delivery.status).toBe(409);
  });

  it('checks a fulfilled mandate out with one draft order of the shop, whose invoice page asks the initial payment', async () => {
    const demo = createStorefrontStandIn({ catalogue: UK_CATALOGUE, products: shopProducts(UK_CATALOGUE) });
    const { handler, standIn, store } = world({
      shop: {
        adminEndpoint: 'https://demo-shop.myshopify.invalid/admin/api/2026-04/graphql.json',
        adminToken: DEMO_ADMIN_TOKEN,
        fetch: (input, init) => demo.admin.handle(new Request(input, init)),
      },
    });
    const { flowId, checkout } = await (await handler(post())).json();
    expect(checkout).toBe('draft-order');
    expect((await handler(post('/checkout', { flowId }))).status).toBe(409);

    await standIn.handle(new Request(`${BASE}/_flows/${flowId}/complete`, { method: 'POST' }));
    const { mandateId } = (await store.status(flowId))!;
    const made = await handler(post('/checkout', { flowId }));
    expect(made.status).toBe(201);
    const answer = await made.json();
    expect(answer).toMatchObject({ dueNow: 35_000, currency: 'GBP', draftOrderId: demo.admin.draftOrders[0]!.id });
    expect(demo.admin.draftOrders).toEqual([expect.objectContaining({ total: 35_000, subtotal: 35_000 + answer.financed })]);

    const invoice = await demo.handle(new Request(`http://127.0.0.1${new URL(answer.checkoutUrl).pathname}`));
    expect(invoice.status).toBe(200);
    const html = await invoice.text();
    for (const text of ['Total due</th><td>£350.00', 'Monthly plan: balance by Direct Debit', mandateId!, flowId, 'sam@home.example', 'LS1 4AP']) expect(html).toContain(text);

    const again = await handler(post('/checkout', { flowId }));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(answer);
    expect(demo.admin.draftOrders).toHaveLength(1);
  });
});
