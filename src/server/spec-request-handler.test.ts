import { describe, expect, it, vi } from 'vitest';
import { UK_CATALOGUE as C } from '../domain/catalogue/uk';
import type { Configuration } from '../domain/configuration';
import { defaultConfiguration } from '../domain/configuration';
import type { RateLimitStore } from './rate-limit';
import type { IdempotencyStore } from './idempotency';
import { memoryIdempotencyStore } from './idempotency';
import type { MailgunOptions } from './mailgun';
import { MAX_EVENT_PAGES } from './mailgun';
import type { LogRecord } from './operations';
import type { SpecRequestHandlerOptions } from './spec-request-handler';
import { createSpecRequestHandler } from './spec-request-handler';
import { StoreNotDurableError } from './store-durability';

const ORIGIN = 'https://portal.example';
const ENDPOINT = 'https://relay.example/api/spec-request';

interface ProviderCall {
  url: string;
  authorization: string | null;
  fields: [string, FormDataEntryValue][];
}

/**
 * What Mailgun does with one message: answers a status; fails to connect (`ECONNREFUSED`,
 * `ENOTFOUND`, `EAI_AGAIN`: nothing received); accepts it and then drops the connection
 * (`ECONNRESET`) or never answers (`hang`, ignoring the signal as a stuck runtime may); or never
 * receives it and never answers (`lost`).
 */
type MessageAnswer = number | 'ECONNREFUSED' | 'ENOTFOUND' | 'EAI_AGAIN' | 'ECONNRESET' | 'hang' | 'lost';

const NOT_CONNECTED = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'];

const fetchFailed = (code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(`connect ${code}`), { code }) });

/** What the fake's events API lists of one accepted message. */
interface ListedMessage {
  key: string;
  id: string;
  to: string;
}

/**
 * A Mailgun stand-in: records each message call and each events query, and lists the messages it
 * accepted (after any in `accepted` beforehand) as Mailgun documents its events API: filtered by
 * `event` and `recipient`, any other parameter (`user-variables` among them) ignored, `limit` events
 * a page, and paged by `paging.next` URLs below the events API until an empty page.
 * `events.answer` makes the query fail, `events.listing = false` models messages not listed yet, and
 * `events.next` replaces the next page's URL.
 */
function provider(answers: MessageAnswer[] = []) {
  const calls: ProviderCall[] = [];
  const accepted: ListedMessage[] = [];
  const eventQueries: { url: URL; authorization: string | null }[] = [];
  /** Every URL fetched, whatever the fake makes of it. */
  const requested: string[] = [];
  const events: { answer: 'list' | number | 'network'; listing: boolean; next?: (url: string) => string } = { answer: 'list', listing: true };
  let gate: Promise<void> = Promise.resolve();
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    requested.push(String(input));
    const url = new URL(String(input));
    const authorization = new Headers(init?.headers).get('authorization');
    const eventsPage = /\/events(?:\/(\d+))?$/.exec(url.pathname);
    if (eventsPage) {
      eventQueries.push({ url, authorization });
      if (events.answer === 'network') throw fetchFailed('ECONNRESET');
      if (events.answer !== 'list') return Response.json({ message: 'Internal error' }, { status: events.answer });
      const offset = Number(eventsPage[1] ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const event = url.searchParams.get('event');
      const recipient = url.searchParams.get('recipient');
      const items = accepted
        .filter((message) => events.listing && (event === null || event === 'accepted') && (recipient === null || message.to === recipient))
        .slice(offset, offset + limit)
        .map((message) => ({
          id: `event-${message.id}`,
          event: 'accepted',
          timestamp: 1_700_000_000.5,
          recipient: message.to,
          'user-variables': { 'idempotency-key': message.key },
          message: { headers: { 'message-id': message.id, to: message.to } },
        }));
      const next = `${url.origin}/v3/mg.example/events/${offset + limit}${url.search}`;
      return Response.json({ items, paging: { next: events.next?.(next) ?? next, previous: `${url.origin}/v3/mg.example/events/${offset - limit}${url.search}` } });
    }
    const body = init?.body as FormData;
    calls.push({ url: String(input), authorization, fields: [...body.entries()] });
    await gate;
    const answer = answers.shift() ?? 200;
    if (typeof answer === 'number' && answer >= 300) return Response.json({ message: 'Internal error' }, { status: answer });
    if (typeof answer === 'string' && NOT_CONNECTED.includes(answer)) throw fetchFailed(answer);
    if (answer === 'lost') return new Promise<never>(() => {});
    const id = `msg-${calls.length}@mg.example`;
    accepted.push({ key: String(body.get('v:idempotency-key')), id, to: String(body.get('to')) });
    if (typeof answer === 'number') return Response.json({ id: `<${id}>`, message: 'Queued. Thank you.' }, { status: answer });
    if (answer === 'hang') return new Promise<never>(() => {});
    throw fetchFailed(answer);
  }) as typeof globalThis.fetch;
  /** Holds every answer until the returned function is called. */
  const hold = () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    return open;
  };
  return { fetch, calls, accepted, eventQueries, requested, events, hold };
}

/** `count` messages accepted for other keys, listed before any the relay sends. */
const others = (count: number, to = 'orders@company.example'): ListedMessage[] =>
  Array.from({ length: count }, (_, index) => ({ key: `other-${index}`, id: `other-${index}@mg.example`, to }));

type RelayOverrides = Omit<Partial<SpecRequestHandlerOptions>, 'mailgun'> & { mailgun?: Partial<MailgunOptions> };

function relay(overrides: RelayOverrides = {}, answers: MessageAnswer[] = []) {
  const mail = provider(answers);
  const records: LogRecord[] = [];
  const { mailgun, ...rest } = overrides;
  const handler = createSpecRequestHandler({
    from: 'Upgrades <upgrades@mg.example>',
    to: 'orders@company.example',
    subject: 'Upgrade specification request',
    template: 'upgrade-specification',
    allowedOrigins: [ORIGIN],
    trustedProxies: 1,
    log: (record) => records.push(record),
    ...rest,
    mailgun: { apiKey: 'key-test', domain: 'mg.example', fetch: mail.fetch, timeoutMs: 1000, ...mailgun },
  });
  return { handler, records, ...mail };
}

let keyCounter = 0;
const newKey = () => `key_${String(++keyCounter).padStart(16, '0')}`;

const validBody = (configuration: Partial<Configuration> = {}) => ({
  version: 1,
  idempotencyKey: newKey(),
  orderEmail: 'driver@lease.example',
  customer: { 'first-name': 'Sam', 'last-name': 'Lee', email: 'sam@home.example', tel: '07700 900123' },
  configuration: { ...defaultConfiguration(C), ...configuration },
});

function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(ENDPOINT, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { origin: ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7', ...headers },
  });
}

const variablesOf = (call: ProviderCall | undefined) =>
  JSON.parse(String(call?.fields.find(([name]) => name === 't:variables')?.[1])) as Record<string, string>;

describe('createSpecRequestHandler: the message (SPEC-5, MAIL-3)', () => {
  it('posts one multipart message to the EU endpoint with basic auth: the six fields and the key as a custom variable', async () => {
    const { handler, calls } = relay();
    const body = validBody();
    const response = await handler(post(body));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ requestId: '<msg-1@mg.example>' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://api.eu.mailgun.net/v3/mg.example/messages');
    expect(calls[0]!.authorization).toBe(`Basic ${btoa('api:key-test')}`);
    expect(calls[0]!.fields.map(([name]) => name)).toEqual(['from', 'to', 'subject', 'template', 't:variables', 'h:Reply-To', 'v:idempotency-key']);
    expect(Object.fromEntries(calls[0]!.fields)).toMatchObject({
      'v:idempotency-key': body.idempotencyKey,
      from: 'Upgrades <upgrades@mg.example>',
      to: 'orders@company.example',
      subject: 'Upgrade specification request',
      template: 'upgrade-specification',
      'h:Reply-To': 'sam@home.example',
    });
    expect(variablesOf(calls[0])).toEqual({
      title: 'Upgrade specification request',
      customerEmail: 'sam@home.example',
      customerName: 'Sam Lee',
      customerPhone: '07700 900123',
      introLine: 'Sam Lee has requested the following upgrade specification for their Mobilize order.',
      orderEmail: 'driver@lease.example',
      amendsRequestId: '',
      productLine1: 'Front colour: Midnight Black (A4-D101M-BLACK)',
      productLine2: 'Body colour: Midnight Black (A4-E101M-BLACK)',
      productLine3: 'Power and cable: 7kW socket',
      productLine4: 'Installation: Charger only, no installation',
      productLine5: 'Warranty: Standard 3 year warranty',
      productLine6: 'Surge protection: No',
      productLine7: 'Advanced solar: No',
      productLine8: 'Cable hook: No',
      productLine9: 'Digital display: No',
      installationCheck: 'Installation check: not applicable (no installation)',
      installationCheckLine1: '',
      installationCheckLine2: '',
      installationCheckLine3: '',
      installationCheckLine4: '',
      installationCheckLine5: '',
      installationCheckLine6: '',
    });
  });

  it('uses the configured base URL and an own request id when the provider gives none', async () => {
    const calls: string[] = [];
    const handler = createSpecRequestHandler({
      mailgun: {
        apiKey: 'k',
        domain: 'mg.example',
        baseUrl: 'https://api.mailgun.net/',
        fetch: (async (input: RequestInfo | URL) => {
          calls.push(String(input));
          return new Response('ok');
        }) as typeof fetch,
      },
      from: 'a@mg.example',
      to: 'b@company.example',
      subject: 's',
      template: 't',
      allowedOrigins: [ORIGIN],
      trustedProxies: 1,
      log: false,
    });
    const body = await (await handler(post(validBody()))).json();
    expect(calls).toEqual(['https://api.mailgun.net/v3/mg.example/messages']);
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each<[string, Partial<Configuration>, Record<string, string>]>([
    ['7kW socket, no installation', { cable: 'socket_7kw' }, { productLine3: 'Power and cable: 7kW socket', productLine4: 'Installation: Charger only, no installation' }],
    ['22kW socket (installation forced on, hook cleared)', { cable: 'socket_22kw', cableHook: true },
      { productLine3: 'Power and cable: 22kW socket', productLine4: 'Installation: 22kW Premium installation (physical survey)', productLine8: 'Cable hook: No' }],
    ['7kW 5.5m tethered with standard installation', { cable: 'tethered_7kw_5_5m', installation: 'standard_7kw' },
      { productLine3: 'Power and cable: 7kW with 5.5m cable', productLine4: 'Installation: 7kW Standard installation (remote survey)' }],
    ['7kW 8.5m tethered with premium installation', { cable: 'tethered_7kw_8_5m', installation: 'premium_7kw' },
      { productLine3: 'Power and cable: 7kW with 8.5m cable', productLine4: 'Installation: 7kW Premium installation (physical survey)' }],
    ['22kW tethered (solar cleared, three-phase surge)', { cable: 'tethered_22kw_6_5m', surgeProtection: true, advancedSolar: true },
      { productLine3: 'Power and cable: 22kW with 6.5m cable', productLine4: 'Installation: 22kW Premium installation (physical survey)',
        productLine6: 'Surge protection: Yes (Surge Protection three phase)', productLine7: 'Advanced solar: No' }],
    ['every extra on a 7kW tethered cable',
      { cable: 'tethered_7kw_5_5m', installation: 'standard_7kw', surgeProtection: true, advancedSolar: true, cableHook: true,
        hookColour: 'maranello_red', display: true, extendedWarranty: true, front: 'racing_green', body: 'belgravia_blue' },
      { productLine1: 'Front colour: Racing Green (A4-D101C-PALETTE-RACING-GREEN)',
        productLine2: 'Body colour: Belgravia Blue (A4-E101C-PALETTE-BELGRAVIA-BLUE)',
        productLine5: 'Warranty: Extra 4 Year Warranty (7 years total)',
        productLine6: 'Surge protection: Yes (Surge Protection single phase)',
        productLine7: 'Advanced solar: Yes (Advanced Solar)',
        productLine9: 'Digital display: Yes (Digital display)' }],
  ])('recomputes the lines from ids: %s', async (_, configuration, expected) => {
    const { handler, calls } = relay();
    expect((await handler(post(validBody(configuration)))).status).toBe(202);
    expect(variablesOf(calls[0])).toMatchObject(expected);
    expect(Object.keys(variablesOf(calls[0])).filter((name) => name.startsWith('productLine'))).toHaveLength(9);
  });

  it('never names a hook colour: the specification request offers none', async () => {
    const { handler, calls } = relay();
    await handler(post(validBody({ cable: 'tethered_7kw_8_5m', cableHook: true, hookColour: 'maranello_red' })));
    expect(variablesOf(calls[0]).productLine8).toBe('Cable hook: Yes');
  });

  it('sends the order e-mail and the contact e-mail apart; replies go to the contact e-mail', async () => {
    const { handler, calls } = relay();
    const body = validBody();
    await handler(post({ ...body, orderEmail: 'lease-order@fleet.example', customer: { ...body.customer, email: 'sam.home@mail.example' } }));
    expect(variablesOf(calls[0])).toMatchObject({ orderEmail: 'lease-order@fleet.example', customerEmail: 'sam.home@mail.example' });
    expect(Object.fromEntries(calls[0]!.fields)['h:Reply-To']).toBe('sam.home@mail.example');
  });

  it("puts step 05's answers in the mail when installation is included, and not otherwise", async () => {
    const { handler, calls } = relay();
    const installCheck = { cable: 'yes', time: 'yes', height: 'no', trunking: 'yes', protection: 'yes', mainland: 'yes' };
    await handler(post({ ...validBody({ cable: 'tethered_7kw_8_5m', installation: 'standard_7kw' }), installCheck }));
    expect(variablesOf(calls[0])).toMatchObject({
      installationCheck: 'Installation check: a survey is needed (at least one answer is No)',
      installationCheckLine3: 'Can the charger be installed at a height of 1.8m? No',
      installationCheckLine6: 'Is the property in mainland UK? Yes',
    });
    await handler(post({ ...validBody({ cable: 'tethered_7kw_8_5m' }), installCheck }));
    expect(variablesOf(calls[1])).toMatchObject({ installationCheck: 'Installation check: not applicable (no installation)', installationCheckLine3: '' });
  });

  it('a request that amends an earlier one says so in the mail', async () => {
    const { handler, calls } = relay();
    await handler(post({ ...validBody(), amends: '<msg-1@mg.example>' }));
    expect(variablesOf(calls[0])).toMatchObject({
      amendsRequestId: '<msg-1@mg.example>',
      introLine: 'Sam Lee has changed their upgrade specification request for their Mobilize order: this specification replaces the one sent before (<msg-1@mg.example>).',
    });
  });

  it("accepts an address with an apostrophe, as the form does, and replies to it", async () => {
    const { handler, calls } = relay();
    const body = validBody();
    const response = await handler(post({ ...body, orderEmail: "sean.o'brien@example.ie", customer: { ...body.customer, email: "sean.o'brien@example.ie" } }));
    expect(response.status).toBe(202);
    expect(Object.fromEntries(calls[0]!.fields)['h:Reply-To']).toBe("sean.o'brien@example.ie");
  });

  it('ignores display text smuggled into the request', async () => {
    const { handler, calls } = relay();
    const body = { ...validBody(), productLine3: 'Power and cable: free', subject: 'x', to: 'attacker@evil.example' };
    expect((await handler(post(body))).status).toBe(202);
    expect(Object.fromEntries(calls[0]!.fields).to).toBe('orders@company.example');
    expect(variablesOf(calls[0]).productLine3).toBe('Power and cable: 7kW socket');
  });
});

describe('createSpecRequestHandler: validation', () => {
  type Body = ReturnType<typeof validBody>;
  it.each<[string, (body: Body) => void, string]>([
    ['version', (body) => ((body as { version: number }).version = 2), 'version'],
    ['idempotencyKey', (body) => (body.idempotencyKey = 'short'), 'idempotencyKey'],
    ['orderEmail', (body) => (body.orderEmail = 'not-an-email'), 'orderEmail'],
    ['first name', (body) => (body.customer['first-name'] = ''), 'customer.first-name'],
    ['last name', (body) => (body.customer['last-name'] = 'x'.repeat(101)), 'customer.last-name'],
    ['customer e-mail', (body) => (body.customer.email = 'sam@'), 'customer.email'],
    ['a display name in the e-mail', (body) => (body.customer.email = 'Sam Lee <sam@home.example>'), 'customer.email'],
    ['a 101-character first name', (body) => (body.customer['first-name'] = 'x'.repeat(101)), 'customer.first-name'],
    ['phone', (body) => (body.customer.tel = ''), 'customer.tel'],
    ['cable id', (body) => (body.configuration.cable = 'coiled_99kw'), 'configuration.cable'],
    ['front colour id', (body) => (body.configuration.front = 'gold'), 'configuration.front'],
    ['CR/LF in the first name', (body) => (body.customer['first-name'] = 'Sam\r\nBcc: all@example.com'), 'customer.first-name'],
    ['LF in the last name', (body) => (body.customer['last-name'] = 'Lee\nX-Evil: 1'), 'customer.last-name'],
    ['CR/LF in the e-mail', (body) => (body.customer.email = 'sam@home.example\r\nBcc: all@example.com'), 'customer.email'],
    ['LF in the order e-mail', (body) => (body.orderEmail = 'driver@lease.example\nCc: x@y.example'), 'orderEmail'],
    ['CR inside the phone', (body) => (body.customer.tel = '07700\r900123'), 'customer.tel'],
    ['an unknown installation check question', (body) => Object.assign(body, { installCheck: { garage: 'yes' } }), 'installCheck.garage'],
    ['LF in the amended request id', (body) => Object.assign(body, { amends: '<a@mg.example>\nBcc: x@y.example' }), 'amends'],
  ])('answers 422 invalid_request naming the field: %s', async (_, spoil, field) => {
    const { handler, calls } = relay();
    const body = validBody();
    spoil(body);
    const response = await handler(post(body));
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error.code).toBe('invalid_request');
    expect(error.problems.map((problem: { field: string }) => problem.field)).toContain(field);
    expect(error.message).toContain(field);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['a CR/LF in the subject', { subject: 'Hi\r\nBcc: all@example.com' }],
    ['an LF in the sender', { from: 'a@mg.example\nBcc: x@y.example' }],
    ['an empty recipient', { to: ' ' }],
    ['a path as origin', { allowedOrigins: ['https://portal.example/page'] }],
    ['no origins', { allowedOrigins: [] }],
    ['a base URL that is no http(s) URL', { mailgun: { baseUrl: 'ftp://api.mailgun.net' } }],
    ['a plain http base URL to another host', { mailgun: { baseUrl: 'http://api.eu.mailgun.net' } }],
    ['an endless timeout', { mailgun: { timeoutMs: Infinity } }],
    ['a timeout of 0', { mailgun: { timeoutMs: 0 } }],
    ['a timeout that is not a number', { mailgun: { timeoutMs: Number.NaN } }],
    ['a negative settle window', { mailgun: { confirmAfterMs: -1 } }],
  ] satisfies [string, RelayOverrides][])('refuses options with %s at creation', (_, overrides) => {
    expect(() => relay(overrides)).toThrow(TypeError);
  });
});

describe('createSpecRequestHandler: rate limit', () => {
  it('answers 429 with Retry-After past the limit, per client address, and refills steadily', async () => {
    let time = 1_000_000;
    const { handler, calls } = relay({ rateLimit: { limit: 2, windowMs: 60_000 }, clock: () => time });
    for (let i = 0; i < 2; i += 1) expect((await handler(post(validBody()))).status).toBe(202);
    const limited = await handler(post(validBody()));
    expect(limited.status).toBe(429);
    // Two a minute: one more every 30 seconds.
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(limited.headers.get('access-control-expose-headers')).toContain('retry-after');
    expect((await limited.json()).error.code).toBe('rate_limited');
    expect((await handler(post(validBody(), { 'x-forwarded-for': '198.51.100.2, 10.0.0.1' }))).status).toBe(202);
    time += 20_000;
    expect((await handler(post(validBody()))).headers.get('retry-after')).toBe('10');
    time += 10_000;
    expect((await handler(post(validBody()))).status).toBe(202);
    expect((await handler(post(validBody()))).headers.get('retry-after')).toBe('30');
    expect(calls).toHaveLength(4);
  });

  it('uses a pluggable store and client address', async () => {
    const seen: string[] = [];
    const store: RateLimitStore = {
      async take(key) {
        seen.push(key);
        return { allowed: true, retryAfterMs: 0 };
      },
    };
    const { handler } = relay({ rateLimit: { limit: 1, windowMs: 1000, store }, clientAddress: () => '192.0.2.9' });
    await handler(post(validBody()));
    // The relay-wide cap is kept in the same store, as the message is sent.
    expect(seen).toEqual(['spec-request:192.0.2.9', 'spec-request:all']);
  });
});

describe('createSpecRequestHandler: a store that forgets', () => {
  /** A memory store that says it would forget while `forgets.now` is true. */
  function forgetful<T extends object>(store: T) {
    const forgets = { now: true };
    const durable = async () => {
      if (forgets.now) throw new StoreNotDurableError('set appendonly yes');
    };
    return { store: { ...store, durable }, forgets };
  }

  it('sends nothing and answers 503 store_not_durable while its idempotency store would forget, and sends once it would not', async () => {
    const { store, forgets } = forgetful(memoryIdempotencyStore());
    const { handler, calls, records } = relay({ idempotency: { store } });
    const body = validBody();
    const refused = await handler(post(body));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect((await refused.json()).error).toEqual({ code: 'store_not_durable', message: expect.stringMatching(/nothing was sent.*try again later/i) });
    expect(calls).toHaveLength(0);
    expect(records.at(-1)).toMatchObject({ level: 'error', status: 503, reason: 'store_not_durable' });

    forgets.now = false;
    expect((await handler(post(body))).status).toBe(202);
    expect(calls).toHaveLength(1);
  });

  it('refuses as well while its rate-limit store would forget', async () => {
    const counts: RateLimitStore = { take: async () => ({ allowed: true, retryAfterMs: 0 }) };
    const { store } = forgetful(counts);
    const { handler, calls } = relay({ rateLimit: { limit: 10, windowMs: 60_000, store } });
    expect((await handler(post(validBody()))).status).toBe(503);
    expect(calls).toHaveLength(0);
  });
});

describe('createSpecRequestHandler: idempotency and provider failures', () => {
  it('replays the first answer for a repeated key without a second message', async () => {
    const { handler, calls, records } = relay();
    const body = validBody();
    const first = await handler(post(body));
    const repeat = await handler(post(body));
    expect(repeat.status).toBe(first.status);
    expect(await repeat.json()).toEqual(await first.json());
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(calls).toHaveLength(1);
    expect(records.map((record) => [record.idempotency, record.provider])).toEqual([['fresh', 200], ['replayed', undefined]]);
  });

  it('refuses a repeated key with another body (422), sending nothing', async () => {
    const { handler, calls } = relay();
    const body = validBody();
    await handler(post(body));
    const changed = await handler(post({ ...body, customer: { ...body.customer, 'first-name': 'Other' } }));
    expect(changed.status).toBe(422);
    expect((await changed.json()).error.code).toBe('idempotency_key_reused');
    expect(calls).toHaveLength(1);
  });

  it('lets concurrent repeats wait for the first: one message, one answer', async () => {
    const { handler, calls, hold } = relay();
    const open = hold();
    const body = validBody();
    const pending = [handler(post(body)), handler(post(body)), handler(post(body))];
    await vi.waitFor(() => expect(calls).toHaveLength(1), { timeout: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(1);
    open();
    const answers = await Promise.all(pending.map(async (response) => [(await response).status, await (await response).json()]));
    expect(answers).toEqual(Array(3).fill([202, { requestId: '<msg-1@mg.example>' }]));
    expect(calls).toHaveLength(1);
  });

  it('refuses the same key with another body (422) while the first is being sent on this instance, sending it never', async () => {
    const { handler, calls, hold } = relay();
    const open = hold();
    const body = validBody();
    const first = handler(post(body));
    await vi.waitFor(() => expect(calls).toHaveLength(1), { timeout: 30_000 });
    const other = await handler(post({ ...body, customer: { ...body.customer, 'first-name': 'Other' } }));
    expect(other.status).toBe(422);
    expect((await other.json()).error.code).toBe('idempotency_key_reused');
    open();
    expect((await first).status).toBe(202);
    expect(calls).toHaveLength(1);
  });

  it.each<[string, MessageAnswer]>([
    ['a 429', 429],
    ['a 500', 500],
    ['a 503', 503],
    ['a refused connection', 'ECONNREFUSED'],
    ['an unknown host', 'ENOTFOUND'],
    ['a failed name lookup', 'EAI_AGAIN'],
  ])('answers 502 provider_failed on %s (nothing was sent), releases the key, and a retry sends', async (_, failure) => {
    const failures: { status?: number; error?: unknown }[] = [];
    const { handler, calls, records } = relay({ onProviderError: (detail) => failures.push(detail) }, [failure]);
    const body = validBody();
    const failed = await handler(post(body));
    expect(failed.status).toBe(502);
    expect((await failed.json()).error).toMatchObject({ code: 'provider_failed' });
    expect(failures).toHaveLength(1);
    expect(records[0]).toMatchObject({ idempotency: 'released', provider: typeof failure === 'number' ? failure : 'network' });
    expect(records[0]?.permanent).toBeUndefined();
    const retried = await handler(post(body));
    expect(retried.status).toBe(202);
    expect(calls).toHaveLength(2);
    expect((await handler(post(body))).headers.get('idempotent-replayed')).toBe('true');
    expect(calls).toHaveLength(2);
  });

  it.each([400, 401, 403, 404])('answers 503 provider_rejected, not retryable, on a %i: logged as an error, the key released', async (status) => {
    const { handler, calls, records } = relay({}, [status]);
    const body = validBody();
    const rejected = await handler(post(body));
    expect(rejected.status).toBe(503);
    expect(rejected.headers.get('retry-after')).toBeNull();
    const { error } = await rejected.json();
    expect(error).toMatchObject({ code: 'provider_rejected', retryable: false });
    expect(error.message).toMatch(/cannot send.*trying again will not help/);
    expect(records[0]).toMatchObject({ level: 'error', status: 503, provider: status, permanent: true, idempotency: 'released', reason: 'provider_rejected' });
    // Released: once the operator has fixed the relay, the same request sends.
    expect((await handler(post(body))).status).toBe(202);
    expect(calls).toHaveLength(2);
  });

  it('forgets a key after its time to live', async () => {
    let time = 0;
    const { handler, calls } = relay({ idempotency: { ttlMs: 1000 }, clock: () => time });
    const body = validBody();
    await handler(post(body));
    time += 1001;
    await handler(post(body));
    expect(calls).toHaveLength(2);
  });
});

describe('createSpecRequestHandler: exactly once when the outcome is unknown', () => {
  const outcomeUnknown = async (response: Response) => {
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('30');
    const { error } = await response.json();
    expect(error.code).toBe('outcome_unknown');
    expect(error.message).toMatch(/^We could not confirm your request yet\./);
  };

  it.each<[string, MessageAnswer]>([
    ['a timeout (accepted, never answered, the fetch ignoring its signal)', 'hang'],
    ['a connection reset after sending', 'ECONNRESET'],
  ])('%s: 503 outcome_unknown, the key kept; the retry finds the message in the events and sends nothing', async (_, failure) => {
    const { handler, calls, records, eventQueries } = relay({ mailgun: { timeoutMs: 30 } }, [failure]);
    const body = validBody();
    await outcomeUnknown(await handler(post(body)));
    expect(records[0]).toMatchObject({ idempotency: 'fresh', provider: failure === 'hang' ? 'timeout' : 'network', reason: 'outcome_unknown', level: 'error' });
    const confirmed = await handler(post(body));
    expect(confirmed.status).toBe(202);
    expect(await confirmed.json()).toEqual({ requestId: '<msg-1@mg.example>' });
    expect(records[1]).toMatchObject({ idempotency: 'confirmed', status: 202 });
    expect(calls).toHaveLength(1);
    expect(eventQueries).toHaveLength(1);
    // Settled: the confirmed answer is stored and replayed without asking again.
    expect((await handler(post(body))).headers.get('idempotent-replayed')).toBe('true');
    expect(eventQueries).toHaveLength(1);
  });

  it('asks the events API with documented parameters only: accepted events since a minute before the first attempt, to the relay\'s recipient, 300 a page, with basic auth', async () => {
    const time = 1_700_000_000_000;
    const { handler, eventQueries } = relay({ mailgun: { timeoutMs: 30 }, clock: () => time, idempotency: { ttlMs: 60_000 } }, ['hang']);
    const body = validBody();
    await handler(post(body));
    await handler(post(body));
    const [{ url, authorization }] = eventQueries as [(typeof eventQueries)[0]];
    expect(`${url.origin}${url.pathname}`).toBe('https://api.eu.mailgun.net/v3/mg.example/events');
    expect(authorization).toBe(`Basic ${btoa('api:key-test')}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      event: 'accepted',
      // A minute before the first attempt, in seconds, for clocks that differ.
      begin: String(Math.floor((time - 60_000) / 1000)),
      end: String(time / 1000),
      ascending: 'yes',
      limit: '300',
      recipient: 'orders@company.example',
    });
  });

  it('names no recipient when `to` is not one bare address, and finds the key among all accepted events', async () => {
    const { handler, calls, accepted, eventQueries } = relay({ to: 'Orders <orders@company.example>', mailgun: { timeoutMs: 30 } }, ['hang']);
    accepted.push(...others(2, 'someone@else.example'));
    const body = validBody();
    await handler(post(body));
    const confirmed = await handler(post(body));
    expect(await confirmed.json()).toEqual({ requestId: '<msg-1@mg.example>' });
    expect(eventQueries[0]!.url.searchParams.has('recipient')).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it('follows paging.next: a message listed on the second page is found, nothing sent again', async () => {
    let time = 1_000_000;
    const { handler, calls, accepted, eventQueries, records } = relay({ mailgun: { timeoutMs: 30 }, clock: () => time }, ['hang']);
    accepted.push(...others(300));
    const body = validBody();
    await handler(post(body));
    time += 60 * 60_000;
    const confirmed = await handler(post(body));
    expect(confirmed.status).toBe(202);
    expect(await confirmed.json()).toEqual({ requestId: '<msg-1@mg.example>' });
    expect(records[1]).toMatchObject({ idempotency: 'confirmed' });
    expect(calls).toHaveLength(1);
    expect(eventQueries.map(({ url }) => url.pathname)).toEqual(['/v3/mg.example/events', '/v3/mg.example/events/300']);
  });

  it('sends a message listed on no page only once the default window of 30 minutes has passed', async () => {
    let time = 1_000_000;
    const { handler, calls, accepted, records } = relay({ mailgun: { timeoutMs: 30 }, clock: () => time }, ['lost']);
    accepted.push(...others(400));
    const body = validBody();
    await outcomeUnknown(await handler(post(body)));
    time += 29 * 60_000;
    await outcomeUnknown(await handler(post(body)));
    expect(records[1]).toMatchObject({ idempotency: 'unconfirmed', reason: 'not_listed_yet' });
    expect(calls).toHaveLength(1);
    time += 60_000;
    expect((await handler(post(body))).status).toBe(202);
    expect(calls).toHaveLength(2);
  });

  it('never follows a next page on another host (the API key would go with it): the outcome stays unknown, nothing sent', async () => {
    let time = 1_000_000;
    const failures: { error?: unknown }[] = [];
    const { handler, calls, accepted, events, eventQueries, records } = relay(
      { mailgun: { timeoutMs: 30 }, clock: () => time, onProviderError: (failure) => failures.push(failure) },
      ['lost'],
    );
    accepted.push(...others(300));
    events.next = (next) => next.replace('https://api.eu.mailgun.net/', 'https://collector.example/');
    const body = validBody();
    await handler(post(body));
    time += 60 * 60_000;
    await outcomeUnknown(await handler(post(body)));
    expect(records[1]).toMatchObject({ idempotency: 'unconfirmed', reason: 'events_unavailable' });
    expect(eventQueries.map(({ url }) => url.host)).toEqual(['api.eu.mailgun.net']);
    expect(String(failures.at(-1)?.error)).toMatch(/not under https:\/\/api\.eu\.mailgun\.net\/v3\/mg\.example\/events/);
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['another domain', 'https://api.eu.mailgun.net/v3/other.example/events/300'],
    ['a path out of the events API', 'https://api.eu.mailgun.net/v3/mg.example/events/../messages'],
    ['a longer path name', 'https://api.eu.mailgun.net/v3/mg.example/events-export/300'],
    ['credentials in the URL', 'https://user:pass@api.eu.mailgun.net/v3/mg.example/events/300'],
    ['no URL', 'next page'],
  ])('never follows a next page to %s', async (_, next) => {
    let time = 1_000_000;
    const { handler, calls, accepted, events, requested } = relay({ mailgun: { timeoutMs: 30 }, clock: () => time }, ['lost']);
    accepted.push(...others(300));
    events.next = () => next;
    const body = validBody();
    await handler(post(body));
    time += 60 * 60_000;
    await outcomeUnknown(await handler(post(body)));
    expect(requested.map((url) => new URL(url).pathname)).toEqual(['/v3/mg.example/messages', '/v3/mg.example/events']);
    expect(calls).toHaveLength(1);
  });

  it(`reads at most ${MAX_EVENT_PAGES} pages: past them the outcome stays unknown and nothing is sent, however late`, async () => {
    let time = 1_000_000;
    const failures: { error?: unknown }[] = [];
    const { handler, calls, accepted, eventQueries, records } = relay(
      { mailgun: { timeoutMs: 30 }, clock: () => time, onProviderError: (failure) => failures.push(failure) },
      ['lost'],
    );
    accepted.push(...others(300 * MAX_EVENT_PAGES));
    const body = validBody();
    await handler(post(body));
    time += 24 * 60 * 60_000 - 1;
    await outcomeUnknown(await handler(post(body)));
    expect(records[1]).toMatchObject({ idempotency: 'unconfirmed', reason: 'events_unavailable' });
    expect(eventQueries).toHaveLength(MAX_EVENT_PAGES);
    expect(String(failures.at(-1)?.error)).toMatch(/More than \d+ pages/);
    expect(calls).toHaveLength(1);
  });

  it('any number of retries after an accepted message that timed out land exactly one message', async () => {
    let time = 1_000_000;
    const { handler, calls } = relay({ mailgun: { timeoutMs: 30 }, clock: () => time }, ['hang']);
    const body = validBody();
    const statuses = [(await handler(post(body))).status];
    for (let retry = 0; retry < 5; retry += 1) {
      time += 60_000;
      statuses.push((await handler(post(body))).status);
    }
    expect(statuses).toEqual([503, 202, 202, 202, 202, 202]);
    expect(calls).toHaveLength(1);
  });

  it('concurrent repeats of a request that times out share its answer: one message', async () => {
    const { handler, calls } = relay({ mailgun: { timeoutMs: 30 } }, ['hang']);
    const body = validBody();
    const answers = await Promise.all([handler(post(body)), handler(post(body)), handler(post(body))]);
    expect(answers.map((answer) => answer.status)).toEqual([503, 503, 503]);
    expect(calls).toHaveLength(1);
  });

  it('the settle window: a message not listed is not sent again until the events had time to list it, then it is sent once', async () => {
    let time = 1_000_000;
    const { handler, calls, records } = relay({ mailgun: { timeoutMs: 30, confirmAfterMs: 120_000 }, clock: () => time }, ['lost']);
    const body = validBody();
    await outcomeUnknown(await handler(post(body)));
    time += 119_000;
    await outcomeUnknown(await handler(post(body)));
    expect(records[1]).toMatchObject({ idempotency: 'unconfirmed', reason: 'not_listed_yet' });
    expect(calls).toHaveLength(1);
    time += 1_000;
    const sent = await handler(post(body));
    expect(sent.status).toBe(202);
    expect(calls).toHaveLength(2);
    expect(await sent.json()).toEqual({ requestId: '<msg-2@mg.example>' });
    expect((await handler(post(body))).status).toBe(202);
    expect(calls).toHaveLength(2);
  });

  it('an accepted message the events list late is found, never sent again, within the window', async () => {
    let time = 1_000_000;
    const { handler, calls, events } = relay({ mailgun: { timeoutMs: 30 }, clock: () => time }, ['hang']);
    const body = validBody();
    events.listing = false;
    await handler(post(body));
    time += 30_000;
    await outcomeUnknown(await handler(post(body)));
    events.listing = true;
    time += 30_000;
    expect((await handler(post(body))).status).toBe(202);
    expect(calls).toHaveLength(1);
  });

  it.each<[string, number | 'network']>([
    ['answers 500', 500],
    ['cannot be reached', 'network'],
  ])('when the events query %s: 503 outcome_unknown and nothing sent, even past the window', async (_, failure) => {
    let time = 1_000_000;
    const { handler, calls, events, records } = relay({ mailgun: { timeoutMs: 30 }, clock: () => time }, ['lost']);
    const body = validBody();
    await handler(post(body));
    events.answer = failure;
    time += 30 * 60_000;
    await outcomeUnknown(await handler(post(body)));
    expect(records[1]).toMatchObject({ idempotency: 'unconfirmed', reason: 'events_unavailable' });
    expect(calls).toHaveLength(1);
    // The key stays uncertain: once the events answer, the request is settled (here: sent once).
    events.answer = 'list';
    expect((await handler(post(body))).status).toBe(202);
    expect(calls).toHaveLength(2);
  });

  it.each<[string, IdempotencyStore['complete']]>([
    ['returns false', async () => false],
    ['throws', async () => Promise.reject(new Error('store unavailable'))],
  ])('when storing the answer %s: 202 with the request id all the same, logged, and a later retry sends nothing', async (_, complete) => {
    let time = 1_000_000;
    const store = { ...memoryIdempotencyStore(), complete };
    const { handler, calls, records } = relay({ mailgun: { timeoutMs: 30 }, clock: () => time, idempotency: { store } });
    const body = validBody();
    const first = await handler(post(body));
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ requestId: '<msg-1@mg.example>' });
    expect(records[0]).toMatchObject({ idempotency: 'fresh', reason: 'answer_not_stored' });
    // Not released: once its lease has run out the key is uncertain, and the events settle it.
    time += 60_000;
    const retried = await handler(post(body));
    expect(retried.status).toBe(202);
    expect(await retried.json()).toEqual({ requestId: '<msg-1@mg.example>' });
    expect(calls).toHaveLength(1);
  });

  it.each([30, 10_000, 10 * 60_000])('claims with a lease longer than the provider timeout (%i ms) for every page of a settle and a send', async (timeoutMs) => {
    const leases: number[] = [];
    const inner = memoryIdempotencyStore();
    const store: IdempotencyStore = {
      ...inner,
      claim: (key, request, now) => {
        leases.push(request.leaseMs);
        return inner.claim(key, request, now);
      },
    };
    const { handler } = relay({ mailgun: { timeoutMs }, idempotency: { store } });
    await handler(post(validBody()));
    expect(leases).toHaveLength(1);
    expect(leases[0]).toBeGreaterThan((MAX_EVENT_PAGES + 1) * timeoutMs);
  });
});
