import { describe, expect, it } from 'vitest';
import { createDirectDebitHandler, createDirectDebitWebhookHandler } from './direct-debit-handler';
import type { Call, ShellOptions } from './handler-shell';
import { handlerShell } from './handler-shell';
import type { LogRecord } from './operations';
import { createPartnerDiscountHandler } from './partner-discount-handler';
import { createQuoteHandler } from './quote-handler';
import { createSpecRequestHandler } from './spec-request-handler';
import { StoreNotDurableError } from './store-durability';

const ORIGIN = 'https://portal.example';
const URL_BASE = 'https://shop.example/api/thing';

/** A handler behind the shell whose operations answer what they were handed. */
function shell(overrides: Partial<ShellOptions> = {}, { cors = true } = {}) {
  const calls: Call[] = [];
  const records: LogRecord[] = [];
  const run = async (call: Call) => {
    calls.push(call);
    const body = call.body instanceof Uint8Array ? { bytes: call.body.byteLength } : call.body;
    return Response.json({ body: body ?? null }, { status: 200, headers: call.headers });
  };
  const handler = handlerShell('thing', {
    log: (record) => records.push(record),
    ...(cors && { cors: { allowedOrigins: [ORIGIN] } }),
    maxBodyBytes: 1024,
    route: (segment) =>
      segment === 'thing'
        ? { methods: { GET: { run, withoutOrigin: true }, POST: { run, body: 'json' } }, wrongMethod: 'Use GET or POST.' }
        : segment === 'raw'
          ? { methods: { POST: { run, body: 'bytes' } } }
          : { notFound: 'Use …/thing.' },
    ...overrides,
  });
  return { handler, calls, records };
}

const request = (method: string, headers: Record<string, string> = {}, body?: BodyInit, path = 'thing') =>
  new Request(`https://shop.example/api/${path}`, { method, headers, ...(body !== undefined && { body }) });
const fromPage = { origin: ORIGIN, 'content-type': 'application/json' };

describe('handlerShell', () => {
  it('hands an allowed origin’s request on with its body and the CORS headers every answer carries', async () => {
    const { handler, calls } = shell({ cors: { allowedOrigins: [ORIGIN], exposed: ['retry-after', 'idempotent-replayed'] } });
    const response = await handler(request('POST', fromPage, '{"a":1}'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ body: { a: 1 } });
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('access-control-expose-headers')).toBe('retry-after, idempotent-replayed');
    expect(response.headers.get('vary')).toBe('Origin');
    expect(calls).toHaveLength(1);
  });

  it('answers a preflight with the route’s methods, and only from an allowed origin', async () => {
    const { handler } = shell();
    const response = await handler(request('OPTIONS', { origin: ORIGIN, 'access-control-request-method': 'POST' }));
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(response.headers.get('access-control-max-age')).toBe('600');
    expect(response.headers.get('vary')).toBe('Origin');
    expect((await handler(request('OPTIONS', { origin: 'https://evil.example' }))).status).toBe(403);
    expect((await handler(request('OPTIONS'))).status).toBe(403);
  });

  it.each([
    ['a POST from another origin', 'POST', { ...fromPage, origin: 'https://evil.example' }],
    ['a POST without an origin', 'POST', { 'content-type': 'application/json' }],
    ['a GET from another origin', 'GET', { origin: 'https://evil.example' }],
    ['a GET from an opaque origin', 'GET', { origin: 'null' }],
    ['a request without an origin off the routes', 'POST', {}, 'elsewhere'],
  ])('refuses %s with 403 and no CORS headers, handing nothing on', async (_, method, headers, path = 'thing') => {
    const { handler, calls } = shell();
    const response = await handler(request(method, headers, method === 'POST' ? '{}' : undefined, path));
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe('origin_not_allowed');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('answers a caller without an Origin where the operation takes one, without CORS headers', async () => {
    const { handler } = shell();
    const response = await handler(request('GET'));
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
  });

  it('accepts an origin test function', async () => {
    const { handler } = shell({ cors: { allowedOrigins: (origin) => origin.endsWith('.portal.example') } });
    expect((await handler(request('POST', { ...fromPage, origin: 'https://eu.portal.example' }, '{}'))).status).toBe(200);
    expect((await handler(request('POST', fromPage, '{}'))).status).toBe(403);
  });

  it('answers 404 off the routes, 405 with Allow to another method, each with the CORS headers', async () => {
    const { handler } = shell();
    const missing = await handler(request('POST', fromPage, '{}', 'elsewhere'));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'not_found', message: 'Use …/thing.' } });
    expect(missing.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const wrong = await handler(request('DELETE', { origin: ORIGIN }));
    expect(wrong.status).toBe(405);
    expect(await wrong.json()).toEqual({ error: { code: 'method_not_allowed', message: 'Use GET or POST.' } });
    expect(wrong.headers.get('allow')).toBe('GET, POST, OPTIONS');
    expect(wrong.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const raw = await handler(request('GET', { origin: ORIGIN }, undefined, 'raw'));
    expect(await raw.json()).toEqual({ error: { code: 'method_not_allowed', message: 'Use POST.' } });
    expect(raw.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('without CORS takes any caller, answers no preflight and names no OPTIONS', async () => {
    const { handler } = shell({}, { cors: false });
    const any = await handler(request('POST', { 'content-type': 'application/json', origin: 'https://evil.example' }, '{}'));
    expect(any.status).toBe(200);
    expect(any.headers.get('access-control-allow-origin')).toBeNull();
    expect((await handler(request('POST', { 'content-type': 'application/json' }, '{}'))).status).toBe(200);
    const preflight = await handler(request('OPTIONS', { origin: ORIGIN }));
    expect(preflight.status).toBe(405);
    expect(preflight.headers.get('allow')).toBe('GET, POST');
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each([
    ['bad JSON', '{"a":', 'application/json', 400, 'invalid_json'],
    ['an oversized body', JSON.stringify({ pad: 'x'.repeat(2000) }), 'application/json', 413, 'body_too_large'],
    ['a form body', 'a=1', 'application/x-www-form-urlencoded', 415, 'unsupported_media_type'],
  ])('refuses %s with the CORS headers, handing nothing on', async (_, body, type, status, code) => {
    const { handler, calls } = shell();
    const response = await handler(request('POST', { origin: ORIGIN, 'content-type': type }, body));
    expect(response.status).toBe(status);
    expect((await response.json()).error.code).toBe(code);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(calls).toEqual([]);
  });

  it('refuses an oversized chunked body without reading it all', async () => {
    const { handler } = shell();
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(512).fill(32));
      },
    });
    const chunked = new Request(`${URL_BASE}`, { method: 'POST', body: stream, headers: fromPage, duplex: 'half' } as RequestInit);
    expect((await handler(chunked)).status).toBe(413);
    expect(pulled).toBeLessThan(5);
  });

  it('hands raw bytes on of any type, refusing only their size', async () => {
    const { handler } = shell();
    expect(await (await handler(request('POST', { origin: ORIGIN, 'content-type': 'text/plain' }, 'not json', 'raw'))).json()).toEqual({ body: { bytes: 8 } });
    const big = await handler(request('POST', { origin: ORIGIN }, 'x'.repeat(2000), 'raw'));
    expect(big.status).toBe(413);
    expect((await big.json()).error).toEqual({ code: 'body_too_large', message: 'The body must be at most 1024 bytes.' });
  });

  it('refuses every request but a preflight with 503 store_not_durable while a store would forget, and logs why', async () => {
    const durable = async () => {
      throw new StoreNotDurableError('set appendonly yes');
    };
    const { handler, calls, records } = shell({ durable: [{ durable }] });
    const refused = await handler(request('POST', fromPage, '{}'));
    expect(refused.status).toBe(503);
    expect((await refused.json()).error.code).toBe('store_not_durable');
    expect(refused.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(records.at(-1)).toMatchObject({ status: 503, reason: 'store_not_durable' });
    expect((await handler(request('OPTIONS', { origin: ORIGIN }))).status).toBe(204);
    expect((await handler(request('DELETE', { origin: ORIGIN }))).status).toBe(405);
    expect(calls).toEqual([]);
  });

  it('asks the operation’s limit after durability and before the body, with the CORS headers', async () => {
    const asked: Record<string, string>[] = [];
    const limit = async (_request: Request, _info: unknown, notes: { reason?: string }, headers: Record<string, string>) => {
      asked.push(headers);
      notes.reason = 'rate_limited';
      return Response.json({ error: { code: 'rate_limited' } }, { status: 429, headers: { ...headers, 'retry-after': '60' } });
    };
    const { handler, calls, records } = shell({
      route: () => ({ methods: { POST: { limit, body: 'json', run: async () => new Response(null) } } }),
    });
    const limited = await handler(request('POST', fromPage, '{'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(asked).toEqual([{ 'access-control-allow-origin': ORIGIN, 'access-control-expose-headers': 'retry-after', vary: 'Origin' }]);
    expect(records.at(-1)).toMatchObject({ handler: 'thing', status: 429, reason: 'rate_limited' });
    expect(calls).toEqual([]);
  });

  it('answers a throw with 500 and the request id, as every handler does', async () => {
    const errors: unknown[] = [];
    const { handler } = shell({
      onError: (error) => errors.push(error),
      route: () => ({ methods: { POST: { run: async () => Promise.reject(new Error('down')) } } }),
    });
    const response = await handler(request('POST', { ...fromPage, 'x-request-id': 'req-1' }, '{}'));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: { code: 'internal_error', message: 'The server failed to answer; try again later.', requestId: 'req-1' } });
    expect(errors).toEqual([new Error('down')]);
  });
});

describe('every reference handler behind the shell', () => {
  const provider = (async () => {
    throw new Error('no provider call expected');
  }) as typeof fetch;
  const mailgun = { apiKey: 'key-test', domain: 'mg.example', fetch: provider };
  const shop = { adminEndpoint: 'https://demo-shop.myshopify.com/admin/api/2025-10/graphql.json', adminToken: 'shpat_admin-token', fetch: provider };
  const common = { allowedOrigins: [ORIGIN], trustedProxies: 1, log: false } as const;
  const gocardless = { accessToken: 'token', environment: 'sandbox', fetch: provider } as const;
  const handlers = {
    'spec-request': createSpecRequestHandler({ ...common, mailgun, from: 'a@mg.example', to: 'orders@company.example', subject: 'S', template: 't' }),
    'partner-discount': createPartnerDiscountHandler({ ...common, mailgun, shop, from: 'a@mg.example', subject: 'S', template: 't', tokenSecret: 's'.repeat(32) }),
    'direct-debit': createDirectDebitHandler({ ...common, gocardless }),
    'direct-debit with a shop': createDirectDebitHandler({ ...common, gocardless, shop }),
    quote: createQuoteHandler({ log: false }),
    'direct-debit-webhook': createDirectDebitWebhookHandler({ webhookSecret: 'secret', log: false }),
  };
  type Name = keyof typeof handlers;

  it.each<[Name, string, string, string | null, number, string | null]>([
    ['spec-request', 'spec-request', 'OPTIONS', ORIGIN, 204, 'POST'],
    ['spec-request', 'spec-request', 'GET', ORIGIN, 405, 'POST, OPTIONS'],
    ['spec-request', 'spec-request', 'POST', 'https://evil.example', 403, null],
    ['spec-request', 'spec-request', 'POST', null, 403, null],
    ['partner-discount', 'partner-discount/verify', 'OPTIONS', ORIGIN, 204, 'POST'],
    ['partner-discount', 'partner-discount/start', 'GET', ORIGIN, 405, 'POST, OPTIONS'],
    ['partner-discount', 'partner-discount/finish', 'POST', ORIGIN, 404, null],
    ['partner-discount', 'partner-discount/start', 'POST', null, 403, null],
    ['direct-debit', 'direct-debit', 'OPTIONS', ORIGIN, 204, 'GET, POST'],
    ['direct-debit', 'direct-debit', 'DELETE', ORIGIN, 405, 'GET, POST, OPTIONS'],
    ['direct-debit', 'direct-debit', 'OPTIONS', null, 403, null],
    ['direct-debit', 'direct-debit', 'GET', 'https://evil.example', 403, null],
    ['direct-debit', 'direct-debit/checkout', 'POST', ORIGIN, 404, null],
    ['direct-debit with a shop', 'direct-debit/checkout', 'OPTIONS', ORIGIN, 204, 'POST'],
    ['direct-debit with a shop', 'direct-debit/checkout', 'GET', ORIGIN, 405, 'POST, OPTIONS'],
    ['direct-debit with a shop', 'direct-debit/checkout', 'GET', null, 403, null],
    ['direct-debit with a shop', 'direct-debit/checkout', 'POST', null, 403, null],
    ['direct-debit with a shop', 'direct-debit/checkout', 'POST', 'https://evil.example', 403, null],
    ['quote', 'quote', 'GET', null, 405, 'POST'],
    ['quote', 'quote', 'OPTIONS', ORIGIN, 405, 'POST'],
    ['direct-debit-webhook', 'direct-debit/webhook', 'GET', null, 405, 'POST'],
  ])('%s: /%s %s from %s answers %i (methods %s)', async (name, path, method, origin, status, methods) => {
    const response = await handlers[name](new Request(`https://shop.example/api/${path}`, { method, headers: origin ? { origin } : {} }));
    expect(response.status).toBe(status);
    if (status !== 204) expect((await response.json()).error.code).toBe({ 403: 'origin_not_allowed', 404: 'not_found', 405: 'method_not_allowed' }[status]);
    if (status === 204) expect(response.headers.get('access-control-allow-methods')).toBe(methods);
    if (status === 405) expect(response.headers.get('allow')).toBe(methods);
    const cors = status === 403 || name === 'quote' || name === 'direct-debit-webhook' ? null : ORIGIN;
    expect(response.headers.get('access-control-allow-origin')).toBe(cors);
  });

  it.each<[Name, string, number]>([
    ['spec-request', 'spec-request', 16 * 1024],
    ['partner-discount', 'partner-discount/start', 4 * 1024],
    ['direct-debit', 'direct-debit', 16 * 1024],
    ['quote', 'quote', 16 * 1024],
    ['direct-debit-webhook', 'direct-debit/webhook', 1024 * 1024],
  ])('%s reads at most its documented body size (/%s, %i bytes)', async (name, path, bytes) => {
    const post = (size: number) =>
      handlers[name](
        new Request(`https://shop.example/api/${path}`, {
          method: 'POST',
          headers: { origin: ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
          body: 'x'.repeat(size),
        }),
      );
    expect((await post(bytes)).status).not.toBe(413);
    const over = await post(bytes + 1);
    expect(over.status).toBe(413);
    expect((await over.json()).error).toEqual({ code: 'body_too_large', message: `The body must be at most ${bytes} bytes.` });
  });
});
