import { afterEach, describe, expect, it, vi } from 'vitest';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { defaultConfiguration } from '../domain/configuration';
import type { DirectDebitStartAnswer } from '../domain/direct-debit';
import { directDebitRequest } from '../domain/direct-debit';
import { defaultFormValues } from '../domain/forms';
import type { GoCardlessDropinApi, StartKey } from './direct-debit';
import {
  CHECKOUT_FAILED,
  DIRECT_DEBIT_UNAVAILABLE,
  DROPIN_UNAVAILABLE,
  DirectDebitError,
  MANDATE_NOT_SET_UP,
  MANDATE_PENDING,
  MONTHLY_CHECKOUT_UNAVAILABLE,
  PARTNER_TOKEN_USED,
  SHOP_TOTAL_DIFFERS,
  START_FAILED,
  START_IN_PROGRESS,
  draftCheckoutUrl,
  draftOrderCheckout,
  loadDropin,
  openDropin,
  startMandateFlow,
} from './direct-debit';

const ENDPOINT = 'https://merchant.example/direct-debit';
const REQUEST = directDebitRequest(
  { ...defaultConfiguration(UK_CATALOGUE), paymentType: 'PAY_MONTHLY', display: true },
  {
    ...defaultFormValues(),
    'first-name': 'Sam',
    'last-name': 'Lee',
    email: 'sam@example.com',
    tel: '07700 900123',
    legalName: 'Samuel Lee',
    primaryAddress1: '1 High Street',
    primaryCity: 'Leeds',
    primaryPostcode: 'LS1 4AP',
    dob: '1990-05-17',
    acceptedMonthlyPaymentTerms: true,
    acceptedCreditCheck: true,
  },
);
const FLOW: DirectDebitStartAnswer = { flowId: 'BRF0001234ABCD', environment: 'sandbox' };

/** A key source giving `key-1`, then `key-2` after a renewal, …; `asked` holds the contents asked for. */
function keys(): StartKey & { asked: string[] } {
  let current = 1;
  const asked: string[] = [];
  return {
    asked,
    keyFor: (content) => {
      asked.push(content);
      return `key-${current}-0123456789abcdef`;
    },
    renew: () => void (current += 1),
  };
}

interface Sent {
  url: string;
  init: RequestInit;
}

function fakeFetch(answer: (signal: AbortSignal) => Promise<Response>) {
  const sent: Sent[] = [];
  const fetch = (async (url: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ url: String(url), init });
    return answer(init.signal!);
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

const json = (status: number, body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
const hanging = (signal: AbortSignal) => new Promise<Response>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));

/** The failure `run` rejects with, checked to be a DirectDebitError. */
async function failureOf(run: Promise<unknown>): Promise<DirectDebitError> {
  const error = await run.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DirectDebitError);
  return error as DirectDebitError;
}

describe('startMandateFlow (direct-debit-endpoint)', () => {
  it('POSTs the request as JSON with the key for its content, and returns the flow to open', async () => {
    const { fetch, sent } = fakeFetch(json(200, { flowId: FLOW.flowId, environment: 'live' }));
    const key = keys();
    await expect(startMandateFlow(REQUEST, { endpoint: ENDPOINT, key, fetch })).resolves.toEqual({ flowId: FLOW.flowId, environment: 'live' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(ENDPOINT);
    expect(sent[0]!.init.method).toBe('POST');
    expect(sent[0]!.init.headers).toEqual({ 'Content-Type': 'application/json', Accept: 'application/json' });
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({ ...REQUEST, idempotencyKey: 'key-1-0123456789abcdef' });
    expect(key.asked).toEqual([JSON.stringify(REQUEST)]);
    expect(sent[0]!.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('renews a key the endpoint knew with another request and sends the request once more', async () => {
    const answers = [json(422, { error: { code: 'idempotency_key_reused', message: 'another request' } }), json(201, FLOW)];
    const { fetch, sent } = fakeFetch(() => answers.shift()!());
    await expect(startMandateFlow(REQUEST, { endpoint: ENDPOINT, key: keys(), fetch })).resolves.toEqual(FLOW);
    expect(sent.map((call) => JSON.parse(String(call.init.body)).idempotencyKey)).toEqual(['key-1-0123456789abcdef', 'key-2-0123456789abcdef']);
  });

  it('asks the buyer to try again in a moment while the endpoint is still starting the flow (409)', async () => {
    const { fetch } = fakeFetch(json(409, { error: { code: 'request_in_progress', message: 'still starting' } }));
    const error = await failureOf(startMandateFlow(REQUEST, { endpoint: ENDPOINT, key: keys(), fetch }));
    expect(error).toMatchObject({ code: 'IN_PROGRESS', buyerMessage: START_IN_PROGRESS, retryable: true });
  });

  it('sends the buyer back to the contact step for a new code when the partner verification priced another order (409)', async () => {
    const problems = [{ field: 'partnerToken', message: 'already used' }];
    const { fetch } = fakeFetch(json(409, { error: { code: 'partner_token_used', message: 'already used' }, problems }));
    const error = await failureOf(startMandateFlow(REQUEST, { endpoint: ENDPOINT, key: keys(), fetch }));
    expect(error).toMatchObject({ code: 'PARTNER_TOKEN_USED', buyerMessage: PARTNER_TOKEN_USED, retryable: false, field: 'partnerToken' });
  });

  it.each<[string, () => Promise<Response>, string, boolean]>([
    ['an answer without a flow id', json(200, { environment: 'sandbox' }), 'INVALID_ANSWER', true],
    ['a flow id with odd characters', json(200, { flowId: 'BRF<script>', environment: 'sandbox' }), 'INVALID_ANSWER', true],
    ['an unknown environment', json(200, { flowId: FLOW.flowId, environment: 'staging' }), 'INVALID_ANSWER', true],
    ['an answer that is not JSON', () => Promise.resolve(new Response('<html>', { status: 200 })), 'INVALID_ANSWER', true],
    ['a server error', json(500, { error: { code: 'PROVIDER_ERROR', message: 'GoCardless is down' } }), 'HTTP_500', true],
    ['a bad gateway without a body', () => Promise.resolve(new Response(null, { status: 502 })), 'HTTP_502', true],
    ['a refusal of the origin', json(403, { error: { code: 'FORBIDDEN_ORIGIN', message: 'no' } }), 'HTTP_403', true],
  ])('fails with the generic message on %s', async (_, answer, code, retryable) => {
    const { fetch } = fakeFetch(answer);
    const error = await failureOf(startMandateFlow(REQUEST, { endpoint: ENDPOINT, key: keys(), fetch }));
    expect({ code: error.code, buyerMessage: error.buyerMessage, retryable: error.retryable, field: error.field }).toEqual({
      code,
      buyerMessage: START_FAILED,
      retryable,
      field: undefined,
    });
  });

  it('a service GoCardless refused (503, retryable: false) sends the buyer to another way to pay', async () => {
    const { fetch } = fakeFetch(json(503, { error: { code: 'provider_rejected', retryable: false, message: 'GoCardless refused this service' } }));
    const error = await failureOf(startMandateFlow(REQUEST, { endpoint: ENDPOINT, key: keys(), fetch }));
    expect(error).toMatchObject({ code: 'UNAVAILABLE', buyerMessage: DIRECT_DEBIT_UNAVAILABLE, retryable: false, field: 'configuration.paymentType' });
  });

  it('a refusal naming a field (422) gives that field and the handler\'s message, not to be retried as is', async () => {
    const { fetch } = fakeFetch(
      json(422, {
        error: { code: 'INVALID_REQUEST', message: 'The request is invalid.' },
        problems: [
          { field: 'finance.primaryPostcode', message: 'Postcode must be a valid UK postcode' },
          { field: 'finance.dob', message: 'You must be 18 or over to apply' },
        ],
      }),
    );
    const error = await failureOf(startMandateFlow(REQUEST, { endpoint: ENDPOINT, key: keys(), fetch }));
    expect(error).toMatchObject({ code: 'INVALID_REQUEST', buyerMessage: 'Postcode must be a valid UK postcode', retryable: false, field: 'finance.primaryPostcode' });
    expect(error.message).toBe('Postcode must be a valid UK postcode');
    expect(error.name).toBe('DirectDebitError');
  });

  it('a 422 without usable problems falls back to the generic message and no field', async () => {
    const { fetch } = fakeFetch(json(422, { error: { code: 'INVALID_REQUEST', message: 'bad' }, problems: [{ field: 3, message: null }] }));
    const error = await failureOf(startMandateFlow(REQUEST, { endpoint: ENDPOINT, key: keys(), fetch }));
    expect(error).toMatchObject({ code: 'INVALID_REQUEST', buyerMessage: START_FAILED, retryable: false, field: undefined });
  });

  it('rate limiting (429) asks the buyer to wait', async () => {
    const { fetch } = fakeFetch(json(429, { error: { code: 'RATE_LIMITED', message: 'slow down' } }));
    const error = await failureOf(startMandateFlow(REQUEST, { endpoint: ENDPOINT, key: keys(), fetch }));
    expect(error).toMatchObject({ code: 'RATE_LIMITED', buyerMessage: 'Too many attempts. Please wait a minute and try again.', retryable: true });
  });

  it('a network failure is retryable and keeps its cause', async () => {
    const cause = new TypeError('Failed to fetch');
    const { fetch } = fakeFetch(() => Promise.reject(cause));
    const error = await failureOf(startMandateFlow(REQUEST, { endpoint: ENDPOINT, key: keys(), fetch }));
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', buyerMessage: START_FAILED, retryable: true });
    expect(error.cause).toBe(cause);
  });

  it('gives up after its timeout', async () => {
    const { fetch } = fakeFetch(hanging);
    const error = await failureOf(startMandateFlow(REQUEST, { endpoint: ENDPOINT, key: keys(), fetch, timeoutMs: 20 }));
    expect(error).toMatchObject({ code: 'TIMEOUT', buyerMessage: START_FAILED, retryable: true });
  });

  it("stops when the caller's signal aborts (the buyer left the step)", async () => {
    const { fetch, sent } = fakeFetch(hanging);
    const controller = new AbortController();
    const pending = failureOf(startMandateFlow(REQUEST, { endpoint: ENDPOINT, key: keys(), fetch, signal: controller.signal }));
    await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 30_000 });
    controller.abort();
    expect((await pending).code).toBe('ABORTED');
  });
});

const SRC = 'https://pay.example/dropin/v2/initialise.js';

/** A fake GoCardless drop-in that records what it was given. */
function fakeDropin() {
  const handler = { open: vi.fn(), exit: vi.fn() };
  const created: Parameters<GoCardlessDropinApi['create']>[0][] = [];
  const api: GoCardlessDropinApi = {
    create(options) {
      created.push(options);
      return handler;
    },
  };
  return { api, handler, created };
}

/**
 * A page to load the script into: real script elements, a head outside any document (so nothing
 * is fetched) that records what was appended, and a window the test gives the GoCardlessDropin
 * global, as the script would.
 */
function fakePage() {
  const view: { GoCardlessDropin?: unknown } = {};
  const appended: HTMLScriptElement[] = [];
  const head = document.createElement('div');
  const doc = {
    defaultView: view,
    createElement: (tag: string) => document.createElement(tag),
    head: {
      append: (script: HTMLScriptElement) => {
        appended.push(script);
        head.append(script);
      },
    },
  } as unknown as Document;
  return { doc, view, appended, head };
}

describe('loadDropin (the drop-in script, once per page)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses a GoCardlessDropin the page already has, without adding a script', async () => {
    const page = fakePage();
    const { api } = fakeDropin();
    page.view.GoCardlessDropin = api;
    await expect(loadDropin(page.doc, SRC)).resolves.toBe(api);
    expect(page.appended).toEqual([]);
  });

  it('appends one async script for two callers and gives both the global once it has loaded', async () => {
    const page = fakePage();
    const { api } = fakeDropin();
    const first = loadDropin(page.doc, SRC);
    const second = loadDropin(page.doc, SRC);
    expect(page.appended).toHaveLength(1);
    const [script] = page.appended;
    expect(page.head.contains(script!)).toBe(true);
    expect(script!.src).toBe(SRC);
    expect(script!.async).toBe(true);
    page.view.GoCardlessDropin = api;
    script!.dispatchEvent(new Event('load'));
    await expect(Promise.all([first, second])).resolves.toEqual([api, api]);
    // Later callers find the global.
    await expect(loadDropin(page.doc, SRC)).resolves.toBe(api);
    expect(page.appended).toHaveLength(1);
  });

  it('keeps pages apart: each document loads its own script', () => {
    const one = fakePage();
    const two = fakePage();
    void loadDropin(one.doc, SRC).catch(() => undefined);
    void loadDropin(two.doc, SRC).catch(() => undefined);
    expect([one.appended.length, two.appended.length]).toEqual([1, 1]);
  });

  it('rejects when the script fails to load, removes it, and a later call tries again', async () => {
    const page = fakePage();
    const first = loadDropin(page.doc, SRC);
    const [failed] = page.appended;
    failed!.dispatchEvent(new Event('error'));
    const error = await failureOf(first);
    expect(error).toMatchObject({ code: 'DROPIN_UNAVAILABLE', buyerMessage: DROPIN_UNAVAILABLE, retryable: true });
    expect(page.head.contains(failed!)).toBe(false);

    const { api } = fakeDropin();
    const again = loadDropin(page.doc, SRC);
    expect(page.appended).toHaveLength(2);
    page.view.GoCardlessDropin = api;
    page.appended[1]!.dispatchEvent(new Event('load'));
    await expect(again).resolves.toBe(api);
  });

  it.each([
    ['no global at all', undefined],
    ['a global without create()', { open: () => undefined }],
  ])('rejects when the script loads but leaves %s, and tries again later', async (_, global) => {
    const page = fakePage();
    const first = loadDropin(page.doc, SRC);
    page.view.GoCardlessDropin = global;
    page.appended[0]!.dispatchEvent(new Event('load'));
    const error = await failureOf(first);
    expect(error.code).toBe('DROPIN_UNAVAILABLE');
    expect(String((error.cause as Error).message)).toContain('did not define GoCardlessDropin');
    void loadDropin(page.doc, SRC).catch(() => undefined);
    expect(page.appended).toHaveLength(2);
  });

  it('gives up after its timeout and lets a later call try again', async () => {
    vi.useFakeTimers();
    const page = fakePage();
    const first = failureOf(loadDropin(page.doc, SRC, 1000));
    await vi.advanceTimersByTimeAsync(1000);
    const error = await first;
    expect(error.code).toBe('DROPIN_UNAVAILABLE');
    expect(String((error.cause as Error).message)).toContain('timeout of 1000ms exceeded');
    void loadDropin(page.doc, SRC, 1000).catch(() => undefined);
    expect(page.appended).toHaveLength(2);
  });
});

describe('openDropin (callbacks at most once per opening)', () => {
  const callbacks = () => ({ onSuccess: vi.fn(), onExit: vi.fn() });

  it('creates the drop-in on the flow and its environment, and opens it', () => {
    const { api, handler, created } = fakeDropin();
    openDropin(api, { flowId: 'BRF42', environment: 'live' }, callbacks());
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ billingRequestFlowID: 'BRF42', environment: 'live' });
    expect(handler.open).toHaveBeenCalledTimes(1);
  });

  it('passes on success once; a later exit or success is ignored', () => {
    const { api, created } = fakeDropin();
    const on = callbacks();
    openDropin(api, FLOW, on);
    created[0]!.onSuccess({ id: 'BRQ1' }, { id: FLOW.flowId });
    created[0]!.onSuccess({ id: 'BRQ1' }, { id: FLOW.flowId });
    created[0]!.onExit(null, {});
    expect(on.onSuccess).toHaveBeenCalledTimes(1);
    expect(on.onExit).not.toHaveBeenCalled();
  });

  it.each([
    ['a cancel (no error) as null', undefined, null],
    ['an error as it is', { message: 'bank account not supported' }, { message: 'bank account not supported' }],
  ])('passes on an exit once: %s', (_, given, expected) => {
    const { api, created } = fakeDropin();
    const on = callbacks();
    openDropin(api, FLOW, on);
    created[0]!.onExit(given, {});
    created[0]!.onExit(given, {});
    created[0]!.onSuccess({}, {});
    expect(on.onExit).toHaveBeenCalledTimes(1);
    expect(on.onExit).toHaveBeenCalledWith(expected);
    expect(on.onSuccess).not.toHaveBeenCalled();
  });

  it('exit() closes an open drop-in once; its own exit callback afterwards is not passed on', () => {
    const { api, handler, created } = fakeDropin();
    const on = callbacks();
    const opened = openDropin(api, FLOW, on);
    opened.exit();
    opened.exit();
    expect(handler.exit).toHaveBeenCalledTimes(1);
    created[0]!.onExit(null, {});
    expect(on.onExit).not.toHaveBeenCalled();
  });

  it('exit() after the drop-in has settled does nothing', () => {
    const { api, handler, created } = fakeDropin();
    const on = callbacks();
    const opened = openDropin(api, FLOW, on);
    created[0]!.onSuccess({}, {});
    opened.exit();
    expect(handler.exit).not.toHaveBeenCalled();
    expect(on.onExit).not.toHaveBeenCalled();
  });
});

describe('draftOrderCheckout', () => {
  const DRAFT = {
    checkoutUrl: 'https://shop.example/12345/invoices/abcdef',
    draftOrderId: 'gid://shopify/DraftOrder/1',
    dueNow: 35000,
    financed: 86100,
    currency: 'GBP',
    lines: [{ variantId: 'gid://shopify/ProductVariant/1', name: 'Charge Point', amount: 59900 }],
  };
  const sequence = (...answers: (() => Promise<Response>)[]) => {
    let at = 0;
    return () => answers[Math.min(at++, answers.length - 1)]!();
  };
  const pending = () => Promise.resolve(new Response(JSON.stringify({ error: { code: 'mandate_pending', message: 'Not yet.' } }), { status: 409, headers: { 'Content-Type': 'application/json', 'Retry-After': '3' } }));

  it('POSTs the request with the flow id to …/checkout beside the endpoint, keeping its query, and returns the draft', async () => {
    const { fetch, sent } = fakeFetch(json(201, DRAFT));
    expect(draftCheckoutUrl('https://merchant.example/api/direct-debit/?site=uk')).toBe('https://merchant.example/api/direct-debit/checkout?site=uk');
    const answer = await draftOrderCheckout(REQUEST, 'BRF0001234ABCD', { endpoint: ENDPOINT, fetch });
    expect(answer).toEqual(DRAFT);
    expect(sent[0]!.url).toBe('https://merchant.example/direct-debit/checkout');
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({ ...REQUEST, flowId: 'BRF0001234ABCD' });
  });

  it('asks again after Retry-After while GoCardless confirms the mandate, then gives up saying so', async () => {
    const waits: number[] = [];
    const wait = async (ms: number) => void waits.push(ms);
    const { fetch, sent } = fakeFetch(sequence(pending, pending, json(201, DRAFT)));
    expect(await draftOrderCheckout(REQUEST, 'BRF1', { endpoint: ENDPOINT, fetch, wait })).toEqual(DRAFT);
    expect(sent).toHaveLength(3);
    expect(waits).toEqual([3000, 3000]);
    const never = fakeFetch(pending);
    const failure = await draftOrderCheckout(REQUEST, 'BRF1', { endpoint: ENDPOINT, fetch: never.fetch, wait, waitLimitMs: 10_000 }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'MANDATE_PENDING', buyerMessage: MANDATE_PENDING, retryable: true });
    expect(never.sent).toHaveLength(4);
  });

  it.each([
    [json(422, { error: { code: 'mandate_not_set_up', message: 'x' } }), { code: 'MANDATE_NOT_SET_UP', buyerMessage: MANDATE_NOT_SET_UP, retryable: false, field: 'goCardlessMandateComplete' }],
    [json(409, { error: { code: 'shop_total_differs', message: 'x' } }), { code: 'SHOP_TOTAL_DIFFERS', buyerMessage: SHOP_TOTAL_DIFFERS, retryable: false }],
    [json(503, { error: { code: 'shop_rejected', retryable: false } }), { code: 'UNAVAILABLE', buyerMessage: MONTHLY_CHECKOUT_UNAVAILABLE, retryable: false, field: 'configuration.paymentType' }],
    [json(422, { error: { code: 'invalid_request' }, problems: [{ field: 'finance.primaryPostcode', message: 'Postcode is required' }] }), { code: 'INVALID_REQUEST', buyerMessage: 'Postcode is required', field: 'finance.primaryPostcode' }],
    [json(502, { error: { code: 'shop_failed' } }), { code: 'HTTP_502', buyerMessage: CHECKOUT_FAILED, retryable: true }],
    [json(201, { ...DRAFT, dueNow: 350.5 }), { code: 'INVALID_ANSWER', buyerMessage: CHECKOUT_FAILED }],
  ])('tells the buyer what each answer means (%#)', async (answer, expected) => {
    const { fetch } = fakeFetch(answer);
    await expect(draftOrderCheckout(REQUEST, 'BRF1', { endpoint: ENDPOINT, fetch })).rejects.toMatchObject(expected);
  });
});
