import { createHmac } from 'node:crypto';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { UK_CATALOGUE as C } from '../domain/catalogue/uk';
import type { Configuration } from '../domain/configuration';
import { defaultConfiguration } from '../domain/configuration';
import { DirectDebitStartAnswerSchema, directDebitRequest, stepForDirectDebitField } from '../domain/direct-debit';
import type { FormValues } from '../domain/forms';
import { defaultFormValues } from '../domain/forms';
import { orderItems } from '../domain/order-items';
import { priceConfiguration } from '../domain/pricing';
import { normaliseConfiguration } from '../domain/selection';
import type { ShopPriceList } from '../domain/shop-availability';
import { withShopPrices } from '../domain/shop-prices';
import type {
  DirectDebitApplication,
  DirectDebitHandlerOptions,
  DirectDebitProviderFailure,
  DirectDebitWebhookOptions,
  GoCardlessEvent,
} from './direct-debit-handler';
import { createDirectDebitHandler, createDirectDebitWebhookHandler } from './direct-debit-handler';
import type { DirectDebitStore } from './direct-debit-store';
import { memoryDirectDebitStore } from './direct-debit-store';
import type { ClaimRequest, IdempotencyStore } from './idempotency';
import { memoryIdempotencyStore } from './idempotency';
import type { LogRecord } from './operations';
import type { PartnerTokenClaims } from './partner-token';
import { signPartnerToken } from './partner-token';
import { memoryPartnerTokenStore } from './partner-token-store';
import { FINANCE_ANSWERS } from '../domain/direct-debit.fixture';
import { StoreNotDurableError } from './store-durability';

const ORIGIN = 'https://portal.example';
const ENDPOINT = 'https://shop.example/api/direct-debit';
const WEBHOOK = 'https://shop.example/api/direct-debit/webhook';
const TOKEN = 'sandbox_secret-token-value';
const SECRET = 'webhook-secret-value';
/** 15 January 2026: a buyer born on 16 January 2008 is 17. */
const TODAY = Date.UTC(2026, 0, 15, 12);

interface ProviderCall {
  url: string;
  method: string;
  headers: Headers;
  body: Record<string, Record<string, unknown>>;
}

/** `lost`: GoCardless creates the resource, but its answer never arrives (the call times out). */
type Answer = number | 'network' | 'hang' | 'no-id' | 'lost';

/**
 * A GoCardless stand-in: records each call; `answers` queues what the next calls get (default 201,
 * 200 with the cancelled request for a cancel and with the request for a read). A create repeating
 * an Idempotency-Key gets GoCardless's 409 naming the resource that key created; `created` lists
 * every resource created.
 */
function gocardless(answers: Answer[] = []) {
  const calls: ProviderCall[] = [];
  const created: string[] = [];
  const byKey = new Map<string, string>();
  const cancelledIds = new Set<string>();
  let counter = 0;
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    const method = init?.method ?? 'GET';
    calls.push({ url, method, headers, body: init?.body ? JSON.parse(String(init.body)) : {} });
    const answer = answers.shift() ?? 201;
    if (answer === 'network') throw new TypeError('fetch failed');
    if (answer === 'hang') {
      return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    }
    if (typeof answer === 'number' && answer >= 300) {
      return Response.json(
        { error: { type: 'invalid_api_usage', code: answer, message: `Token ${TOKEN} is not permitted`, errors: [] } },
        { status: answer },
      );
    }
    const cancelled = /\/billing_requests\/([^/]+)\/actions\/cancel$/.exec(url);
    if (cancelled) {
      cancelledIds.add(cancelled[1]!);
      return Response.json({ billing_requests: { id: cancelled[1], status: 'cancelled' } }, { status: 200 });
    }
    const read = /\/billing_requests\/([^/]+)$/.exec(url);
    if (method === 'GET' && read) {
      return Response.json({ billing_requests: { id: read[1], status: cancelledIds.has(read[1]!) ? 'cancelled' : 'pending' } }, { status: 200 });
    }
    const envelope = url.endsWith('/billing_request_flows') ? 'billing_request_flows' : 'billing_requests';
    const keyed = `${envelope}:${headers.get('idempotency-key')}`;
    const existing = byKey.get(keyed);
    if (existing) {
      const message = 'A resource has already been created with this idempotency key';
      return Response.json(
        { error: { type: 'invalid_state', code: 409, message, errors: [{ reason: 'idempotent_creation_conflict', message, links: { conflicting_resource_id: existing } }] } },
        { status: 409 },
      );
    }
    const id = `${envelope === 'billing_requests' ? 'BRQ' : 'BRF'}00000${++counter}`;
    created.push(id);
    byKey.set(keyed, id);
    if (answer === 'lost') throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    return Response.json({ [envelope]: answer === 'no-id' ? { status: 'pending' } : { id, status: 'pending' } }, { status: 201 });
  }) as typeof globalThis.fetch;
  return { fetch, calls, created };
}

function handlerWith(
  overrides: Partial<DirectDebitHandlerOptions> = {},
  answers: Answer[] = [],
  environment: 'sandbox' | 'live' = 'sandbox',
) {
  const provider = gocardless(answers);
  const store = overrides.store ?? memoryDirectDebitStore();
  const handler = createDirectDebitHandler({
    trustedProxies: 1,
    log: false,
    gocardless: { accessToken: TOKEN, environment, fetch: provider.fetch },
    allowedOrigins: [ORIGIN],
    clock: () => TODAY,
    store,
    ...overrides,
  });
  return { handler, store, ...provider };
}

const validBody = (configuration: Partial<Configuration> = {}) => ({
  version: 1,
  customer: { 'first-name': 'Sam', 'last-name': 'Lee', email: 'sam@home.example', tel: '07700 900123' },
  finance: { ...FINANCE_ANSWERS },
  // A digital display, £3.00 a month (PRICE-5): a Direct Debit with something to collect.
  configuration: { ...defaultConfiguration(C), paymentType: 'PAY_MONTHLY', display: true, ...configuration } as Configuration,
});

function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(ENDPOINT, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { origin: ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7', ...headers },
  });
}

const statusOf = (flowId: string, headers: Record<string, string> = { origin: ORIGIN }) =>
  new Request(`${ENDPOINT}?flowId=${encodeURIComponent(flowId)}`, { headers: { 'x-forwarded-for': '203.0.113.7', ...headers } });

const EXTRAS: Partial<Configuration> = {
  cable: 'tethered_7kw_5_5m',
  installation: 'standard_7kw',
  surgeProtection: true,
  display: true,
  extendedWarranty: true,
  front: 'racing_green',
};

describe('createDirectDebitHandler: the GoCardless requests', () => {
  it('creates a billing request with a mandate request, then its flow, and answers 201 with the flow id and a cart checkout', async () => {
    const { handler, calls } = handlerWith();
    const response = await handler(post(validBody(EXTRAS)));
    expect(response.status).toBe(201);
    const answer = await response.json();
    expect(answer).toEqual({ flowId: 'BRF000002', environment: 'sandbox', checkout: 'cart' });
    expect(v.is(DirectDebitStartAnswerSchema, answer)).toBe(true);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);

    expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'POST https://api-sandbox.gocardless.com/billing_requests',
      'POST https://api-sandbox.gocardless.com/billing_request_flows',
    ]);
    for (const call of calls) {
      expect(call.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
      expect(call.headers.get('gocardless-version')).toBe('2015-07-06');
      expect(call.headers.get('content-type')).toBe('application/json');
      expect(call.headers.get('accept')).toBe('application/json');
      expect(call.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(calls[0]!.headers.get('idempotency-key')).not.toBe(calls[1]!.headers.get('idempotency-key'));
    expect(calls[0]!.body).toEqual({
      billing_requests: {
        mandate_request: { scheme: 'bacs', currency: 'GBP' },
        metadata: {
          plan: 'PAY_MONTHLY: 36 monthly payments, then 100 pence a year',
          initial_payment_pence: '35000',
          monthly_payment_pence: '3965',
        },
      },
    });
    expect(calls[1]!.body).toEqual({
      billing_request_flows: {
        links: { billing_request: 'BRQ000001' },
        prefilled_customer: {
          given_name: 'Sam',
          family_name: 'Lee',
          email: 'sam@home.example',
          address_line1: '1 High Street',
          city: 'Leeds',
          region: 'West Yorkshire',
          postal_code: 'LS1 4AP',
          country_code: 'GB',
        },
      },
    });
  });

  it('prefills GoCardless without the bidi controls and zero-width characters the relay takes out too', async () => {
    const { handler, calls } = handlerWith();
    const body = validBody();
    body.customer['first-name'] = 'S\u202Eam';
    body.customer['last-name'] = 'L\u200Bee\uFEFF';
    body.finance.primaryAddress1 = '1 High\u2066 Street';
    body.finance.primaryCity = 'Le\u200Deds';
    expect((await handler(post(body))).status).toBe(201);
    expect(calls[1]!.body.billing_request_flows!.prefilled_customer).toMatchObject({ given_name: 'Sam', family_name: 'Lee', address_line1: '1 High Street', city: 'Leeds' });
  });

  it('keeps the metadata within GoCardless limits: 3 keys of at most 50, values of at most 500 characters', async () => {
    const { handler, calls } = handlerWith();
    await handler(post(validBody(EXTRAS)));
    const metadata = calls[0]!.body.billing_requests!.metadata as Record<string, string>;
    expect(Object.keys(metadata).length).toBeLessThanOrEqual(3);
    for (const [key, value] of Object.entries(metadata)) {
      expect(key.length).toBeLessThanOrEqual(50);
      expect(typeof value).toBe('string');
      expect(value.length).toBeLessThanOrEqual(500);
    }
  });

  it('uses the live API for the live environment and says so in the answer', async () => {
    const { handler, calls } = handlerWith({}, [], 'live');
    const response = await handler(post(validBody()));
    expect(await response.json()).toMatchObject({ environment: 'live' });
    expect(calls.map((call) => call.url)).toEqual([
      'https://api.gocardless.com/billing_requests',
      'https://api.gocardless.com/billing_request_flows',
    ]);
  });

  it('uses an overridden base URL and mandate scheme, and leaves an empty region out', async () => {
    const provider = gocardless();
    const handler = createDirectDebitHandler({
    trustedProxies: 1,
    log: false,
      gocardless: { accessToken: TOKEN, environment: 'sandbox', baseUrl: 'https://gocardless.invalid/', fetch: provider.fetch },
      allowedOrigins: [ORIGIN],
      clock: () => TODAY,
      mandate: { scheme: 'faster_payments' },
    });
    const body = validBody();
    body.finance.primaryRegion = '';
    expect((await handler(post(body))).status).toBe(201);
    expect(provider.calls[0]!.url).toBe('https://gocardless.invalid/billing_requests');
    expect(provider.calls[0]!.body.billing_requests!.mandate_request).toEqual({ scheme: 'faster_payments', currency: 'GBP' });
    expect(provider.calls[1]!.body.billing_request_flows!.prefilled_customer).not.toHaveProperty('region');
  });

  it('recomputes the figures from the configuration, ignoring figures sent by the client and a partner e-mail alone', async () => {
    const { handler, calls } = handlerWith();
    const body = {
      ...validBody(EXTRAS),
      monthly: { initialPayment: 1, monthlyPayment: 1 },
      metadata: { monthly_payment_pence: '1' },
    };
    body.customer.email = 'sam@partner-one.example';
    expect((await handler(post(body))).status).toBe(201);
    expect(calls[0]!.body.billing_requests!.metadata).toMatchObject({ initial_payment_pence: '35000', monthly_payment_pence: '3965' });
  });

  it('sends the date of birth only to the application hook, with the customer and the recomputed figures', async () => {
    const applications: DirectDebitApplication[] = [];
    const { handler, calls, store } = handlerWith({ onApplication: (application) => void applications.push(application) });
    await handler(post(validBody(EXTRAS)));
    expect(applications).toHaveLength(1);
    expect(applications[0]).toMatchObject({
      flowId: 'BRF000002',
      billingRequestId: 'BRQ000001',
      environment: 'sandbox',
      customer: { 'first-name': 'Sam', email: 'sam@home.example' },
      finance: { dob: '1980-05-17', legalName: 'Samuel Lee', acceptedCreditCheck: true },
      configuration: { cable: 'tethered_7kw_5_5m', paymentType: 'PAY_MONTHLY' },
      monthly: { initialPayment: 35000, monthlyPayment: 3965, months: 36, afterwardsPerYear: 100 },
    });
    expect(JSON.stringify(calls.map((call) => call.body))).not.toContain('1980-05-17');
    expect(JSON.stringify(await store.status('BRF000002'))).not.toContain('1980');
  });

  it("keeps the order's fields as a fingerprint: the same for another idempotency key or date of birth, another for another address", async () => {
    const { handler, store } = handlerWith();
    const requestOf = async (body: unknown) => {
      const { flowId } = await (await handler(post(body))).json();
      return (await store.status(flowId))!.request;
    };
    const first = await requestOf({ ...validBody(EXTRAS), idempotencyKey: 'fingerprint-key-0000000001' });
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const again = validBody(EXTRAS);
    again.finance.dob = '1979-01-02';
    expect(await requestOf({ ...again, idempotencyKey: 'fingerprint-key-0000000002' })).toBe(first);
    const moved = validBody(EXTRAS);
    moved.finance.primaryPostcode = 'LS2 7HY';
    expect(await requestOf(moved)).not.toBe(first);
    expect(await requestOf(validBody({ ...EXTRAS, front: 'midnight_black' }))).not.toBe(first);
  });

  it('answers 502 application_failed when the application hook throws, and reports the error to the operator', async () => {
    const reported: unknown[] = [];
    const lines: LogRecord[] = [];
    const { handler } = handlerWith({
      onApplication: async () => {
        throw new Error('credit bureau down');
      },
      onError: (error) => reported.push(error),
      log: (line) => lines.push(line),
    });
    const response = await handler(post(validBody()));
    expect(response.status).toBe(502);
    const { error } = await response.json();
    expect(error.code).toBe('application_failed');
    expect(error.message).not.toContain('credit bureau');
    expect(reported).toEqual([new Error('credit bureau down')]);
    expect(lines).toEqual([expect.objectContaining({ level: 'error', status: 502, reason: 'application_failed', error: 'Error: credit bureau down' })]);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });
});

const PARTNER_SECRET = 'partner-token-secret-of-at-least-32-bytes';
/** A verification of a partner-one address, valid for an hour. */
const claims = (overrides: Partial<PartnerTokenClaims> = {}): PartnerTokenClaims => ({
  email: 'sam@partner-one.example',
  partnerId: 'partner',
  amountPence: 10000,
  discountCode: 'PARTNER-7KQ2M9XH4DAB',
  exp: TODAY / 1000 + 3600,
  ...overrides,
});

describe('createDirectDebitHandler: the partner discount comes only from a verification token', () => {
  const partnerBody = async (email: string, token: PartnerTokenClaims | string | undefined, secret = PARTNER_SECRET) => {
    const body = validBody(EXTRAS);
    body.customer.email = email;
    if (token === undefined) return body;
    return { ...body, partnerToken: typeof token === 'string' ? token : await signPartnerToken(token, secret) };
  };

  it.each<[string, string, PartnerTokenClaims | undefined, string | undefined, string]>([
    ['a valid token for the address', 'Sam@Partner-One.example ', claims(), PARTNER_SECRET, '25000'],
    ['the sports-car maker’s token', 'lee@sportscars.example', claims({ email: 'lee@sportscars.example', partnerId: 'sportscars', amountPence: 7500 }), PARTNER_SECRET, '27500'],
    ['a partner e-mail without a token', 'sam@partner-one.example', undefined, PARTNER_SECRET, '35000'],
    ['a token while the handler has no secret (ignored)', 'sam@partner-one.example', claims(), undefined, '35000'],
  ])('%s: initial payment %s pence', async (_, email, token, secret, initial) => {
    const { handler, calls } = handlerWith(secret ? { partnerTokenSecret: secret } : {});
    expect((await handler(post(await partnerBody(email, token)))).status).toBe(201);
    expect(calls[0]!.body.billing_requests!.metadata).toMatchObject({ initial_payment_pence: initial });
  });

  it.each<[string, () => Promise<Awaited<ReturnType<typeof partnerBody>>>, RegExp]>([
    ['verified for another address', () => partnerBody('eve@partner-one.example', claims()), /another e-mail address/],
    ['expired', () => partnerBody('sam@partner-one.example', claims({ exp: TODAY / 1000 })), /has expired/],
    ['signed with another secret', () => partnerBody('sam@partner-one.example', claims(), 'another-secret-of-at-least-32-bytes!!'), /could not be verified/],
    ['not a token', () => partnerBody('sam@partner-one.example', 'not-a-token'), /could not be verified/],
    ['for a discount the catalogue no longer offers', () => partnerBody('sam@partner-one.example', claims({ partnerId: 'retired' })), /no longer offered/],
  ])('refuses a token %s on the contact step, starting nothing', async (_, body, message) => {
    const { handler, calls } = handlerWith({ partnerTokenSecret: PARTNER_SECRET });
    const response = await handler(post(await body()));
    expect(response.status).toBe(422);
    const answer = await response.json();
    expect(answer.problems).toEqual([{ field: 'partnerToken', message: expect.stringMatching(message) }]);
    expect(stepForDirectDebitField(answer.problems[0].field)).toBe('contact');
    expect(calls).toEqual([]);
  });

  it('refuses a partner token secret under 32 bytes at creation', () => {
    expect(() => handlerWith({ partnerTokenSecret: 'short' })).toThrow(TypeError);
  });
});

describe("createDirectDebitHandler: the Direct Debit's amount is the monthly figure the wizard shows", () => {
  const form: FormValues = {
    ...defaultFormValues(),
    ...validBody().customer,
    ...validBody().finance,
  };
  // The shop sells every variant for more than the catalogue says: the wizard's pay-in-full figures are the shop's.
  const dearerShop = (config: Configuration): ShopPriceList => ({
    prices: Object.fromEntries(orderItems(C, config).flatMap((item) => (item.variantId ? [[item.variantId, item.price + 2500]] : []))),
    unavailable: [],
    sellingPlans: {},
  });

  const PARTNER_SECRET = 'partner-token-secret-of-at-least-32-bytes';

  it.each<[string, Partial<Configuration>, string, string | undefined]>([
    ['8.5m cable, standard installation, display', { cable: 'tethered_7kw_8_5m', installation: 'standard_7kw', display: true }, 'alex@example.com', undefined],
    ['the same with a verified partner discount', { cable: 'tethered_7kw_8_5m', installation: 'standard_7kw', display: true }, 'alex@partner-one.example', 'partner'],
    ['limited front, 22kW tethered with a hook, surge protection, premium installation', { front: 'andersen_carbon', body: 'racing_green', cable: 'tethered_22kw_6_5m', cableHook: true, hookColour: 'nova_bronze', surgeProtection: true, installation: 'premium_22kw', extendedWarranty: true }, 'lee@luxurycars.example', 'luxurycars'],
    ['a cable hook left on a socketed cable (the flow rules take it off on both sides)', { cable: 'socket_22kw', cableHook: true, display: true }, 'sam@example.com', undefined],
  ])('%s', async (_, changes, email, partnerId) => {
    const config: Configuration = { ...defaultConfiguration(C), ...changes, paymentType: 'PAY_MONTHLY' };
    const wizardCatalogue = withShopPrices(C, dearerShop(config));
    // The wizard with verification on: the discount the partner-discount handler verified.
    const context = { email, verifiedPartnerDiscounts: true, verifiedPartner: partnerId ? { discountId: partnerId } : undefined };
    const shown = priceConfiguration(wizardCatalogue, normaliseConfiguration(wizardCatalogue, config, 'order'), context).monthly;
    expect(priceConfiguration(wizardCatalogue, config, context).total).not.toBe(priceConfiguration(C, config, context).total);

    // The handler knows only the catalogue; the element sends what `directDebitRequest` builds, and its token.
    const { handler, calls } = handlerWith({ partnerTokenSecret: PARTNER_SECRET });
    const discount = C.discounts.find((entry) => entry.id === partnerId);
    const partnerToken = discount && (await signPartnerToken({ email, partnerId: discount.id, amountPence: discount.value, discountCode: 'PARTNER-X', exp: TODAY / 1000 + 60 }, PARTNER_SECRET));
    const request = { ...directDebitRequest(config, { ...form, email }), ...(partnerToken && { partnerToken }) };
    expect((await handler(post(request))).status).toBe(201);
    expect(calls[0]!.body.billing_requests!.metadata).toMatchObject({
      monthly_payment_pence: String(shown.monthlyPayment),
      initial_payment_pence: String(shown.initialPayment),
    });
  });
});

describe('createDirectDebitHandler: validation', () => {
  type Body = ReturnType<typeof validBody>;
  it.each<[string, (body: Body) => void, string]>([
    ['a bad postcode', (body) => (body.finance.primaryPostcode = 'NOT A CODE'), 'finance.primaryPostcode'],
    ['an under-18 date of birth', (body) => (body.finance.dob = '2008-01-16'), 'finance.dob'],
    ['an impossible date of birth', (body) => (body.finance.dob = '1980-02-30'), 'finance.dob'],
    ['unaccepted payment terms', (body) => (body.finance.acceptedMonthlyPaymentTerms = false), 'finance.acceptedMonthlyPaymentTerms'],
    ['an unaccepted credit check', (body) => (body.finance.acceptedCreditCheck = false), 'finance.acceptedCreditCheck'],
    ['the pay-now plan', (body) => (body.configuration.paymentType = 'PAY_NOW'), 'configuration.paymentType'],
    ['the PayPal plan', (body) => (body.configuration.paymentType = 'PAY_PAYPAL'), 'configuration.paymentType'],
    ['no plan', (body) => (body.configuration.paymentType = null), 'configuration.paymentType'],
    ['nothing paid monthly', (body) => (body.configuration.display = false), 'configuration.paymentType'],
    ['an unknown colour id', (body) => (body.configuration.front = 'gold'), 'configuration.front'],
    ['an empty first name', (body) => (body.customer['first-name'] = ' '), 'customer.first-name'],
    ['an LF in the city', (body) => (body.finance.primaryCity = 'Leeds\nX-Evil: 1'), 'finance.primaryCity'],
    ['another version', (body) => ((body as { version: number }).version = 2), 'version'],
  ])('answers 422 invalid_request naming the field: %s', async (_, spoil, field) => {
    const { handler, calls } = handlerWith();
    const body = validBody();
    spoil(body);
    const response = await handler(post(body));
    expect(response.status).toBe(422);
    const answer = await response.json();
    expect(answer.error.code).toBe('invalid_request');
    expect(answer.error.message).toContain(field);
    expect(answer.problems.map((problem: { field: string }) => problem.field)).toContain(field);
    expect(answer.error.problems).toEqual(answer.problems);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(calls).toHaveLength(0);
  });

  it('refuses to set up a Direct Debit of £0.00 a month, in words the buyer can act on', async () => {
    const { handler, calls } = handlerWith();
    const response = await handler(post(validBody({ display: false, renewable: true })));
    expect(response.status).toBe(422);
    const answer = await response.json();
    expect(answer.error.message).toBe('Check configuration.paymentType.');
    expect(answer.problems).toEqual([
      { field: 'configuration.paymentType', message: 'Nothing on this order is paid monthly: choose pay in full or pay in 3' },
    ]);
    expect(calls).toHaveLength(0);
  });

  it("gives the schema's own message for the age check", async () => {
    const { handler } = handlerWith();
    const body = validBody();
    body.finance.dob = '2008-01-16';
    const { problems } = await (await handler(post(body))).json();
    expect(problems).toContainEqual({ field: 'finance.dob', message: 'You must be 18 or over to apply' });
  });

  it.each([
    ['bad JSON', '{"version":', 'application/json', 400, 'invalid_json'],
    ['an oversized body', JSON.stringify({ pad: 'x'.repeat(20_000) }), 'application/json', 413, 'body_too_large'],
    ['a form body', 'a=1', 'application/x-www-form-urlencoded', 415, 'unsupported_media_type'],
  ])('refuses %s', async (_, body, type, status, code) => {
    const { handler, calls } = handlerWith();
    const response = await handler(post(body, { 'content-type': type }));
    expect(response.status).toBe(status);
    expect((await response.json()).error.code).toBe(code);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['an empty token', { gocardless: { accessToken: ' ', environment: 'sandbox' as const } }],
    ['a token with a line break', { gocardless: { accessToken: 'a\nb', environment: 'sandbox' as const } }],
    ['an unknown environment', { gocardless: { accessToken: TOKEN, environment: 'staging' as 'live' } }],
    ['a plain http base URL to another host', { gocardless: { accessToken: TOKEN, environment: 'sandbox' as const, baseUrl: 'http://api-sandbox.gocardless.com' } }],
    ['a path as origin', { allowedOrigins: ['https://portal.example/page'] }],
    ['no origins', { allowedOrigins: [] }],
  ])('refuses options with %s at creation', (_, overrides) => {
    expect(() => handlerWith(overrides)).toThrow(TypeError);
  });

  it('does not put the token in the error for a bad option', () => {
    expect(() => handlerWith({ gocardless: { accessToken: `${TOKEN}\n`, environment: 'sandbox' } })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(TOKEN) }),
    );
  });
});

describe('createDirectDebitHandler: provider failures', () => {
  it.each<[string, Answer[]]>([
    ['a revoked token (401) on the billing request', [401]],
    ['no access (403) on the billing request', [403]],
    ['a request GoCardless cannot take (422) on the flow', [201, 422]],
  ])('answers 503 provider_rejected, not to be retried, on %s; logged as permanent', async (_, answers) => {
    const lines: LogRecord[] = [];
    const { handler } = handlerWith({
      gocardless: { accessToken: TOKEN, environment: 'sandbox', fetch: gocardless(answers).fetch },
      log: (line) => lines.push(line),
    });
    const response = await handler(post(validBody()));
    expect(response.status).toBe(503);
    const { error } = await response.json();
    expect(error).toMatchObject({ code: 'provider_rejected', retryable: false });
    expect(lines).toEqual([expect.objectContaining({ level: 'error', permanent: true, reason: 'provider_rejected' })]);
  });

  it.each<[string, Answer[]]>([
    ['a 429 on the billing request', [429]],
    ['a 5xx on the billing request', [503]],
    ['a 429 on the flow', [201, 429]],
    ['a network failure', ['network']],
    ['a timeout', ['hang']],
    ['an answer without an id', ['no-id']],
  ])('answers 502 provider_failed on %s, with no token or provider text in the answer', async (_, answers) => {
    const failures: { status?: number; error?: unknown; endpoint?: string }[] = [];
    const { handler, store } = handlerWith({
      gocardless: { accessToken: TOKEN, environment: 'sandbox', fetch: gocardless(answers).fetch, timeoutMs: 20 },
      onProviderError: (failure) => failures.push(failure),
    });
    const response = await handler(post(validBody()));
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text).error.code).toBe('provider_failed');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('invalid_api_usage');
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(failures).toHaveLength(1);
    expect(await store.status('BRF000002')).toBeUndefined();
  });

  it("tells onProviderError the status and GoCardless's error object", async () => {
    const failures: { status?: number; error?: unknown; endpoint?: string }[] = [];
    const { handler } = handlerWith({ onProviderError: (failure) => failures.push(failure) }, [201, 422]);
    await handler(post(validBody()));
    expect(failures).toEqual([
      { status: 422, error: expect.objectContaining({ type: 'invalid_api_usage' }), endpoint: 'billing_request_flows' },
    ]);
  });
});

const CANCEL = 'POST https://api-sandbox.gocardless.com/billing_requests/BRQ000001/actions/cancel';
const callList = (calls: ProviderCall[]) => calls.map(({ method, url }) => `${method} ${url}`);

describe('createDirectDebitHandler: cancelling the billing request it opened', () => {
  it.each<[string, Answer[]]>([
    ['a 429 on the flow', [201, 429]],
    ['a 5xx on the flow', [201, 503]],
    ['a network failure on the flow', [201, 'network']],
    ['a timeout on the flow', [201, 'hang']],
    ['a flow answer without an id', [201, 'no-id']],
  ])('cancels the billing request after %s, then answers 502 provider_failed', async (_, answers) => {
    const provider = gocardless(answers);
    const { handler, store } = handlerWith({
      gocardless: { accessToken: TOKEN, environment: 'sandbox', fetch: provider.fetch, timeoutMs: 20 },
    });
    const response = await handler(post(validBody()));
    expect(response.status).toBe(502);
    expect((await response.json()).error.code).toBe('provider_failed');
    expect(callList(provider.calls)).toEqual([
      'POST https://api-sandbox.gocardless.com/billing_requests',
      'POST https://api-sandbox.gocardless.com/billing_request_flows',
      CANCEL,
    ]);
    const cancel = provider.calls[2]!;
    expect(cancel.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(cancel.headers.get('gocardless-version')).toBe('2015-07-06');
    expect(cancel.headers.get('content-type')).toBe('application/json');
    expect(cancel.headers.get('accept')).toBe('application/json');
    expect(cancel.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    const keys = new Set(provider.calls.map((call) => call.headers.get('idempotency-key')));
    expect(keys.size).toBe(3);
    expect(cancel.body).toEqual({ data: {} });
    expect(await store.status('BRF000002')).toBeUndefined();
  });

  it('does not cancel when the billing request itself failed (nothing was opened)', async () => {
    const { handler, calls } = handlerWith({}, [503]);
    expect((await handler(post(validBody()))).status).toBe(502);
    expect(callList(calls)).toEqual(['POST https://api-sandbox.gocardless.com/billing_requests']);
  });

  it('does not cancel on success', async () => {
    const { handler, calls } = handlerWith({ onApplication: () => undefined });
    expect((await handler(post(validBody()))).status).toBe(201);
    expect(calls.some((call) => call.url.includes('/actions/'))).toBe(false);
    expect(calls).toHaveLength(2);
  });

  it('cancels the billing request when the application hook throws, before answering 502 application_failed', async () => {
    const provider = gocardless();
    // The cancel's answer waits for `release`: the buyer's answer must wait for it too.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = provider.fetch(input, init);
      if (String(input).endsWith('/actions/cancel')) await released;
      return answer;
    }) as typeof globalThis.fetch;
    const { handler } = handlerWith({
      gocardless: { accessToken: TOKEN, environment: 'sandbox', fetch },
      onApplication: () => {
        throw new Error('credit bureau down');
      },
    });
    const calls = provider.calls;
    let answered = false;
    const answer = handler(post(validBody())).then((response) => {
      answered = true;
      return response;
    });
    await vi.waitFor(() => expect(calls).toHaveLength(3), { timeout: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    release();
    const response = await answer;
    expect(response.status).toBe(502);
    expect((await response.json()).error.code).toBe('application_failed');
    expect(callList(calls)).toEqual([
      'POST https://api-sandbox.gocardless.com/billing_requests',
      'POST https://api-sandbox.gocardless.com/billing_request_flows',
      CANCEL,
    ]);
    expect(calls[2]!.body).toEqual({ data: {} });
    expect(calls[2]!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(calls[2]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each<[string, Answer, Partial<DirectDebitProviderFailure>]>([
    ['refused (422)', 422, { status: 422, error: expect.objectContaining({ type: 'invalid_api_usage' }) }],
    ['a 5xx', 500, { status: 500, error: expect.objectContaining({ code: 500 }) }],
    ['a network failure', 'network', { error: expect.any(TypeError) }],
    ['a timeout', 'hang', { error: expect.anything() }],
  ])('still answers the original error when the cancel fails (%s), and reports the open request', async (_, cancelAnswer, expected) => {
    for (const [answers, code, hook] of [
      [[201, 429, cancelAnswer], 'provider_failed', undefined],
      [[201, 201, cancelAnswer], 'application_failed', () => Promise.reject(new Error('credit bureau down'))],
    ] as const) {
      const failures: DirectDebitProviderFailure[] = [];
      const provider = gocardless([...answers]);
      const { handler } = handlerWith({
        gocardless: { accessToken: TOKEN, environment: 'sandbox', fetch: provider.fetch, timeoutMs: 20 },
        onProviderError: (failure) => failures.push(failure),
        ...(hook && { onApplication: hook }),
      });
      const response = await handler(post(validBody()));
      expect(response.status).toBe(502);
      const text = await response.text();
      expect(JSON.parse(text).error.code).toBe(code);
      expect(text).not.toContain(TOKEN);
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(callList(provider.calls).at(-1)).toBe(CANCEL);
      expect(failures.at(-1)).toEqual({
        ...expected,
        endpoint: 'billing_requests/BRQ000001/actions/cancel',
        billingRequestId: 'BRQ000001',
      });
    }
  });

  it('still answers the original error when onProviderError throws on the failed cancel', async () => {
    const { handler, calls } = handlerWith(
      {
        onProviderError: () => {
          throw new Error('logger down');
        },
        onApplication: () => Promise.reject(new Error('credit bureau down')),
      },
      [201, 201, 503],
    );
    const response = await handler(post(validBody()));
    expect(response.status).toBe(502);
    expect((await response.json()).error.code).toBe('application_failed');
    expect(calls).toHaveLength(3);
  });

  it('cancels when the store cannot save the flow, answers 500 and reports the error', async () => {
    const memory = memoryDirectDebitStore();
    const store: DirectDebitStore = {
      saveFlow: () => Promise.reject(new Error('database down')),
      recordEvent: (update) => memory.recordEvent(update),
      status: (flowId) => memory.status(flowId),
      saveDraftOrder: (flowId, draft) => memory.saveDraftOrder(flowId, draft),
    };
    const errors: unknown[] = [];
    const { handler, calls } = handlerWith({ store, onError: (error) => errors.push(error) });
    const response = await handler(post(validBody()));
    expect(response.status).toBe(500);
    expect((await response.json()).error.requestId).toBe(response.headers.get('x-request-id'));
    expect(errors).toEqual([new Error('database down')]);
    expect(callList(calls).at(-1)).toBe(CANCEL);
  });
});

const KEY = 'start-key-0123456789abcdef';
const keyedBody = () => ({ ...validBody(), idempotencyKey: KEY });
const BILLING_REQUESTS = 'POST https://api-sandbox.gocardless.com/billing_requests';
const FLOWS = 'POST https://api-sandbox.gocardless.com/billing_request_flows';

/** A handler whose log lines are kept, to read what each request noted about its key. */
function keyedHandler(overrides: Partial<DirectDebitHandlerOptions> = {}, answers: Answer[] = []) {
  const records: LogRecord[] = [];
  const provider = gocardless(answers);
  const { handler, store } = handlerWith({
    log: (record) => void records.push(record),
    ...overrides,
    gocardless: { accessToken: TOKEN, environment: 'sandbox', fetch: provider.fetch, timeoutMs: 20, ...overrides.gocardless },
  });
  const noted = () => records.map((record) => record.idempotency);
  return { handler, store, noted, ...provider };
}

describe('createDirectDebitHandler: one flow per idempotency key', () => {
  it('answers a repeat with the first answer: one billing request and flow at GoCardless, the same flow id', async () => {
    const { handler, calls, created, noted } = keyedHandler();
    const first = await handler(post(keyedBody()));
    expect(first.status).toBe(201);
    const answer = await first.json();
    const repeat = await handler(post(keyedBody()));
    expect(repeat.status).toBe(201);
    expect(await repeat.json()).toEqual(answer);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(repeat.headers.get('access-control-expose-headers')).toContain('idempotent-replayed');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(callList(calls)).toEqual([BILLING_REQUESTS, FLOWS]);
    expect(created).toEqual(['BRQ000001', 'BRF000002']);
    expect(noted()).toEqual(['fresh', 'replayed']);
  });

  it("derives GoCardless's Idempotency-Keys from the element's key, one per resource, without repeating it", async () => {
    const { handler, calls } = keyedHandler();
    await handler(post(keyedBody()));
    const [billingRequestKey, flowKey] = calls.map((call) => call.headers.get('idempotency-key'));
    expect(billingRequestKey).toMatch(/^[0-9a-f]{32}$/);
    expect(flowKey).toMatch(/^[0-9a-f]{32}$/);
    expect(flowKey).not.toBe(billingRequestKey);
    expect(billingRequestKey).not.toContain(KEY);
  });

  it('refuses the key with another body (422 idempotency_key_reused) and asks GoCardless nothing', async () => {
    const { handler, calls, noted } = keyedHandler();
    expect((await handler(post(keyedBody()))).status).toBe(201);
    const changed = keyedBody();
    changed.finance.primaryCity = 'York';
    const refused = await handler(post(changed));
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.code).toBe('idempotency_key_reused');
    expect(refused.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(calls).toHaveLength(2);
    expect(noted()).toEqual(['fresh', 'mismatch']);
  });

  it('answers 409 request_in_progress with Retry-After while the first start with the key runs', async () => {
    const provider = gocardless();
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    let reached = () => {};
    // The first start calls GoCardless only once it holds the key.
    const holdsKey = new Promise<void>((resolve) => (reached = resolve));
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      reached();
      await gate;
      return provider.fetch(input, init);
    }) as typeof globalThis.fetch;
    const { handler, noted } = keyedHandler({ gocardless: { accessToken: TOKEN, environment: 'sandbox', fetch } });
    const first = handler(post(keyedBody()));
    await holdsKey;
    expect(noted()).toEqual([]);
    const second = await handler(post(keyedBody()));
    expect(second.status).toBe(409);
    expect((await second.json()).error.code).toBe('request_in_progress');
    expect(second.headers.get('retry-after')).toBe('2');
    open();
    expect((await first).status).toBe(201);
    expect(provider.created).toEqual(['BRQ000001', 'BRF000002']);
    expect(noted()).toEqual(['in_progress', 'fresh']);
  });

  it.each<[string, Answer[]]>([
    ["the flow's answer lost after GoCardless created it", [201, 'lost']],
    ['a 5xx on the flow', [201, 503]],
    ['a network failure on the flow', [201, 'network']],
    ["the billing request's answer lost after GoCardless created it", ['lost']],
    ['a 5xx on the billing request', [503]],
    ['a timeout on the billing request', ['hang']],
  ])('answers 502 start_unconfirmed on %s, and the retry finishes with the same billing request and flow', async (_, answers) => {
    const { handler, store, calls, created, noted } = keyedHandler({}, answers);
    const unconfirmed = await handler(post(keyedBody()));
    expect(unconfirmed.status).toBe(502);
    const { error } = await unconfirmed.json();
    expect(error.code).toBe('start_unconfirmed');
    expect(error.message).toContain('Try again');

    const retry = await handler(post(keyedBody()));
    expect(retry.status).toBe(201);
    const { flowId } = await retry.json();
    expect(created).toEqual(['BRQ000001', 'BRF000002']);
    expect(flowId).toBe('BRF000002');
    expect(await store.status(flowId)).toMatchObject({ billingRequestId: 'BRQ000001', status: 'pending' });
    expect(calls.some((call) => call.url.includes('/actions/cancel'))).toBe(false);
    const keysFor = (resource: string) => new Set(calls.filter((call) => call.url.endsWith(`/${resource}`)).map((call) => call.headers.get('idempotency-key')));
    expect(keysFor('billing_requests').size).toBe(1);
    expect(keysFor('billing_request_flows').size).toBe(1);
    expect(noted()).toEqual(['unconfirmed', 'confirmed']);
    expect((await handler(post(keyedBody()))).headers.get('idempotent-replayed')).toBe('true');
  });

  it.each<[string, Answer[], Partial<DirectDebitHandlerOptions>, string]>([
    ['GoCardless refused the flow (429), so the billing request was cancelled', [201, 429], {}, 'provider_failed'],
    ['the application hook threw, so the billing request was cancelled', [], { onApplication: vi.fn().mockRejectedValueOnce(new Error('credit bureau down')) }, 'application_failed'],
  ])('frees the key when %s: the retry finds it cancelled and starts a new one', async (_, answers, overrides, code) => {
    const { handler, calls, created, noted } = keyedHandler(overrides, answers);
    const failed = await handler(post(keyedBody()));
    expect(failed.status).toBe(502);
    expect((await failed.json()).error.code).toBe(code);
    const firstKey = calls[0]!.headers.get('idempotency-key');
    calls.length = 0;

    const retry = await handler(post(keyedBody()));
    expect(retry.status).toBe(201);
    const { flowId } = await retry.json();
    expect(created.filter((id) => id.startsWith('BRQ'))).toHaveLength(2);
    expect(flowId).toBe(created.at(-1));
    expect(callList(calls)).toEqual([BILLING_REQUESTS, 'GET https://api-sandbox.gocardless.com/billing_requests/BRQ000001', BILLING_REQUESTS, FLOWS]);
    expect(calls[0]!.headers.get('idempotency-key')).toBe(firstKey);
    expect(calls[2]!.headers.get('idempotency-key')).not.toBe(firstKey);
    expect(noted()).toEqual(['released', 'fresh']);
  });

  it('frees the key when GoCardless refused the billing request (4xx): the retry creates it', async () => {
    const { handler, created, noted } = keyedHandler({}, [401]);
    expect((await handler(post(keyedBody()))).status).toBe(503);
    expect(created).toEqual([]);
    expect((await handler(post(keyedBody()))).status).toBe(201);
    expect(created).toEqual(['BRQ000001', 'BRF000002']);
    expect(noted()).toEqual(['released', 'fresh']);
  });

  it('counts a start against the handler-wide cap only when it acts: a replay passes, a capped start frees its key', async () => {
    let time = TODAY;
    const { handler, calls, noted } = keyedHandler({ globalRateLimit: { limit: 1, windowMs: 60_000 }, clock: () => time });
    expect((await handler(post(keyedBody()))).status).toBe(201);
    expect((await handler(post(keyedBody()))).status).toBe(201);
    const other = { ...keyedBody(), idempotencyKey: 'another-key-0123456789' };
    const capped = await handler(post(other));
    expect(capped.status).toBe(503);
    expect((await capped.json()).error.code).toBe('too_busy');
    expect(calls).toHaveLength(2);
    time += 60_000;
    expect((await handler(post(other))).status).toBe(201);
    expect(noted()).toEqual(['fresh', 'replayed', 'released', 'fresh']);
  });

  it('claims `direct-debit:{key}` in the given store for the given time; past it, the key may start another request', async () => {
    let time = TODAY;
    const memory = memoryIdempotencyStore();
    const claimed: [string, ClaimRequest][] = [];
    const store: IdempotencyStore = {
      ...memory,
      claim: (key, request, now) => {
        claimed.push([key, request]);
        return memory.claim(key, request, now);
      },
    };
    const { handler, created } = keyedHandler({ idempotency: { store, ttlMs: 1000 }, clock: () => time });
    const first = await (await handler(post(keyedBody()))).json();
    expect(claimed).toEqual([[`direct-debit:${KEY}`, expect.objectContaining({ ttlMs: 1000, fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) })]]);
    const changed = keyedBody();
    changed.finance.primaryCity = 'York';
    expect((await handler(post(changed))).status).toBe(422);
    time += 1000;
    const later = await handler(post(changed));
    expect(later.status).toBe(201);
    expect((await later.json()).flowId).not.toBe(first.flowId);
    expect(created).toHaveLength(4);
  });

  it('starts every time for a request without a key, as from a page made before keys', async () => {
    const { handler, created } = keyedHandler();
    expect((await handler(post(validBody()))).status).toBe(201);
    expect((await handler(post(validBody()))).status).toBe(201);
    expect(created).toHaveLength(4);
  });
});

describe('createDirectDebitHandler: one partner verification prices one order', () => {
  /** A start under `idempotencyKey` (none: a page made before keys) with the token of `verification`. */
  const partnerStart = async (idempotencyKey: string | undefined, verification: Partial<PartnerTokenClaims> = {}) => {
    const body = validBody(EXTRAS);
    body.customer.email = 'sam@partner-one.example';
    return post({ ...body, partnerToken: await signPartnerToken(claims(verification), PARTNER_SECRET), ...(idempotencyKey && { idempotencyKey }) });
  };
  const KEY_B = 'other-order-key-0123456789';
  const refusedAsUsed = async (response: Response) => {
    expect(response.status).toBe(409);
    const answer = await response.json();
    expect(answer.error.code).toBe('partner_token_used');
    expect(answer.problems).toEqual([{ field: 'partnerToken', message: expect.stringMatching(/already used for another order/) }]);
    expect(stepForDirectDebitField(answer.problems[0].field)).toBe('contact');
  };
  const initialPayments = (calls: ProviderCall[]) =>
    calls.filter((call) => call.url.endsWith('/billing_requests')).map((call) => (call.body.billing_requests!.metadata as Record<string, string>).initial_payment_pence);

  it('prices the first key’s start; another key is refused 409 partner_token_used, asking GoCardless nothing; the first key still replays', async () => {
    const { handler, calls } = keyedHandler({ partnerTokenSecret: PARTNER_SECRET });
    const first = await handler(await partnerStart(KEY));
    expect(first.status).toBe(201);
    const flow = await first.json();
    expect(initialPayments(calls)).toEqual(['25000']);
    await refusedAsUsed(await handler(await partnerStart(KEY_B)));
    // A token made again for the same verification (its shop code) is that verification.
    await refusedAsUsed(await handler(await partnerStart(KEY_B, { exp: TODAY / 1000 + 7200 })));
    expect(calls).toHaveLength(2);
    const replayed = await handler(await partnerStart(KEY));
    expect(replayed.status).toBe(201);
    expect(await replayed.json()).toEqual(flow);
    // A new verification prices the other order.
    expect((await handler(await partnerStart(KEY_B, { discountCode: 'PARTNER-NEWVERIFIED' }))).status).toBe(201);
    expect(initialPayments(calls)).toEqual(['25000', '25000']);
  });

  it('frees the verification when the start did nothing, so the buyer’s next key may use it', async () => {
    const { handler } = keyedHandler({ partnerTokenSecret: PARTNER_SECRET }, [401]);
    expect((await handler(await partnerStart(KEY))).status).toBe(503);
    expect((await handler(await partnerStart(KEY_B))).status).toBe(201);
    await refusedAsUsed(await handler(await partnerStart(KEY)));
  });

  it('frees it too when the start failed with an error (the store down)', async () => {
    const memory = memoryDirectDebitStore();
    let down = true;
    const store: DirectDebitStore = { ...memory, saveFlow: (record) => (down ? Promise.reject(new Error('database down')) : memory.saveFlow(record)) };
    const { handler } = keyedHandler({ partnerTokenSecret: PARTNER_SECRET, store, onError: () => {} });
    expect((await handler(await partnerStart(KEY))).status).toBe(500);
    down = false;
    expect((await handler(await partnerStart(KEY_B))).status).toBe(201);
  });

  it('keeps it for a start whose outcome is unknown: the retry with its key finishes, another key is refused', async () => {
    const { handler, created } = keyedHandler({ partnerTokenSecret: PARTNER_SECRET }, ['lost']);
    expect((await handler(await partnerStart(KEY))).status).toBe(502);
    await refusedAsUsed(await handler(await partnerStart(KEY_B)));
    expect((await handler(await partnerStart(KEY))).status).toBe(201);
    expect(created).toHaveLength(2);
  });

  it('counts each start without a key as an order of its own', async () => {
    const { handler, created } = keyedHandler({ partnerTokenSecret: PARTNER_SECRET });
    expect((await handler(await partnerStart(undefined))).status).toBe(201);
    await refusedAsUsed(await handler(await partnerStart(undefined)));
    expect(created).toHaveLength(2);
  });

  it('binds in the given store, so instances sharing it price one order between them', async () => {
    const partnerTokens = memoryPartnerTokenStore();
    const one = keyedHandler({ partnerTokenSecret: PARTNER_SECRET, partnerTokens });
    const two = keyedHandler({ partnerTokenSecret: PARTNER_SECRET, partnerTokens });
    expect((await one.handler(await partnerStart(KEY))).status).toBe(201);
    await refusedAsUsed(await two.handler(await partnerStart(KEY_B)));
  });
});

describe('createDirectDebitHandler: origins, methods and limits', () => {
  it('answers 429 with Retry-After past the start limit, per client address', async () => {
    let time = TODAY;
    const { handler, calls } = handlerWith({ rateLimit: { limit: 1, windowMs: 60_000 }, clock: () => time });
    expect((await handler(post(validBody()))).status).toBe(201);
    const limited = await handler(post(validBody()));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect((await limited.json()).error.code).toBe('rate_limited');
    expect((await handler(post(validBody(), { 'x-forwarded-for': '198.51.100.2' }))).status).toBe(201);
    time += 60_000;
    expect((await handler(post(validBody()))).status).toBe(201);
    expect(calls).toHaveLength(6);
  });

  it('answers a status GET without an Origin header (a back office, a server), without CORS headers', async () => {
    const { handler } = handlerWith();
    const { flowId } = await (await handler(post(validBody()))).json();
    const response = await handler(statusOf(flowId, {}));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ flowId, status: 'pending' });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
    const unknown = await handler(statusOf('BRF999999', {}));
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('access-control-allow-origin')).toBeNull();
    expect((await handler(new Request(ENDPOINT))).status).toBe(400);
  });

  it('rate-limits status reads without an Origin header too, per client address', async () => {
    const { handler } = handlerWith({ statusRateLimit: { limit: 1, windowMs: 60_000 } });
    const { flowId } = await (await handler(post(validBody()))).json();
    const back = { 'x-forwarded-for': '192.0.2.10' };
    expect((await handler(statusOf(flowId, back))).status).toBe(200);
    const limited = await handler(statusOf(flowId, back));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.headers.get('access-control-allow-origin')).toBeNull();
    expect((await handler(statusOf(flowId, { 'x-forwarded-for': '192.0.2.11' }))).status).toBe(200);
  });

  it('counts status reads apart from starts', async () => {
    const { handler } = handlerWith({ rateLimit: { limit: 1, windowMs: 60_000 }, statusRateLimit: { limit: 2, windowMs: 60_000 } });
    const { flowId } = await (await handler(post(validBody()))).json();
    expect((await handler(statusOf(flowId))).status).toBe(200);
    expect((await handler(statusOf(flowId))).status).toBe(200);
    expect((await handler(statusOf(flowId))).status).toBe(429);
  });
});

function sign(body: string, secret = SECRET): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

const event = (overrides: Partial<GoCardlessEvent> = {}): GoCardlessEvent => ({
  id: 'EV000001',
  created_at: '2026-01-15T12:05:00.000Z',
  resource_type: 'billing_requests',
  action: 'fulfilled',
  links: { billing_request: 'BRQ000001', mandate_request_mandate: 'MD000123', customer: 'CU000001' },
  details: { origin: 'payer', cause: 'billing_request_fulfilled' },
  ...overrides,
});

function webhookRequest(events: unknown, signature?: string | null, raw?: string): Request {
  const body = raw ?? JSON.stringify({ events });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const signed = signature === undefined ? sign(body) : signature;
  if (signed !== null) headers['webhook-signature'] = signed;
  return new Request(WEBHOOK, { method: 'POST', body, headers });
}

/** A start handler and a webhook handler on one store, with a flow already started. */
async function startedFlow(webhookOverrides: Partial<DirectDebitWebhookOptions> = {}) {
  const recorded: Parameters<DirectDebitStore['recordEvent']>[0][] = [];
  const memory = memoryDirectDebitStore();
  const store: DirectDebitStore = {
    saveFlow: (record) => memory.saveFlow(record),
    recordEvent: (update) => {
      recorded.push(update);
      return memory.recordEvent(update);
    },
    status: (flowId) => memory.status(flowId),
    saveDraftOrder: (flowId, draft) => memory.saveDraftOrder(flowId, draft),
  };
  const { handler } = handlerWith({ store });
  const webhook = createDirectDebitWebhookHandler({ webhookSecret: SECRET, store, ...webhookOverrides });
  const { flowId } = await (await handler(post(validBody()))).json();
  const status = async () => (await handler(statusOf(flowId))).json();
  return { handler, webhook, store, flowId, status, recorded };
}

describe('the direct-debit handlers and a store that forgets', () => {
  const forgets = async () => {
    throw new StoreNotDurableError('set appendonly yes');
  };

  it.each([
    ['the flow store', { store: { ...memoryDirectDebitStore(), durable: forgets } }],
    ['the idempotency store', { idempotency: { store: { ...memoryIdempotencyStore(), durable: forgets } } }],
    ['the partner-token store', { partnerTokens: { ...memoryPartnerTokenStore(), durable: forgets } }],
  ])('starts no flow and answers 503 store_not_durable while %s would forget; a preflight is still answered', async (_, overrides) => {
    const records: LogRecord[] = [];
    const { handler, calls } = handlerWith({ ...overrides, log: (record) => records.push(record) });
    const refused = await handler(post(keyedBody()));
    expect(refused.status).toBe(503);
    expect((await refused.json()).error.code).toBe('store_not_durable');
    expect(refused.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(calls).toHaveLength(0);
    expect(records.at(-1)).toMatchObject({ status: 503, reason: 'store_not_durable' });
    const preflight = await handler(new Request(ENDPOINT, { method: 'OPTIONS', headers: { origin: ORIGIN } }));
    expect(preflight.status).toBe(204);
  });

  it('the webhook records no event while its store would forget: 503, so GoCardless delivers it again', async () => {
    const recorded: unknown[] = [];
    const memory = memoryDirectDebitStore();
    const store: DirectDebitStore = { ...memory, recordEvent: (update) => (recorded.push(update), memory.recordEvent(update)), durable: forgets };
    const webhook = createDirectDebitWebhookHandler({ webhookSecret: SECRET, store, log: false });
    const refused = await webhook(webhookRequest([event()]));
    expect(refused.status).toBe(503);
    expect((await refused.json()).error.code).toBe('store_not_durable');
    expect(recorded).toEqual([]);
  });
});

describe('createDirectDebitHandler: status', () => {
  it('answers pending after the start and 404 for an unknown flow, 400 without a usable id', async () => {
    const { handler, flowId, status } = await startedFlow();
    expect(await status()).toEqual({ flowId, status: 'pending' });
    const unknown = await handler(statusOf('BRF999999'));
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('flow_not_found');
    expect(unknown.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect((await handler(new Request(ENDPOINT, { headers: { origin: ORIGIN } }))).status).toBe(400);
    expect((await handler(statusOf('BRF/../x'))).status).toBe(400);
  });
});

describe('createDirectDebitWebhookHandler', () => {
  it('records a signed fulfilment, so the status becomes fulfilled with the mandate id', async () => {
    const events: GoCardlessEvent[] = [];
    const { webhook, flowId, status } = await startedFlow({ onEvent: (received) => void events.push(received) });
    const response = await webhook(webhookRequest([event()]));
    expect(response.status).toBe(204);
    expect(await status()).toEqual({ flowId, status: 'fulfilled', mandateId: 'MD000123' });
    expect(events.map((received) => received.id)).toEqual(['EV000001']);
  });

  it('accepts the signature in upper case hex', async () => {
    const { webhook, status } = await startedFlow();
    const body = JSON.stringify({ events: [event()] });
    expect((await webhook(webhookRequest(null, sign(body).toUpperCase(), body))).status).toBe(204);
    expect((await status()).status).toBe('fulfilled');
  });

  it.each([
    ['a missing signature', null],
    ['a signature with another secret', sign(JSON.stringify({ events: [event()] }), 'other-secret')],
    ['a signature of another body', sign('{"events":[]}')],
    ['a truncated signature', sign(JSON.stringify({ events: [event()] })).slice(0, 62)],
    ['a signature that is not hex', 'z'.repeat(64)],
  ])('answers 498 invalid_signature for %s and records nothing', async (_, signature) => {
    const events: GoCardlessEvent[] = [];
    const { webhook, status, recorded } = await startedFlow({ onEvent: (received) => void events.push(received) });
    const response = await webhook(webhookRequest([event()], signature));
    expect(response.status).toBe(498);
    expect((await response.json()).error.code).toBe('invalid_signature');
    expect(recorded).toHaveLength(0);
    expect(events).toHaveLength(0);
    expect((await status()).status).toBe('pending');
  });

  it('records a redelivered event once, and tells onEvent once', async () => {
    const events: GoCardlessEvent[] = [];
    const { webhook, status } = await startedFlow({ onEvent: (received) => void events.push(received) });
    const fulfilled = event();
    // Same moment, delivered after: it wins the tie, and a replay of the first must not win it back.
    const cancelled = event({ id: 'EV000002', action: 'cancelled', links: { billing_request: 'BRQ000001' } });
    for (const batch of [[fulfilled], [cancelled], [fulfilled]]) expect((await webhook(webhookRequest(batch))).status).toBe(204);
    expect(await status()).toMatchObject({ status: 'cancelled' });
    expect(events.map((received) => received.id)).toEqual(['EV000001', 'EV000002']);
  });

  it('when onEvent throws for one event, answers 500 and runs it again on redelivery, for that event only', async () => {
    const told: string[] = [];
    const onEvent = (received: GoCardlessEvent) => {
      told.push(received.id);
      if (received.id === 'EV000031' && told.filter((id) => id === 'EV000031').length === 1) throw new Error('queue down');
    };
    const { webhook, status } = await startedFlow({ onEvent });
    const batch = [
      event({ id: 'EV000030', resource_type: 'mandates', action: 'created', links: { mandate: 'MD000123' } }),
      event({ id: 'EV000031' }),
      event({ id: 'EV000032', resource_type: 'mandates', action: 'active', links: { mandate: 'MD000123' } }),
    ];
    const first = await webhook(webhookRequest(batch));
    expect(first.status).toBe(500);
    expect((await first.json()).error.code).toBe('event_handler_failed');
    expect((await webhook(webhookRequest(batch))).status).toBe(204);
    expect((await webhook(webhookRequest(batch))).status).toBe(204);
    expect(told).toEqual(['EV000030', 'EV000031', 'EV000032', 'EV000031']);
    expect((await status()).status).toBe('fulfilled');
  });

  it('answers 409 billing_request_unknown for an outcome of a billing request the store does not know, until it does', async () => {
    const told: string[] = [];
    const { webhook, store } = await startedFlow({ onEvent: (received) => void told.push(received.id) });
    const batch = [
      event({ id: 'EV000040', links: { billing_request: 'BRQ000009', mandate_request_mandate: 'MD000900' } }),
      event({ id: 'EV000041', resource_type: 'mandates', action: 'created', links: { mandate: 'MD000900' } }),
    ];
    const early = await webhook(webhookRequest(batch));
    expect(early.status).toBe(409);
    expect((await early.json()).error.code).toBe('billing_request_unknown');
    expect(told).toEqual(['EV000041']);
    expect((await webhook(webhookRequest(batch))).status).toBe(409);

    await store.saveFlow({ flowId: 'BRF000009', billingRequestId: 'BRQ000009', createdAt: TODAY, request: 'print' });
    expect((await webhook(webhookRequest(batch))).status).toBe(204);
    expect(told).toEqual(['EV000041', 'EV000040']);
    expect(await store.status('BRF000009')).toMatchObject({ status: 'fulfilled', mandateId: 'MD000900' });
    expect((await webhook(webhookRequest(batch))).status).toBe(204);
    expect(told).toEqual(['EV000041', 'EV000040']);
  });

  it('claims each event as `direct-debit-event:{id}`: one another instance holds answers 409 event_in_progress', async () => {
    const told: string[] = [];
    const keys = memoryIdempotencyStore();
    const { webhook } = await startedFlow({ idempotency: { store: keys }, onEvent: (received) => void told.push(received.id) });
    const held = { fingerprint: 'EV000001', token: 'another-instance', leaseMs: 60_000, ttlMs: 60_000 };
    expect(await keys.claim('direct-debit-event:EV000001', held, Date.now())).toEqual({ outcome: 'claimed' });
    const batch = [event(), event({ id: 'EV000050', resource_type: 'mandates', action: 'created', links: { mandate: 'MD000123' } })];
    const busy = await webhook(webhookRequest(batch));
    expect(busy.status).toBe(409);
    expect((await busy.json()).error.code).toBe('event_in_progress');
    expect(told).toEqual(['EV000050']);

    // The other instance finishes: the redelivery finds both events handled.
    expect(await keys.complete('direct-debit-event:EV000001', 'another-instance', { status: 204, body: null }, 60_000, Date.now())).toBe(true);
    expect((await webhook(webhookRequest(batch))).status).toBe(204);
    expect(told).toEqual(['EV000050']);
  });

  it('lets the event that happened last decide, whatever the delivery order', async () => {
    const { webhook, status } = await startedFlow();
    const failed = event({
      id: 'EV000010',
      action: 'failed',
      created_at: '2026-01-15T12:10:00.000Z',
      links: { billing_request: 'BRQ000001' },
    });
    await webhook(webhookRequest([failed]));
    await webhook(webhookRequest([event({ created_at: '2026-01-15T12:01:00.000Z' })]));
    expect((await status()).status).toBe('failed');
  });

  it('ignores other resource types and billing-request actions that do not end the request', async () => {
    const events: GoCardlessEvent[] = [];
    const { webhook, status, recorded } = await startedFlow({ onEvent: (received) => void events.push(received) });
    const batch = [
      event({ id: 'EV000020', resource_type: 'mandates', action: 'failed', links: { mandate: 'MD000123' } }),
      event({ id: 'EV000021', resource_type: 'payments', action: 'cancelled', links: { payment: 'PM1', billing_request: 'BRQ000001' } }),
      event({ id: 'EV000022', action: 'flow_visited', links: { billing_request: 'BRQ000001' } }),
    ];
    expect((await webhook(webhookRequest(batch))).status).toBe(204);
    expect(recorded).toHaveLength(0);
    expect(events.map((received) => received.id)).toEqual(['EV000020', 'EV000021', 'EV000022']);
    expect((await status()).status).toBe('pending');
  });

  it('answers 400 for malformed JSON or events after a valid signature', async () => {
    const { webhook, recorded } = await startedFlow();
    expect((await webhook(webhookRequest(null, undefined, '{"events":'))).status).toBe(400);
    expect((await webhook(webhookRequest({ not: 'a list' }))).status).toBe(400);
    expect((await webhook(webhookRequest([{ resource_type: 'billing_requests', action: 'fulfilled' }]))).status).toBe(400);
    expect(recorded).toHaveLength(0);
  });

  it('answers 500 when onEvent throws, so GoCardless delivers the batch again, and reports the error', async () => {
    const reported: unknown[] = [];
    const { webhook, status } = await startedFlow({
      onEvent: () => {
        throw new Error('queue down');
      },
      onError: (error) => reported.push(error),
    });
    const response = await webhook(webhookRequest([event()]));
    expect(response.status).toBe(500);
    expect((await response.json()).error.code).toBe('event_handler_failed');
    expect(reported).toEqual([new Error('queue down')]);
    expect((await status()).status).toBe('fulfilled');
  });

  it('refuses an empty secret at creation', () => {
    expect(() => createDirectDebitWebhookHandler({ webhookSecret: '' })).toThrow(TypeError);
  });
});

describe('memoryDirectDebitStore', () => {
  const flow = { flowId: 'BRF1', billingRequestId: 'BRQ1', createdAt: 0, request: 'print' };

  it('knows a saved flow as pending and an unknown one not at all', async () => {
    const store = memoryDirectDebitStore();
    await store.saveFlow(flow);
    expect(await store.status('BRF1')).toEqual({ flowId: 'BRF1', billingRequestId: 'BRQ1', status: 'pending', createdAt: 0, request: 'print' });
    expect(await store.status('BRF2')).toBeUndefined();
  });

  it('records each event id once', async () => {
    const store = memoryDirectDebitStore();
    await store.saveFlow(flow);
    await store.recordEvent({ billingRequestId: 'BRQ1', status: 'fulfilled', mandateId: 'MD1', eventId: 'EV1', at: 10 });
    await store.recordEvent({ billingRequestId: 'BRQ1', status: 'failed', eventId: 'EV2', at: 10 });
    await store.recordEvent({ billingRequestId: 'BRQ1', status: 'fulfilled', mandateId: 'MD1', eventId: 'EV1', at: 10 });
    expect(await store.status('BRF1')).toMatchObject({ flowId: 'BRF1', billingRequestId: 'BRQ1', status: 'failed' });
    expect(await store.status('BRF1')).not.toHaveProperty('mandateId');
  });

  it('keeps the latest event by time', async () => {
    const store = memoryDirectDebitStore();
    await store.saveFlow(flow);
    await store.recordEvent({ billingRequestId: 'BRQ1', status: 'fulfilled', mandateId: 'MD1', eventId: 'EV2', at: 20 });
    await store.recordEvent({ billingRequestId: 'BRQ1', status: 'cancelled', eventId: 'EV1', at: 10 });
    expect(await store.status('BRF1')).toMatchObject({ status: 'fulfilled', mandateId: 'MD1' });
  });

  it('records nothing for a billing request none of its flows started, and says so', async () => {
    const store = memoryDirectDebitStore();
    expect(await store.recordEvent({ billingRequestId: 'BRQ1', status: 'fulfilled', eventId: 'EV1', at: 10 })).toBe('unknown');
    await store.saveFlow(flow);
    expect(await store.status('BRF1')).toMatchObject({ status: 'pending' });
    expect(await store.recordEvent({ billingRequestId: 'BRQ1', status: 'fulfilled', eventId: 'EV1', at: 10 })).toBe('recorded');
    expect(await store.status('BRF1')).toMatchObject({ status: 'fulfilled' });
  });
});
