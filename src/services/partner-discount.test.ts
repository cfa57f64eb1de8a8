import { describe, expect, it } from 'vitest';
import { requestPartnerCode, verifyPartnerCode } from './partner-discount';

const ENDPOINT = 'https://shop.example/api/partner-discount';
const EMAIL = 'ada@partner-one.example';
const CHALLENGE = 'Wq3x0T9dJv8sYk2LmN4pRA';

/** A fetch answering every request with `status`, `body` and `headers`, recording what was sent. */
function answering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const sent: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ url: String(url), init });
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

const failing = (error: Error) => (async () => Promise.reject(error)) as typeof globalThis.fetch;
const error = (code: string, extra: object = {}) => ({ error: { code, message: 'the handler’s words', ...extra } });

describe('requestPartnerCode (POST …/start)', () => {
  it('posts the e-mail as JSON to the start path and reads a sent code and its challenge', async () => {
    const { fetch, sent } = answering(202, { status: 'sent', challenge: CHALLENGE, expiresInSeconds: 600, resendAfterSeconds: 30 });
    expect(await requestPartnerCode(EMAIL, { endpoint: ENDPOINT, fetch })).toEqual({ ok: true, challenge: CHALLENGE, expiresInSeconds: 600, resendAfterSeconds: 30 });
    expect(sent[0]!.url).toBe(`${ENDPOINT}/start`);
    expect(sent[0]!.init).toMatchObject({ method: 'POST', headers: { 'Content-Type': 'application/json' } });
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({ email: EMAIL });
  });

  it.each<[string, number, unknown, Record<string, string>, object]>([
    ['not a partner domain', 422, error('not_partner_domain'), {}, { code: 'not_partner_domain', next: 'none', message: 'This e-mail address does not qualify for the partner discount. You can continue without it.' }],
    ['an address the handler cannot read', 422, error('invalid_request'), {}, { code: 'invalid_request', next: 'none', message: 'Please check your e-mail address above.' }],
    ['rate limited, with Retry-After', 429, error('rate_limited'), { 'Retry-After': '240' }, { code: 'rate_limited', next: 'retry', retryAfterSeconds: 240, message: 'Too many tries for now. Please try again in 4 minutes.' }],
    ['rate limited, without Retry-After', 429, error('rate_limited'), {}, { code: 'rate_limited', next: 'retry', retryAfterSeconds: 60, message: 'Too many tries for now. Please try again in a minute.' }],
    ['too busy', 503, error('too_busy'), { 'Retry-After': '30' }, { code: 'too_busy', next: 'retry', retryAfterSeconds: 30, message: 'The discount service is busy. Please try again in a minute.' }],
    ['the mail provider failed', 502, error('provider_failed'), {}, { code: 'provider_failed', next: 'retry', message: 'The code could not be sent. Please try again.' }],
    [
      'the mail provider refused for good',
      503,
      error('provider_rejected', { retryable: false }),
      {},
      { code: 'provider_rejected', next: 'none', message: 'Codes cannot be sent at the moment. You can continue without the partner discount, or try again later.' },
    ],
    ['a page the handler does not serve', 403, error('origin_not_allowed'), {}, { code: 'origin_not_allowed', next: 'none' }],
    ['a server error without a body', 500, undefined, {}, { code: 'HTTP_500', next: 'retry', message: 'We could not reach the discount service. Please try again.' }],
    ['a sent answer of another shape', 202, { status: 'queued' }, {}, { code: 'INVALID_ANSWER', next: 'retry' }],
    ['a sent answer without its challenge', 202, { status: 'sent', expiresInSeconds: 600, resendAfterSeconds: 30 }, {}, { code: 'INVALID_ANSWER', next: 'retry' }],
  ])('%s', async (_name, status, body, headers, failure) => {
    const outcome = await requestPartnerCode(EMAIL, { endpoint: ENDPOINT, fetch: answering(status, body, headers).fetch });
    expect(outcome).toMatchObject({ ok: false, ...failure });
  });

  it.each([
    ['a network failure', failing(new TypeError('Failed to fetch')), 'NETWORK_ERROR'],
    ['a timeout', (async (_url: RequestInfo | URL, init: RequestInit = {}) => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)))) as typeof globalThis.fetch, 'TIMEOUT'],
  ])('%s is told as unreachable, to try again', async (_name, fetch, code) => {
    const outcome = await requestPartnerCode(EMAIL, { endpoint: ENDPOINT, fetch, timeoutMs: 20 });
    expect(outcome).toEqual({ ok: false, code, next: 'retry', message: 'We could not reach the discount service. Please try again.' });
  });
});

describe('verifyPartnerCode (POST …/verify)', () => {
  const VERIFIED = { discountCode: 'PARTNER-7Q2M9XKD4T1B', token: 'eyJ.abc.def', partnerId: 'partner', amountPence: 10000, expiresAt: '2026-11-25T23:00:00.000Z' };

  it('posts the e-mail, the challenge and the code, and keeps the answer as the verification of that e-mail', async () => {
    const { fetch, sent } = answering(200, VERIFIED);
    expect(await verifyPartnerCode(EMAIL, CHALLENGE, '123456789', { endpoint: ENDPOINT, fetch })).toEqual({
      ok: true,
      verified: { email: EMAIL, discountId: 'partner', discountCode: 'PARTNER-7Q2M9XKD4T1B', token: 'eyJ.abc.def', amount: 10000, expiresAt: '2026-11-25T23:00:00.000Z' },
    });
    expect(sent[0]!.url).toBe(`${ENDPOINT}/verify`);
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({ email: EMAIL, challenge: CHALLENGE, code: '123456789' });
  });

  it('answers a code without a challenge (none sent, or it lapsed) as expired, asking nothing', async () => {
    const { fetch, sent } = answering(200, VERIFIED);
    expect(await verifyPartnerCode(EMAIL, undefined, '123456789', { endpoint: ENDPOINT, fetch })).toEqual({
      ok: false,
      code: 'code_expired',
      next: 'new-code',
      message: 'This code has expired. Ask for a new code.',
    });
    expect(sent).toEqual([]);
  });

  it.each<[string, number, unknown, object]>([
    ['a wrong code with attempts left', 422, error('wrong_code', { attemptsLeft: 3 }), { code: 'wrong_code', next: 'retry', attemptsLeft: 3, message: 'That code is not right. 3 attempts left.' }],
    ['a wrong code with one attempt left', 422, error('wrong_code', { attemptsLeft: 1 }), { code: 'wrong_code', next: 'retry', attemptsLeft: 1, message: 'That code is not right. 1 attempt left.' }],
    ['a wrong code with none left', 422, error('wrong_code', { attemptsLeft: 0 }), { code: 'wrong_code', next: 'new-code', attemptsLeft: 0, message: 'That code is not right, and no attempts are left. Ask for a new code.' }],
    ['a locked code', 423, error('code_locked'), { code: 'code_locked', next: 'new-code', message: 'Too many wrong codes were entered, so this code no longer works. Ask for a new code.' }],
    ['an expired code', 410, error('code_expired'), { code: 'code_expired', next: 'new-code', message: 'This code has expired. Ask for a new code.' }],
    ['the shop could not make the discount code', 502, error('shop_failed'), { code: 'shop_failed', next: 'retry', message: 'Your discount could not be set up in the shop just now. Your code still works: please try again.' }],
    ['a code that is not nine digits', 422, error('invalid_request'), { code: 'invalid_request', next: 'retry', message: 'Enter the nine digits from the e-mail.' }],
    ['rate limited', 429, error('rate_limited'), { code: 'rate_limited', next: 'retry', retryAfterSeconds: 60 }],
    ['not a partner domain', 422, error('not_partner_domain'), { code: 'not_partner_domain', next: 'none' }],
    ['a verification without its token', 200, { ...VERIFIED, token: '' }, { code: 'INVALID_ANSWER', next: 'retry' }],
    ['a verification with an expiry that is no date', 200, { ...VERIFIED, expiresAt: 'soon' }, { code: 'INVALID_ANSWER', next: 'retry' }],
  ])('%s', async (_name, status, body, failure) => {
    const outcome = await verifyPartnerCode(EMAIL, CHALLENGE, '123456789', { endpoint: ENDPOINT, fetch: answering(status, body).fetch });
    expect(outcome).toMatchObject({ ok: false, ...failure });
  });

  it('a network failure is told as unreachable, to try again', async () => {
    expect(await verifyPartnerCode(EMAIL, CHALLENGE, '123456789', { endpoint: ENDPOINT, fetch: failing(new TypeError('Failed to fetch')) })).toMatchObject({ ok: false, code: 'NETWORK_ERROR', next: 'retry' });
  });
});
