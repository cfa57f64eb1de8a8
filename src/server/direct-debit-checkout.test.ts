import { describe, expect, it, vi } from 'vitest';
import { UK_CATALOGUE as C } from '../domain/catalogue/uk';
import type { Configuration } from '../domain/configuration';
import { defaultConfiguration } from '../domain/configuration';
import { draftItems } from '../domain/draft-order';
import { orderItems } from '../domain/order-items';
import type { DirectDebitHandlerOptions, DirectDebitProviderFailure } from './direct-debit-handler';
import { createDirectDebitHandler } from './direct-debit-handler';
import type { DirectDebitStore } from './direct-debit-store';
import { memoryDirectDebitStore } from './direct-debit-store';
import { memoryIdempotencyStore } from './idempotency';
import type { LogRecord } from './operations';
import { signPartnerToken } from './partner-token';
import { FINANCE_ANSWERS } from '../domain/direct-debit.fixture';

const ORIGIN = 'https://portal.example';
const ENDPOINT = 'https://shop.example/api/direct-debit';
const CHECKOUT = `${ENDPOINT}/checkout`;
const ADMIN = 'https://demo-shop.myshopify.com/admin/api/2026-04/graphql.json';
const ADMIN_TOKEN = 'shpat_admin-token-value';
const PARTNER_SECRET = 'partner-token-secret-of-at-least-32-bytes';
/** 15 January 2026. */
const TODAY = Date.UTC(2026, 0, 15, 12);
const DAY = 24 * 60 * 60 * 1000;

const configuration = (): Configuration => ({
  ...defaultConfiguration(C),
  paymentType: 'PAY_MONTHLY',
  display: true,
  surgeProtection: true,
  cable: 'tethered_7kw_5_5m',
  front: 'racing_green',
});

const validBody = () => ({
  version: 1,
  customer: { 'first-name': 'Sam', 'last-name': 'Lee', email: 'sam@partner-one.example', tel: '07700 900123' },
  finance: { ...FINANCE_ANSWERS },
  configuration: configuration(),
});

type Body = ReturnType<typeof validBody> & { partnerToken?: string; flowId?: unknown; idempotencyKey?: string };

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(url, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { origin: ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7', ...headers },
  });

/** The shop's prices: the catalogue's, as the set-up command makes them. */
const CATALOGUE_PRICES = new Map(orderItems(C, configuration()).flatMap((item) => (item.variantId ? [[item.variantId, item.price] as const] : [])));
const FULL = draftItems(C, configuration(), {}).reduce((sum, item) => sum + CATALOGUE_PRICES.get(item.variantId)!, 0);
const money = (pence: number) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

interface AdminCall {
  operation: string;
  variables: Record<string, unknown>;
}

/**
 * The shop's Admin API as far as the checkout uses it: the variants' prices, and drafts whose total
 * is the lines' prices less the one fixed discount. `answers` queues, per operation, what a call gets
 * instead (a status, GraphQL errors, user errors, or a total moved by so many pence).
 */
function adminApi(options: { prices?: Map<string, number>; unavailable?: string[]; currencyCode?: string; answers?: Record<string, (number | 'denied' | 'userErrors' | { moved: number })[]>; gate?: Promise<void> } = {}) {
  const prices = options.prices ?? CATALOGUE_PRICES;
  const calls: AdminCall[] = [];
  const deleted: string[] = [];
  let drafts = 0;
  const totalOf = (input: { lineItems: { variantId: string; quantity: number }[]; appliedDiscount: { value: number } }) =>
    Math.max(input.lineItems.reduce((sum, line) => sum + prices.get(line.variantId)! * line.quantity, 0) - Math.round(input.appliedDiscount.value * 100), 0);
  const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    const { query, variables } = JSON.parse(String(init?.body)) as { query: string; variables: Record<string, unknown> };
    const operation = /(?:query|mutation) (\w+)/.exec(query)![1]!;
    calls.push({ operation, variables });
    const special = options.answers?.[operation]?.shift();
    if (typeof special === 'number') return new Response(null, { status: special });
    if (special === 'denied') return Response.json({ errors: [{ message: `Access denied for ${operation} field.`, extensions: { code: 'ACCESS_DENIED' } }] });
    const root = { MonthlyPlanDraftCalculate: 'draftOrderCalculate', MonthlyPlanDraftCreate: 'draftOrderCreate', MonthlyPlanDraftDelete: 'draftOrderDelete' }[operation];
    if (special === 'userErrors') return Response.json({ data: { [root!]: { userErrors: [{ field: ['lineItems', '0', 'variantId'], message: 'Product variant does not exist' }] } } });
    const moved = special?.moved ?? 0;
    const input = variables.input as Parameters<typeof totalOf>[0] & { id: string };
    switch (operation) {
      case 'MonthlyPlanPrices':
        return Response.json({
          data: {
            shop: { currencyCode: options.currencyCode ?? 'GBP', taxesIncluded: true },
            nodes: (variables.ids as string[]).map((id) => (prices.has(id) ? { id, price: money(prices.get(id)!), availableForSale: !options.unavailable?.includes(id) } : null)),
          },
        });
      case 'MonthlyPlanDraftCalculate':
        return Response.json({ data: { draftOrderCalculate: { calculatedDraftOrder: { totalPriceSet: { shopMoney: { amount: money(totalOf(input) + moved), currencyCode: 'GBP' } } }, userErrors: [] } } });
      case 'MonthlyPlanDraftCreate': {
        await options.gate;
        drafts += 1;
        const draftOrder = { id: `gid://shopify/DraftOrder/${drafts}`, invoiceUrl: `https://demo-shop.myshopify.com/46100/invoices/${drafts}`, totalPriceSet: { shopMoney: { amount: money(totalOf(input) + moved), currencyCode: 'GBP' } } };
        return Response.json({ data: { draftOrderCreate: { draftOrder, userErrors: [] } } });
      }
      default:
        deleted.push(input.id);
        return Response.json({ data: { draftOrderDelete: { deletedId: input.id, userErrors: [] } } });
    }
  }) as typeof globalThis.fetch;
  return { fetch, calls, deleted, operations: () => calls.map((call) => call.operation) };
}

/** GoCardless as far as a start needs it: every create succeeds. */
function gocardless() {
  let created = 0;
  return (async (input: RequestInfo | URL) => {
    const envelope = String(input).endsWith('/billing_request_flows') ? 'billing_request_flows' : 'billing_requests';
    created += 1;
    return Response.json({ [envelope]: { id: `${envelope === 'billing_requests' ? 'BRQ' : 'BRF'}00000${created}`, status: 'pending' } }, { status: 201 });
  }) as typeof fetch;
}

function world(admin = adminApi(), overrides: Partial<DirectDebitHandlerOptions> = {}) {
  const store = overrides.store ?? memoryDirectDebitStore();
  const records: LogRecord[] = [];
  const failures: DirectDebitProviderFailure[] = [];
  const errors: unknown[] = [];
  let clock = TODAY;
  const handler = createDirectDebitHandler({
    trustedProxies: 1,
    log: (record) => void records.push(record),
    onError: (error) => void errors.push(error),
    onProviderError: (failure) => void failures.push(failure),
    gocardless: { accessToken: 'sandbox_token', environment: 'sandbox', fetch: gocardless() },
    allowedOrigins: [ORIGIN],
    clock: () => clock,
    store,
    partnerTokenSecret: PARTNER_SECRET,
    shop: { adminEndpoint: ADMIN, adminToken: ADMIN_TOKEN, fetch: admin.fetch },
    ...overrides,
  });
  /** Starts a flow for `body`; GoCardless's webhook then records `outcome` (none: still pending). */
  async function started(body: Body = validBody(), outcome?: 'fulfilled' | 'cancelled') {
    const response = await handler(post(ENDPOINT, body));
    expect(response.status).toBe(201);
    const { flowId } = (await response.json()) as { flowId: string };
    if (outcome) {
      const { billingRequestId } = (await store.status(flowId))!;
      await store.recordEvent({ billingRequestId, status: outcome, ...(outcome === 'fulfilled' && { mandateId: 'MD000123' }), eventId: `EV-${flowId}`, at: clock });
    }
    return flowId;
  }
  const checkout = (body: Body, flowId: unknown) => handler(post(CHECKOUT, { ...body, flowId }));
  return { handler, store, admin, records, failures, errors, started, checkout, later: (ms: number) => (clock += ms) };
}

describe('createDirectDebitHandler with shop: the start', () => {
  it("answers checkout: 'draft-order', and keeps no personal data in the flow", async () => {
    const { handler, store } = world();
    const response = await handler(post(ENDPOINT, validBody()));
    const answer = await response.json();
    expect(answer).toEqual({ flowId: expect.any(String), environment: 'sandbox', checkout: 'draft-order' });
    const { request, ...kept } = (await store.status(answer.flowId))!;
    expect(request).toMatch(/^[0-9a-f]{64}$/);
    for (const personal of ['Sam', 'Lee', 'partner-one', '1 High Street', 'LS1', '07700', '1980']) expect(JSON.stringify(kept)).not.toContain(personal);
  });

  it('refuses a shop endpoint over plain http to a remote host at construction, naming the option', () => {
    expect(() => world(adminApi(), { shop: { adminEndpoint: ADMIN.replace('https:', 'http:'), adminToken: ADMIN_TOKEN } })).toThrow(
      /^createDirectDebitHandler: shop\.adminEndpoint must use https/,
    );
    expect(() => world(adminApi(), { shop: { adminEndpoint: 'http://127.0.0.1:5173/admin/api/2026-04/graphql.json', adminToken: ADMIN_TOKEN } })).not.toThrow();
  });
});

describe('createDirectDebitHandler: POST …/checkout makes the flow’s draft order', () => {
  it('prices the order at the shop, checks the draft’s total, makes it and answers its link and figures', async () => {
    const { started, checkout, admin, store } = world();
    const flowId = await started(validBody(), 'fulfilled');
    const response = await checkout(validBody(), flowId);
    expect(response.status).toBe(201);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const answer = await response.json();
    const items = draftItems(C, configuration(), {});
    expect(answer).toEqual({
      checkoutUrl: 'https://demo-shop.myshopify.com/46100/invoices/1',
      draftOrderId: 'gid://shopify/DraftOrder/1',
      dueNow: 35_000,
      financed: FULL - 35_000,
      currency: 'GBP',
      lines: items.map((item) => ({ variantId: item.variantId, name: item.name, amount: CATALOGUE_PRICES.get(item.variantId) })),
    });
    expect(admin.operations()).toEqual(['MonthlyPlanPrices', 'MonthlyPlanDraftCalculate', 'MonthlyPlanDraftCreate']);
    const [, calculated, created] = admin.calls;
    expect(created!.variables).toEqual(calculated!.variables);
    const input = created!.variables.input as Record<string, unknown> & { lineItems: Record<string, unknown>[]; customAttributes: { key: string; value: string }[] };
    expect(input.lineItems.map((line) => Object.keys(line).sort())).toEqual(items.map(() => ['customAttributes', 'quantity', 'variantId']));
    expect(input).toMatchObject({
      appliedDiscount: { valueType: 'FIXED_AMOUNT', value: (FULL - 35_000) / 100, title: 'Monthly plan: balance by Direct Debit' },
      acceptAutomaticDiscounts: false,
      allowDiscountCodesInCheckout: false,
      email: 'sam@partner-one.example',
      shippingAddress: { address1: '1 High Street', zip: 'LS1 4AP', countryCode: 'GB' },
      tags: ['monthly-plan'],
      reserveInventoryUntil: new Date(TODAY + DAY).toISOString(),
    });
    expect(input.customAttributes).toEqual(
      expect.arrayContaining([
        { key: 'GoCardless mandate', value: 'MD000123' },
        { key: 'GoCardless flow ID', value: flowId },
        { key: 'Accepted credit check', value: 'Yes' },
      ]),
    );
    expect(JSON.stringify(input)).not.toContain('1980');
    expect((await store.status(flowId))?.draftOrder).toEqual({
      id: answer.draftOrderId,
      invoiceUrl: answer.checkoutUrl,
      dueNow: answer.dueNow,
      financed: answer.financed,
      lines: answer.lines,
    });
  });

  it('answers a repeat with the same draft (200), asking the shop nothing', async () => {
    const { started, checkout, admin } = world();
    const flowId = await started(validBody(), 'fulfilled');
    const first = await (await checkout(validBody(), flowId)).json();
    const calls = admin.calls.length;
    const again = await checkout(validBody(), flowId);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
    expect(admin.calls).toHaveLength(calls);
  });

  it('takes a verified partner discount off what is due now, as the start priced it, even once the token has lapsed', async () => {
    const { started, checkout, admin, later } = world();
    const partnerToken = await signPartnerToken({ email: 'sam@partner-one.example', partnerId: 'partner', amountPence: 10_000, discountCode: 'PARTNER-7KQ2M9XH4DAB', exp: TODAY / 1000 + 3600 }, PARTNER_SECRET);
    const body = { ...validBody(), partnerToken };
    const flowId = await started(body, 'fulfilled');
    later(5 * 60 * 60 * 1000);
    const response = await checkout(body, flowId);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ dueNow: 25_000, financed: FULL - 35_000 });
    const input = admin.calls.at(-1)!.variables.input as { appliedDiscount: { value: number; description: string }; customAttributes: { key: string; value: string }[] };
    expect(input.appliedDiscount.value).toBe((FULL - 25_000) / 100);
    expect(input.appliedDiscount.description).toContain('partner discount £100.00');
    expect(input.customAttributes).toContainEqual({ key: 'Partner discount', value: '£100.00 (Partner Discount)' });
  });

  it.each<[string, (body: Body) => Body]>([
    ['another postcode', (body) => ({ ...body, finance: { ...body.finance, primaryPostcode: 'LS2 7HY' } })],
    ['another configuration', (body) => ({ ...body, configuration: { ...body.configuration, surgeProtection: false } })],
    ['a partner token the start did not have', (body) => ({ ...body, partnerToken: 'x.y' })],
  ])('refuses a checkout with %s than its start: 422 flow_mismatch, asking the shop nothing', async (_, change) => {
    const { started, checkout, admin } = world();
    const flowId = await started(validBody(), 'fulfilled');
    const response = await checkout(change(validBody()), flowId);
    expect(response.status).toBe(422);
    expect((await response.json()).error.code).toBe('flow_mismatch');
    expect(admin.calls).toEqual([]);
  });

  it('matches a checkout to its start whatever its idempotency key or date of birth', async () => {
    const { started, checkout } = world();
    const flowId = await started({ ...validBody(), idempotencyKey: 'start-key-0123456789abcdef' }, 'fulfilled');
    const body = validBody();
    body.finance.dob = '1979-02-03';
    expect((await checkout(body, flowId)).status).toBe(201);
  });

  it('answers 404 flow_unknown for a flow it did not start', async () => {
    const { checkout } = world();
    const response = await checkout(validBody(), 'BRF000999');
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('flow_unknown');
  });

  it('answers 409 mandate_pending with Retry-After while GoCardless has not confirmed, then makes the draft once it has', async () => {
    const { started, checkout, store, admin } = world();
    const flowId = await started(validBody());
    const pending = await checkout(validBody(), flowId);
    expect(pending.status).toBe(409);
    expect(pending.headers.get('retry-after')).toBe('3');
    expect(pending.headers.get('access-control-expose-headers')).toContain('retry-after');
    expect((await pending.json()).error.code).toBe('mandate_pending');
    expect(admin.calls).toEqual([]);
    const { billingRequestId } = (await store.status(flowId))!;
    await store.recordEvent({ billingRequestId, status: 'fulfilled', mandateId: 'MD000123', eventId: 'EV1', at: TODAY });
    expect((await checkout(validBody(), flowId)).status).toBe(201);
  });

  it('answers 422 mandate_not_set_up for a cancelled mandate', async () => {
    const { started, checkout, admin } = world();
    const flowId = await started(validBody(), 'cancelled');
    const response = await checkout(validBody(), flowId);
    expect(response.status).toBe(422);
    expect((await response.json()).error.code).toBe('mandate_not_set_up');
    expect(admin.calls).toEqual([]);
  });

  it('refuses with 422 nothing_financed when the shop’s prices leave nothing after the initial payment', async () => {
    const cheap = new Map([...CATALOGUE_PRICES].map(([id]) => [id, 1000] as const));
    const { started, checkout, admin } = world(adminApi({ prices: cheap }));
    const flowId = await started(validBody(), 'fulfilled');
    const response = await checkout(validBody(), flowId);
    expect(response.status).toBe(422);
    expect((await response.json()).error.code).toBe('nothing_financed');
    expect(admin.operations()).toEqual(['MonthlyPlanPrices']);
  });

  it('refuses with 409 items_unavailable, naming them, when the shop has an item off sale or not at all', async () => {
    const [base, cable] = draftItems(C, configuration(), {});
    const prices = new Map(CATALOGUE_PRICES);
    prices.delete(cable!.variantId);
    const { started, checkout, admin } = world(adminApi({ prices, unavailable: [base!.variantId] }));
    const flowId = await started(validBody(), 'fulfilled');
    const response = await checkout(validBody(), flowId);
    expect(response.status).toBe(409);
    expect((await response.json()).error).toMatchObject({ code: 'items_unavailable', items: [base!.name, cable!.name] });
    expect(admin.operations()).toEqual(['MonthlyPlanPrices']);
  });

  it('refuses with 409 shop_total_differs, naming both figures, when the calculated total is not what is due now; nothing is made', async () => {
    const { started, checkout, admin } = world(adminApi({ answers: { MonthlyPlanDraftCalculate: [{ moved: 2000 }] } }));
    const flowId = await started(validBody(), 'fulfilled');
    const response = await checkout(validBody(), flowId);
    expect(response.status).toBe(409);
    expect((await response.json()).error).toEqual({
      code: 'shop_total_differs',
      message: 'The shop would charge £370.00 today, not the £350.00 you were shown; no order was made.',
      dueNow: 35_000,
      shopTotal: 37_000,
    });
    expect(admin.operations()).toEqual(['MonthlyPlanPrices', 'MonthlyPlanDraftCalculate']);
  });

  it('deletes a created draft whose total moved, answers 409 shop_total_differs, and makes a new one on a retry', async () => {
    const { started, checkout, admin, store } = world(adminApi({ answers: { MonthlyPlanDraftCreate: [{ moved: -100 }] } }));
    const flowId = await started(validBody(), 'fulfilled');
    const moved = await checkout(validBody(), flowId);
    expect(moved.status).toBe(409);
    expect(admin.deleted).toEqual(['gid://shopify/DraftOrder/1']);
    expect((await store.status(flowId))?.draftOrder).toBeUndefined();
    const retried = await checkout(validBody(), flowId);
    expect(retried.status).toBe(201);
    expect((await retried.json()).draftOrderId).toBe('gid://shopify/DraftOrder/2');
  });
});

describe('createDirectDebitHandler: …/checkout when the shop fails', () => {
  it.each<[string, Record<string, (number | 'denied' | 'userErrors')[]>, number, string]>([
    ['a 503 on the prices', { MonthlyPlanPrices: [503] }, 502, 'shop_failed'],
    ['throttling-like 429 on the creation', { MonthlyPlanDraftCreate: [429] }, 502, 'shop_failed'],
    ['a refused token (401)', { MonthlyPlanPrices: [401] }, 503, 'shop_rejected'],
    ['a token without write_draft_orders', { MonthlyPlanDraftCalculate: ['denied'] }, 503, 'shop_rejected'],
    ['user errors', { MonthlyPlanDraftCalculate: ['userErrors'] }, 502, 'shop_refused'],
  ])('answers %s with %i %s, keeps no draft, and reports it as Shopify’s', async (_, answers, status, code) => {
    const { started, checkout, store, records, failures } = world(adminApi({ answers }));
    const flowId = await started(validBody(), 'fulfilled');
    const response = await checkout(validBody(), flowId);
    expect(response.status).toBe(status);
    const text = await response.text();
    expect(JSON.parse(text).error.code).toBe(code);
    expect(text).not.toContain(ADMIN_TOKEN);
    expect(text).not.toContain('Product variant does not exist');
    if (status === 503) expect(JSON.parse(text).error.retryable).toBe(false);
    expect(records.at(-1)).toMatchObject({ route: '/api/direct-debit/checkout', reason: code, ...(status === 503 && { permanent: true }) });
    expect(failures.at(-1)).toMatchObject({ provider: 'shopify' });
    expect((await store.status(flowId))?.draftOrder).toBeUndefined();
  });

  it("logs the shop's user errors for the operator, never in the answer", async () => {
    const { started, checkout, records, errors } = world(adminApi({ answers: { MonthlyPlanDraftCreate: ['userErrors'] } }));
    const flowId = await started(validBody(), 'fulfilled');
    await checkout(validBody(), flowId);
    expect(records.at(-1)!.error).toBe('Error: The shop refused the draft order: lineItems.0.variantId: Product variant does not exist');
    expect(errors).toHaveLength(1);
  });

  it('refuses a shop whose prices are not in pounds with 503 shop_rejected, telling the operator why', async () => {
    const { started, checkout, records, admin } = world(adminApi({ currencyCode: 'EUR' }));
    const flowId = await started(validBody(), 'fulfilled');
    const response = await checkout(validBody(), flowId);
    expect(response.status).toBe(503);
    expect(records.at(-1)!.error).toMatch(/in EUR/);
    expect(admin.operations()).toEqual(['MonthlyPlanPrices']);
  });
});

describe('createDirectDebitHandler: one draft order per mandate', () => {
  it('makes one draft for two concurrent checkouts on one instance: the other is told to try again, then gets it', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { started, checkout, admin } = world(adminApi({ gate }));
    const flowId = await started(validBody(), 'fulfilled');
    const first = checkout(validBody(), flowId);
    // Held at the shop's draft creation, after it took the key.
    await vi.waitFor(() => expect(admin.operations()).toContain('MonthlyPlanDraftCreate'), { timeout: 30_000 });
    const second = await checkout(validBody(), flowId);
    expect(second.status).toBe(409);
    expect((await second.json()).error.code).toBe('request_in_progress');
    open();
    const made = await (await first).json();
    const again = await checkout(validBody(), flowId);
    expect(await again.json()).toEqual(made);
    expect(admin.operations().filter((operation) => operation === 'MonthlyPlanDraftCreate')).toHaveLength(1);
  });

  it('keeps the first draft across instances sharing the store: a later instance deletes its own and answers the first', async () => {
    const store: DirectDebitStore = memoryDirectDebitStore();
    const admin = adminApi();
    const one = world(admin, { store, idempotency: { store: memoryIdempotencyStore() } });
    const flowId = await one.started(validBody(), 'fulfilled');
    const two = world(admin, { store, idempotency: { store: memoryIdempotencyStore() } });
    const made = await (await one.checkout(validBody(), flowId)).json();
    // The second instance reads the flow as it was before the first kept its draft.
    const status = store.status.bind(store);
    store.status = async (id) => {
      store.status = status;
      const found = await status(id);
      return found && { ...found, draftOrder: undefined };
    };
    const other = await two.checkout(validBody(), flowId);
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual(made);
    expect(admin.deleted).toEqual(['gid://shopify/DraftOrder/2']);
  });
});

describe('createDirectDebitHandler: …/checkout requests', () => {
  it('names a missing flow id and the request’s own problems together', async () => {
    const { checkout } = world();
    const body = validBody();
    body.finance.primaryPostcode = 'nowhere';
    const response = await checkout(body, 'BRF 1');
    expect(response.status).toBe(422);
    const { problems } = await response.json();
    expect(problems.map((problem: { field: string }) => problem.field)).toEqual(['flowId', 'finance.primaryPostcode']);
  });

  it('is rate-limited per client as status reads are, apart from them', async () => {
    const { started, checkout, handler } = world(adminApi(), { statusRateLimit: { limit: 1, windowMs: 60_000 } });
    const flowId = await started(validBody());
    expect((await checkout(validBody(), flowId)).status).toBe(409);
    const limited = await checkout(validBody(), flowId);
    expect(limited.status).toBe(429);
    const status = await handler(new Request(`${ENDPOINT}?flowId=${flowId}`, { headers: { origin: ORIGIN, 'x-forwarded-for': '203.0.113.7' } }));
    expect(status.status).toBe(200);
  });

  it('has no …/checkout without the shop option: 404, and the start answers a cart checkout', async () => {
    const { handler } = world(adminApi(), { shop: undefined });
    const started = await (await handler(post(ENDPOINT, validBody()))).json();
    expect(started.checkout).toBe('cart');
    const response = await handler(post(CHECKOUT, { ...validBody(), flowId: started.flowId }));
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('not_found');
  });
});
