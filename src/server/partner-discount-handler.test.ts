import { createHmac, randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RunningRedis } from '../../test/redis-server.mjs';
import type { LogRecord } from './operations';
import type { PartnerCodeStore } from './partner-code-store';
import { memoryPartnerCodeStore } from './partner-code-store';
import type { PartnerDiscountHandlerOptions } from './partner-discount-handler';
import { createPartnerDiscountHandler, oneTimeCode, shopDiscountCode } from './partner-discount-handler';
import { verifyPartnerToken } from './partner-token';
import { createRedisStores } from './redis-stores';
import { DISCOUNT_CODE_BASIC_CREATE } from './shop-discounts';
import { StoreNotDurableError } from './store-durability';

const ORIGIN = 'https://portal.example';
const BASE = 'https://shop.example/api/partner-discount';
const ADMIN = 'https://demo-shop.myshopify.com/admin/api/2025-10/graphql.json';
const SECRET = 'partner-token-secret-of-at-least-32-bytes';
const T0 = Date.UTC(2026, 0, 15, 12);
const EMAIL = 'sam@partner-one.example';

/** What the Admin API does with one call: a status, a thrown network error, GraphQL errors, or user errors. */
type AdminAnswer = 'created' | number | 'network' | 'throttled' | 'denied' | { userErrors: { field: string[]; code: string; message: string }[] };

function admin(answers: AdminAnswer[] = []) {
  const calls: { url: string; method: string; headers: Headers; body: { query: string; variables: Record<string, unknown> } }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    calls.push({ url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers), body });
    const answer = answers.shift() ?? 'created';
    if (answer === 'network') throw new TypeError('fetch failed');
    if (typeof answer === 'number') return Response.json({ errors: '[API] Invalid API key or access token' }, { status: answer });
    if (answer === 'throttled') return Response.json({ errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }] });
    if (answer === 'denied') {
      const message = 'Access denied for discountCodeBasicCreate field. Required access: `write_discounts` access scope.';
      return Response.json({ data: { discountCodeBasicCreate: null }, errors: [{ message, extensions: { code: 'ACCESS_DENIED' } }] });
    }
    if (answer !== 'created') return Response.json({ data: { discountCodeBasicCreate: { codeDiscountNode: null, ...answer } } });
    const { code } = body.variables.basicCodeDiscount as { code: string };
    return Response.json({
      data: {
        discountCodeBasicCreate: {
          codeDiscountNode: { id: `gid://shopify/DiscountCodeNode/${calls.length}`, codeDiscount: { codes: { nodes: [{ code }] } } },
          userErrors: [],
        },
      },
    });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

/** Mailgun's messages API: records each message's fields and answers a status (200 by default). */
function mailgun(answers: number[] = []) {
  const messages: Record<string, string>[] = [];
  const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    messages.push(Object.fromEntries([...(init?.body as FormData).entries()].map(([name, value]) => [name, String(value)])));
    const status = answers.shift() ?? 200;
    return status === 200 ? Response.json({ id: `<msg-${messages.length}@mg.example>`, message: 'Queued. Thank you.' }) : Response.json({ message: 'No' }, { status });
  }) as typeof globalThis.fetch;
  return { fetch, messages };
}

function setUp(overrides: Partial<PartnerDiscountHandlerOptions> = {}, adminAnswers: AdminAnswer[] = [], mailAnswers: number[] = []) {
  const shop = admin(adminAnswers);
  const mail = mailgun(mailAnswers);
  const records: LogRecord[] = [];
  const failures: unknown[] = [];
  const clock = { now: T0 };
  const handler = createPartnerDiscountHandler({
    mailgun: { apiKey: 'key-test', domain: 'mg.example', fetch: mail.fetch },
    from: 'Partner offers <offers@mg.example>',
    subject: 'Your partner discount code',
    template: 'partner-code',
    shop: { adminEndpoint: ADMIN, adminToken: 'shpat_admin-token', fetch: shop.fetch },
    tokenSecret: SECRET,
    allowedOrigins: [ORIGIN],
    trustedProxies: 1,
    clock: () => clock.now,
    log: (record) => records.push(record),
    onProviderError: (failure) => failures.push(failure),
    ...overrides,
  });
  const call = (path: string, body: unknown, client = '198.51.100.7') =>
    handler(
      new Request(`${BASE}/${path}`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify(body),
      }),
    );
  /** The code in the latest message to `to`. */
  const codeSent = (to = EMAIL) => JSON.parse(mail.messages.filter((message) => message.to === to).at(-1)!['t:variables']!).code as string;
  const wrong = (code: string) => String((Number(code) + 1) % 1e9).padStart(9, '0');
  /** A start for `email` that sent its code: the challenge it answered, and the code mailed. */
  const start = async (email = EMAIL, client?: string) => {
    const response = await call('start', { email }, client);
    expect(response.status).toBe(202);
    const { challenge } = (await response.json()) as { challenge: string };
    return { challenge, code: codeSent(email) };
  };
  return { handler, call, start, codeSent, wrong, records, failures, clock, shop, mail };
}

describe('createPartnerDiscountHandler: start', () => {
  it('sends a nine-digit code to an address of a partner domain with the template and its variables, answering its challenge', async () => {
    const { call, mail } = setUp();
    const response = await call('start', { email: EMAIL });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ status: 'sent', challenge: expect.stringMatching(/^[\w-]{22}$/), expiresInSeconds: 600, resendAfterSeconds: 30 });
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(mail.messages).toEqual([
      {
        from: 'Partner offers <offers@mg.example>',
        to: EMAIL,
        subject: 'Your partner discount code',
        template: 'partner-code',
        't:variables': expect.any(String),
      },
    ]);
    expect(JSON.parse(mail.messages[0]!['t:variables']!)).toEqual({ code: expect.stringMatching(/^\d{9}$/), partnerName: 'Partner Discount', minutesValid: 10 });
  });

  it('answers every address of a partner domain alike, so nothing tells whether one exists', async () => {
    const { call } = setUp();
    const answers = await Promise.all(['sam@partner-one.example', 'nobody-at-all@partner-one.example'].map(async (email) => {
      const response = await call('start', { email });
      const { challenge, ...rest } = await response.json();
      return [response.status, rest, typeof challenge];
    }));
    expect(answers[0]).toEqual(answers[1]);
  });

  it.each(['sam@example.com', 'sam@mail.partner-one.example', 'sam@partner-one.example.evil.com'])('refuses %s with not_partner_domain, sending nothing', async (email) => {
    const { call, mail } = setUp();
    const response = await call('start', { email });
    expect(response.status).toBe(422);
    expect((await response.json()).error.code).toBe('not_partner_domain');
    expect(mail.messages).toEqual([]);
  });

  it.each([
    ['no e-mail', {}, 'email'],
    ['an e-mail that is no address', { email: 'sam' }, 'email'],
    ['an e-mail on two lines', { email: 'sam@partner-one.example\nBcc: x@y.z' }, 'email'],
  ])('refuses %s as invalid_request naming the field', async (_, body, field) => {
    const { call } = setUp();
    const response = await call('start', body);
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error.code).toBe('invalid_request');
    expect(error.problems.map((problem: { field: string }) => problem.field)).toEqual([field]);
  });

  it('stores only keyed hashes: neither the address nor the code', async () => {
    const issued: Parameters<PartnerCodeStore['issue']>[] = [];
    const memory = memoryPartnerCodeStore();
    const store: PartnerCodeStore = { ...memory, issue: async (...args) => (issued.push(args), memory.issue(...args)) };
    const { start } = setUp({ codes: { store } });
    const { challenge, code } = await start('Sam@Partner-One.Example');
    const hmac = (text: string) => createHmac('sha256', SECRET).update(text).digest('hex');
    expect(issued).toEqual([
      [
        hmac(`partner-challenge:${challenge}`),
        { codeHash: hmac(`partner-code:${challenge}:${EMAIL}:${code}`), discountCode: expect.stringMatching(/^PARTNER-[0-9A-Z]{12}$/), attempts: 5, ttlMs: 600_000 },
        T0,
      ],
    ]);
  });

  it('never logs or reports the code, the challenge or the address', async () => {
    const { call, start, wrong, records, failures } = setUp({}, [500]);
    const { challenge, code } = await start();
    await call('verify', { email: EMAIL, challenge, code: wrong(code) });
    await call('verify', { email: EMAIL, challenge, code });
    expect(records.map((record) => record.reason)).toEqual([undefined, 'wrong_code', 'shop_failed']);
    expect(failures).toEqual([{ provider: 'shopify', status: 500 }]);
    expect(JSON.stringify([records, failures])).not.toMatch(new RegExp(`${code}|${wrong(code)}|${challenge}|sam@`));
  });

  it.each([
    [500, 502, 'provider_failed', undefined],
    [429, 502, 'provider_failed', undefined],
    [401, 503, 'provider_rejected', false],
  ])('answers Mailgun %i with %i %s', async (mailStatus, status, code, retryable) => {
    const { call, failures } = setUp({}, [], [mailStatus]);
    const response = await call('start', { email: EMAIL });
    expect(response.status).toBe(status);
    const { error } = await response.json();
    expect(error).toMatchObject({ code });
    expect(error.retryable).toBe(retryable);
    expect(failures).toEqual([{ provider: 'mailgun', status: mailStatus }]);
  });
});

describe('createPartnerDiscountHandler: verify', () => {
  it('answers the right code with a single-use shop code made through the Admin API and a signed token', async () => {
    const { call, start, shop } = setUp();
    const response = await call('verify', { email: EMAIL, ...(await start()) });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      discountCode: expect.stringMatching(/^PARTNER-[0-9A-Z]{12}$/),
      token: expect.any(String),
      partnerId: 'partner',
      amountPence: 10000,
      expiresAt: new Date(T0 + 4 * 3600_000).toISOString(),
    });
    expect(await verifyPartnerToken(body.token, SECRET, T0)).toEqual({
      ok: true,
      claims: { email: EMAIL, partnerId: 'partner', amountPence: 10000, discountCode: body.discountCode, exp: (T0 + 4 * 3600_000) / 1000 },
    });

    expect(shop.calls).toHaveLength(1);
    const [request] = shop.calls;
    expect(request!.url).toBe(ADMIN);
    expect(request!.method).toBe('POST');
    expect(Object.fromEntries(request!.headers)).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      'x-shopify-access-token': 'shpat_admin-token',
    });
    expect(request!.body).toEqual({
      query: DISCOUNT_CODE_BASIC_CREATE,
      variables: {
        basicCodeDiscount: {
          title: 'Partner Discount (partner-one.example), verified e-mail',
          code: body.discountCode,
          startsAt: '2026-01-15T12:00:00.000Z',
          endsAt: '2026-01-16T12:00:00.000Z',
          context: { all: 'ALL' },
          customerGets: { value: { discountAmount: { amount: '100.00', appliesOnEachItem: false } }, items: { all: true } },
          usageLimit: 1,
          appliesOncePerCustomer: true,
        },
      },
    });
  });

  it('gives the sports-car maker its own amount, and a code made for each verification', async () => {
    const { call, start, shop } = setUp();
    const codes = [];
    for (const email of ['lee@sportscars.example', 'kim@sportscars.example']) {
      const body = await (await call('verify', { email, ...(await start(email)) })).json();
      expect(body).toMatchObject({ partnerId: 'sportscars', amountPence: 7500 });
      codes.push(body.discountCode);
    }
    expect(new Set(codes).size).toBe(2);
    expect(shop.calls.map((call) => (call.body.variables.basicCodeDiscount as { customerGets: unknown }).customerGets)).toEqual([
      { value: { discountAmount: { amount: '75.00', appliesOnEachItem: false } }, items: { all: true } },
      { value: { discountAmount: { amount: '75.00', appliesOnEachItem: false } }, items: { all: true } },
    ]);
  });

  it('answers a repeat of the right code (a lost answer) with the same shop code, making none again', async () => {
    const { call, start, shop, clock } = setUp();
    const started = await start();
    const first = await (await call('verify', { email: EMAIL, ...started })).json();
    clock.now += 60_000;
    const again = await call('verify', { email: ' SAM@partner-one.EXAMPLE ', ...started });
    expect(again.status).toBe(200);
    const repeated = await again.json();
    expect(repeated.discountCode).toBe(first.discountCode);
    expect(await verifyPartnerToken(repeated.token, SECRET, clock.now)).toMatchObject({ ok: true, claims: { email: EMAIL, discountCode: first.discountCode } });
    expect(shop.calls).toHaveLength(1);
  });

  it('counts five wrong codes down, then locks the challenge, the right code too, until a new start', async () => {
    const { call, start, wrong } = setUp();
    const { challenge, code } = await start();
    for (const attemptsLeft of [4, 3, 2, 1, 0]) {
      const response = await call('verify', { email: EMAIL, challenge, code: wrong(code) });
      expect(response.status).toBe(422);
      expect((await response.json()).error).toMatchObject({ code: 'wrong_code', attemptsLeft });
    }
    for (const attempt of [wrong(code), code]) {
      const response = await call('verify', { email: EMAIL, challenge, code: attempt });
      expect(response.status).toBe(423);
      expect((await response.json()).error.code).toBe('code_locked');
    }
    expect((await call('verify', { email: EMAIL, ...(await start()) })).status).toBe(200);
  });

  it('answers code_expired after ten minutes, and for a challenge no start answered', async () => {
    const { call, start, clock } = setUp();
    expect((await call('verify', { email: EMAIL, challenge: 'A'.repeat(22), code: '123456789' })).status).toBe(410);
    const started = await start();
    clock.now += 600_000;
    const response = await call('verify', { email: EMAIL, ...started });
    expect(response.status).toBe(410);
    expect((await response.json()).error.code).toBe('code_expired');
  });

  it('takes a code only with its own challenge: another start for the address neither replaces nor counts for it', async () => {
    const { call, start } = setUp();
    const earlier = await start();
    const newer = await start();
    if (earlier.code !== newer.code) expect((await call('verify', { email: EMAIL, challenge: newer.challenge, code: earlier.code })).status).toBe(422);
    expect((await call('verify', { email: EMAIL, ...earlier })).status).toBe(200);
    expect((await call('verify', { email: EMAIL, ...newer })).status).toBe(200);
  });

  it('refuses a code for another address than its start', async () => {
    const { call, start } = setUp();
    const started = await start();
    const response = await call('verify', { email: 'eve@partner-one.example', ...started });
    expect(response.status).toBe(422);
    expect((await response.json()).error.code).toBe('wrong_code');
  });

  it.each([
    ['no challenge', { code: '123456789' }, 'challenge'],
    ['six digits', { challenge: 'A'.repeat(22), code: '123456' }, 'code'],
  ])('refuses a verify with %s as invalid_request naming the field', async (_, body, field) => {
    const { call } = setUp();
    const response = await call('verify', { email: EMAIL, ...body });
    expect(response.status).toBe(422);
    expect((await response.json()).error.problems.map((problem: { field: string }) => problem.field)).toEqual([field]);
  });

  it.each<[string, AdminAnswer, boolean]>([
    ['a network failure', 'network', false],
    ['a 503', 503, false],
    ['throttling', 'throttled', false],
    ['a refused token (401)', 401, true],
    ['a token without write_discounts', 'denied', true],
    ['a user error', { userErrors: [{ field: ['basicCodeDiscount', 'endsAt'], code: 'INVALID', message: 'Ends at needs to be after starts_at' }] }, true],
  ])('answers 502 shop_failed on %s, and the code still counts for a retry', async (_, failure, permanent) => {
    const { call, start, shop, records } = setUp({}, [failure]);
    const started = await start();
    const failed = await call('verify', { email: EMAIL, ...started });
    expect(failed.status).toBe(502);
    expect((await failed.json()).error.code).toBe('shop_failed');
    expect(records.at(-1)).toMatchObject({ reason: 'shop_failed', ...(permanent ? { permanent: true } : {}) });
    const retried = await call('verify', { email: EMAIL, ...started });
    expect(retried.status).toBe(200);
    const codes = shop.calls.map((call) => (call.body.variables.basicCodeDiscount as { code: string }).code);
    expect(codes[1]).toBe(codes[0]);
    expect((await retried.json()).discountCode).toBe(codes[0]);
  });

  it('takes the shop holding the code already (an earlier attempt whose answer was lost) as made', async () => {
    const taken = { userErrors: [{ field: ['basicCodeDiscount', 'code'], code: 'TAKEN', message: 'Code must be unique. Please try a different code.' }] };
    const { call, start } = setUp({}, [taken]);
    const response = await call('verify', { email: EMAIL, ...(await start()) });
    expect(response.status).toBe(200);
  });
});

describe('createPartnerDiscountHandler: limits', () => {
  const BUYER = '198.51.100.7';
  const OTHER = '203.0.113.9';

  it('sends at most three codes to an address asked from one client address in ten minutes', async () => {
    const { call, clock } = setUp();
    for (let sent = 0; sent < 3; sent++) expect((await call('start', { email: EMAIL })).status).toBe(202);
    const refused = await call('start', { email: 'SAM@partner-one.example' });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe('rate_limited');
    expect(refused.headers.get('retry-after')).toBe('200');
    expect((await call('start', { email: 'kim@partner-one.example' })).status).toBe(202);
    clock.now += 200_000;
    expect((await call('start', { email: EMAIL })).status).toBe(202);
  });

  it("lets no one else replace, lock or delay the buyer's code: others' starts and wrong codes count on their own challenges", async () => {
    const { call, start, wrong } = setUp({ rateLimit: { limit: 100, windowMs: 60_000 } });
    const buyer = await start(EMAIL, BUYER);
    for (let sent = 0; sent < 3; sent++) {
      const { challenge, code } = await start(EMAIL, OTHER);
      for (let guess = 0; guess < 5; guess++) await call('verify', { email: EMAIL, challenge, code: wrong(code) }, OTHER);
      expect((await call('verify', { email: EMAIL, challenge, code }, OTHER)).status).toBe(423);
    }
    expect((await call('start', { email: EMAIL }, OTHER)).status).toBe(429);
    expect((await call('verify', { email: EMAIL, ...buyer }, BUYER)).status).toBe(200);
    expect((await call('start', { email: EMAIL }, BUYER)).status).toBe(202);
  });

  it('sends at most twenty codes an hour per client address, counting its starts only', async () => {
    const { call, start, clock } = setUp({ rateLimit: { limit: 100, windowMs: 60_000 } });
    const { challenge } = await start('p0@partner-one.example');
    for (let verify = 0; verify < 30; verify++) await call('verify', { email: 'p0@partner-one.example', challenge, code: '000000000' });
    for (let sent = 1; sent < 20; sent++) expect((await call('start', { email: `p${sent}@partner-one.example` })).status).toBe(202);
    const refused = await call('start', { email: 'p20@partner-one.example' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('180');
    expect((await call('start', { email: 'p20@partner-one.example' }, OTHER)).status).toBe(202);
    clock.now += 180_000;
    expect((await call('start', { email: 'p20@partner-one.example' })).status).toBe(202);
  });

  it('keeps room under the handler-wide cap while thirty client addresses ask for made-up addresses', async () => {
    const { call, mail } = setUp({ rateLimit: { limit: 100, windowMs: 60_000 } });
    const answers: number[] = [];
    for (let client = 1; client <= 30; client++) {
      for (let start = 0; start < 30; start++) answers.push((await call('start', { email: `made-up-${start}@partner-one.example` }, `192.0.2.${client}`)).status);
    }
    expect(answers.filter((status) => status === 202)).toHaveLength(600);
    expect(answers.filter((status) => status === 429)).toHaveLength(300);
    for (let colleague = 0; colleague < 20; colleague++) expect((await call('start', { email: `colleague-${colleague}@partner-one.example` }, OTHER)).status).toBe(202);
    expect(mail.messages).toHaveLength(620);
  });

  it('limits each client address over both paths', async () => {
    const { call, start } = setUp({ rateLimit: { limit: 2, windowMs: 60_000 } });
    const { challenge } = await start();
    expect((await call('verify', { email: EMAIL, challenge, code: '000000000' })).status).not.toBe(429);
    expect((await call('verify', { email: EMAIL, challenge, code: '000000000' })).status).toBe(429);
    expect((await call('verify', { email: EMAIL, challenge, code: '000000000' }, OTHER)).status).not.toBe(429);
  });

  it('answers too_busy past the handler-wide cap, sending nothing', async () => {
    const { call, mail } = setUp({ globalRateLimit: { limit: 1, windowMs: 3600_000 } });
    expect((await call('start', { email: EMAIL })).status).toBe(202);
    const busy = await call('start', { email: 'kim@partner-one.example' }, OTHER);
    expect(busy.status).toBe(503);
    expect((await busy.json()).error.code).toBe('too_busy');
    expect(mail.messages).toHaveLength(1);
  });
});

describe('createPartnerDiscountHandler: a store that forgets', () => {
  it('sends no code and makes no shop code while its code store would forget: 503 store_not_durable', async () => {
    const durable = async () => {
      throw new StoreNotDurableError('set appendonly yes');
    };
    const { call, mail, shop, records } = setUp({ codes: { store: { ...memoryPartnerCodeStore(), durable } } });
    for (const [path, body] of [['start', { email: EMAIL }], ['verify', { email: EMAIL, challenge: 'c'.repeat(22), code: '123456789' }]] as const) {
      const refused = await call(path, body);
      expect(refused.status).toBe(503);
      expect((await refused.json()).error.code).toBe('store_not_durable');
      expect(records.at(-1)).toMatchObject({ status: 503, reason: 'store_not_durable' });
    }
    expect(mail.messages).toEqual([]);
    expect(shop.calls).toEqual([]);
  });
});

describe('createPartnerDiscountHandler: two instances on one real Redis', () => {
  let server: RunningRedis;
  let client: Awaited<ReturnType<typeof connect>>;
  const connect = (url: string) => createClient({ url }).connect();

  beforeAll(async () => {
    server = await startRedis();
    client = await connect(server.url);
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  it("keeps the buyer's challenge whatever another client does at the other instance", async () => {
    const stores = createRedisStores({ client, prefix: `partner-${randomUUID()}:` });
    const shared = { codes: { store: stores.partnerCodes }, rateLimit: { limit: 100, windowMs: 60_000, store: stores.rateLimit } };
    const [one, two] = [setUp(shared), setUp(shared)];
    const buyer = await one!.start(EMAIL, '198.51.100.7');
    for (let sent = 0; sent < 3; sent++) {
      const { challenge, code } = await two!.start(EMAIL, '203.0.113.9');
      for (let guess = 0; guess < 6; guess++) await two!.call('verify', { email: EMAIL, challenge, code: two!.wrong(code) }, '203.0.113.9');
    }
    expect((await two!.call('start', { email: EMAIL }, '203.0.113.9')).status).toBe(429);
    const verified = await two!.call('verify', { email: EMAIL, ...buyer }, '198.51.100.7');
    expect(verified.status).toBe(200);
    const again = await one!.call('verify', { email: EMAIL, ...buyer }, '198.51.100.7');
    expect((await again.json()).discountCode).toBe((await verified.json()).discountCode);
    expect((await one!.call('start', { email: EMAIL }, '198.51.100.7')).status).toBe(202);
  });
});

describe('createPartnerDiscountHandler: options', () => {
  it.each<[string, Partial<PartnerDiscountHandlerOptions>]>([
    ['a token secret under 32 bytes', { tokenSecret: 'short' }],
    ['an Admin endpoint of a version before 2025-10', { shop: { adminEndpoint: 'https://s.myshopify.com/admin/api/2025-07/graphql.json', adminToken: 't' } }],
    ['an Admin endpoint that is the Storefront API', { shop: { adminEndpoint: 'https://s.myshopify.com/api/2025-10/graphql.json', adminToken: 't' } }],
    ['no Admin token', { shop: { adminEndpoint: ADMIN, adminToken: ' ' } }],
    ['a subject on two lines', { subject: 'Code\r\nBcc: x@y.z' }],
    ['shop codes valid over 48 hours', { discountValidityMs: 49 * 3600_000 }],
    ['tokens that outlive their shop code', { discountValidityMs: 3600_000, tokenTtlMs: 3600_000 }],
  ])('refuses options with %s at creation, without the secrets in the message', (_, overrides) => {
    let thrown: unknown;
    try {
      setUp(overrides);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    expect(String(thrown)).not.toMatch(/shpat|key-test|partner-token-secret/);
  });
});

describe('oneTimeCode', () => {
  it('draws again above the last whole billion of 2^32, so every code is equally likely', () => {
    const draws = [4_294_967_295, 4_000_000_000, 3_999_999_999];
    expect(oneTimeCode((array) => (array[0] = draws.shift()!))).toBe('999999999');
    expect(draws).toEqual([]);
    expect(oneTimeCode((array) => (array[0] = 7))).toBe('000000007');
  });

  it('spreads codes evenly over the first digit', () => {
    const counts = Array<number>(10).fill(0);
    for (let index = 0; index < 50_000; index++) {
      const code = oneTimeCode();
      expect(code).toMatch(/^\d{9}$/);
      counts[Number(code[0])]! += 1;
    }
    for (const count of counts) expect(Math.abs(count - 5000)).toBeLessThan(400);
  });
});

describe('shopDiscountCode', () => {
  it('is PARTNER- and twelve characters of Crockford base 32, never twice the same', () => {
    const codes = Array.from({ length: 1000 }, shopDiscountCode);
    for (const code of codes) expect(code).toMatch(/^PARTNER-[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(new Set(codes).size).toBe(1000);
  });
});
