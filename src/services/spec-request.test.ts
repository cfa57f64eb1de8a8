import { describe, expect, it, vi } from 'vitest';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { defaultConfiguration } from '../domain/configuration';
import type { SpecRequest } from '../domain/spec-request';
import type { SpecRequestSender, SpecSendResult } from './spec-request';
import { endpointSender, hostSender } from './spec-request';
import { sendWithRetry } from './spec-request-send';

const REQUEST: SpecRequest = {
  version: 1,
  idempotencyKey: '0123456789abcdef0123456789abcdef',
  orderEmail: 'ada@example.com',
  customer: { 'first-name': 'Ada', 'last-name': 'Lovelace', email: 'ada@example.com', tel: '07700 900123' },
  configuration: defaultConfiguration(UK_CATALOGUE),
};

const fakeFetch = (...responses: (Response | Error)[]) =>
  vi.fn<typeof fetch>(async () => {
    const next = responses.shift();
    if (!next || next instanceof Error) throw next ?? new Error('no response');
    return next;
  });

describe('endpoint sender', () => {
  it('POSTs the request as JSON and reads the request id', async () => {
    const fetch = fakeFetch(Response.json({ requestId: 'req-7' }, { status: 202 }));
    const result = await endpointSender({ endpoint: '/api/spec-request', fetch })(REQUEST);
    expect(result).toEqual({ ok: true, requestId: 'req-7' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/spec-request');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual(REQUEST);
  });

  it('maps 422 to a refusal with its problems, 429 and 5xx to transient failures with Retry-After', async () => {
    const fetch = fakeFetch(
      Response.json({ error: { code: 'invalid_request', message: 'Invalid', problems: [{ field: 'customer.tel', message: 'bad' }] } }, { status: 422 }),
      new Response('{}', { status: 429, headers: { 'Retry-After': '3' } }),
      Response.json({ error: { code: 'provider_failed' } }, { status: 502 }),
    );
    const send = endpointSender({ endpoint: '/x', fetch });
    expect(await send(REQUEST)).toEqual({ ok: false, kind: 'invalid', message: 'Invalid', problems: [{ field: 'customer.tel', message: 'bad' }] });
    expect(await send(REQUEST)).toMatchObject({ ok: false, kind: 'transient', retryAfterMs: 3000 });
    expect(await send(REQUEST)).toMatchObject({ ok: false, kind: 'transient', message: 'Request failed with status code 502' });
  });

  it.each<[string, Response | Error, string]>([
    ['no answer at all', new TypeError('Failed to fetch'), 'network'],
    ["the relay's provider_failed", Response.json({ error: { code: 'provider_failed', message: 'The mail provider did not accept the request' } }, { status: 502 }), 'provider'],
    ['a 502 from something else (a gateway)', new Response('Bad gateway', { status: 502 }), 'service'],
    ['a 503 relay_unavailable', Response.json({ error: { code: 'relay_unavailable' } }, { status: 503 }), 'service'],
    ['a 504', new Response('', { status: 504 }), 'service'],
    ['a 429 rate_limited', Response.json({ error: { code: 'rate_limited' } }, { status: 429 }), 'busy'],
    ['a 409 request_in_progress', Response.json({ error: { code: 'request_in_progress' } }, { status: 409 }), 'busy'],
    ["the relay's 503 outcome_unknown", Response.json({ error: { code: 'outcome_unknown', message: 'We could not confirm your request yet.' } }, { status: 503 }), 'unconfirmed'],
  ])('says what failed: %s is a %s fault', async (_, answer, fault) => {
    expect(await endpointSender({ endpoint: '/x', fetch: fakeFetch(answer) })(REQUEST)).toMatchObject({ kind: 'transient', fault });
  });

  it("the relay's 409 request_in_progress (another instance is sending this key) is transient; any other 409 is a refusal", async () => {
    const fetch = fakeFetch(
      Response.json({ error: { code: 'request_in_progress', message: 'This request is still being sent; try again shortly.' } }, { status: 409 }),
      Response.json({ error: { code: 'conflict', message: 'No' } }, { status: 409 }),
    );
    const send = endpointSender({ endpoint: '/x', fetch });
    expect(await send(REQUEST)).toMatchObject({ ok: false, kind: 'transient', message: 'This request is still being sent; try again shortly.' });
    expect(await send(REQUEST)).toMatchObject({ ok: false, kind: 'invalid', message: 'No' });
  });

  it("a 5xx marked retryable: false (the relay's provider_rejected) means the relay cannot send: not transient, not a refusal", async () => {
    const message = 'The relay cannot send requests right now.';
    const fetch = fakeFetch(
      Response.json({ error: { code: 'provider_rejected', retryable: false, message } }, { status: 503 }),
      Response.json({ error: { code: 'provider_failed', retryable: true, message: 'x' } }, { status: 502 }),
    );
    const send = endpointSender({ endpoint: '/x', fetch });
    expect(await send(REQUEST)).toEqual({ ok: false, kind: 'unavailable', message });
    expect(await send(REQUEST)).toMatchObject({ ok: false, kind: 'transient', fault: 'provider' });
  });

  it('a network error or a timeout is transient', async () => {
    expect(await endpointSender({ endpoint: '/x', fetch: fakeFetch(new TypeError('Failed to fetch')) })(REQUEST)).toMatchObject({ kind: 'transient', message: 'Failed to fetch' });
    const hanging = vi.fn<typeof fetch>((_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))));
    expect(await endpointSender({ endpoint: '/x', fetch: hanging, timeoutMs: 5 })(REQUEST)).toMatchObject({ kind: 'transient', message: 'timeout of 5ms exceeded' });
  });

});

describe("the host page's mailSender", () => {
  it('resolves to the request id (or the key), and a rejection is transient unless it names problems', async () => {
    expect(await hostSender(async () => ({ requestId: 'h-1' }))(REQUEST)).toEqual({ ok: true, requestId: 'h-1' });
    expect(await hostSender(async () => undefined)(REQUEST)).toEqual({ ok: true, requestId: REQUEST.idempotencyKey });
    expect(await hostSender(() => Promise.reject(new Error('down')))(REQUEST)).toMatchObject({ kind: 'transient', fault: 'service', message: 'down' });
    const refusal = Object.assign(new Error('no'), { problems: [{ field: 'orderEmail', message: 'unknown order' }] });
    expect(await hostSender(() => Promise.reject(refusal))(REQUEST)).toMatchObject({ kind: 'invalid', problems: [{ field: 'orderEmail' }] });
  });
});

describe('sendWithRetry', () => {
  const sequence = (...answers: SpecSendResult[]) => vi.fn<SpecRequestSender>(async () => answers.shift()!);
  const sleep = vi.fn(async () => {});

  it('tries three times with 1 s and 2 s backoff, honouring a longer Retry-After', async () => {
    const send = sequence(
      { ok: false, kind: 'transient', fault: 'busy', message: 'x', retryAfterMs: 5000 },
      { ok: false, kind: 'transient', fault: 'network', message: 'x' },
      { ok: true, requestId: 'r' },
    );
    expect(await sendWithRetry(send, REQUEST, { sleep })).toEqual({ ok: true, requestId: 'r' });
    expect(sleep.mock.calls.map((call: unknown[]) => call[0])).toEqual([5000, 2000]);
  });

  it('validates with the shared schema before sending', async () => {
    const send = sequence();
    const result = await sendWithRetry(send, { ...REQUEST, customer: { ...REQUEST.customer, tel: '12' } }, { sleep });
    expect(result).toMatchObject({ ok: false, kind: 'invalid', problems: [{ field: 'customer.tel' }] });
    expect(send).not.toHaveBeenCalled();
  });

  it.each<[string, SpecSendResult]>([
    ['a relay that cannot send', { ok: false, kind: 'unavailable', message: 'x' }],
    ['an outcome the relay could not confirm (the customer chooses when to check again)', { ok: false, kind: 'transient', fault: 'unconfirmed', message: 'x', retryAfterMs: 30_000 }],
  ])('stops at once on %s', async (_, answer) => {
    const send = sequence(answer, { ok: true, requestId: 'r' });
    expect(await sendWithRetry(send, REQUEST, { sleep })).toEqual(answer);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('stops at once on a refusal', async () => {
    const send = sequence({ ok: false, kind: 'invalid', message: 'x', problems: [] });
    expect(await sendWithRetry(send, REQUEST, { sleep: async () => {} })).toMatchObject({ kind: 'invalid' });
    expect(send).toHaveBeenCalledTimes(1);
  });
});
