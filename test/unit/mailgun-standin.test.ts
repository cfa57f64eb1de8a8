// @vitest-environment node
// The Mailgun stand-in behind the demo's relay: the messages API records what the outbox lists and
// each message's custom variables; the events API lists accepted messages in Mailgun's documented
// shape, filtered by time, event and user variables, and paged; the delay switch accepts a message
// and then holds its answer back, so the relay's caller sees an unknown outcome.
import { beforeEach, describe, expect, it } from 'vitest';
import { createMailgunStandIn, OUTBOX_FIELDS, type MailgunStandIn } from '../../demo/mail/mailgun-stand-in.mjs';

const ACCOUNT = { apiKey: 'demo-key', domain: 'mg.demo.example' };
const BASE = 'http://mailgun.invalid/v3/mg.demo.example';
const AUTH = { authorization: `Basic ${btoa('api:demo-key')}` };

let standIn: MailgunStandIn;
beforeEach(() => {
  standIn = createMailgunStandIn(ACCOUNT);
});

function message(key: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  const fields = {
    from: 'Specs <specs@mg.demo.example>',
    to: 'orders@company.example',
    subject: 'Upgrade specification request',
    template: 'upgrade-specification',
    't:variables': '{"title":"Upgrade specification request"}',
    'h:Reply-To': 'sam@home.example',
    'v:idempotency-key': key,
    ...extra,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const send = (form: FormData, init: RequestInit = {}) =>
  standIn.handle(new Request(`${BASE}/messages`, { method: 'POST', headers: AUTH, body: form, ...init }));

const events = (query: Record<string, string>, headers: Record<string, string> = AUTH) =>
  standIn.handle(new Request(`${BASE}/events?${new URLSearchParams(query)}`, { headers }));

interface EventsPage {
  items: { id: string; event: string; timestamp: number; 'user-variables': Record<string, string>; recipient: string; message: { headers: Record<string, string> } }[];
  paging: Record<'first' | 'last' | 'next' | 'previous', string>;
}

const page = async (response: Response | Promise<Response>) => {
  const answer = await response;
  expect(answer.status).toBe(200);
  return (await answer.json()) as EventsPage;
};

const keysOf = (listed: EventsPage) => listed.items.map((item) => item['user-variables']['idempotency-key']);

const ALL = { begin: '0', ascending: 'yes' };

describe('messages API', () => {
  it('keeps the outbox to its six fields, and the custom variables for the events', async () => {
    const answer = await send(message('key-a', { 'v:campaign': 'spring' }));
    expect(answer.status).toBe(200);
    const { id } = (await answer.json()) as { id: string };
    expect(id).toMatch(/^<.+@mg\.demo\.example>$/);
    expect(Object.keys(standIn.messages[0]!)).toEqual([...OUTBOX_FIELDS]);
    const [event] = (await page(events(ALL))).items;
    expect(event).toMatchObject({
      event: 'accepted',
      recipient: 'orders@company.example',
      'user-variables': { 'idempotency-key': 'key-a', campaign: 'spring' },
      message: { headers: { 'message-id': id.slice(1, -1), from: 'Specs <specs@mg.demo.example>', to: 'orders@company.example', subject: 'Upgrade specification request' } },
    });
    expect(Math.abs(event!.timestamp - Date.now() / 1000)).toBeLessThan(5);
  });

  it('lists nothing for a message the failure switch refused', async () => {
    standIn.failures.set(1, 503);
    expect((await send(message('key-a'))).status).toBe(503);
    expect((await page(events(ALL))).items).toEqual([]);
  });
});

describe('events API (GET /v3/{domain}/events)', () => {
  beforeEach(async () => {
    for (const key of ['key-a', 'key-b', 'key-c']) await send(message(key));
  });

  it('filters by user variables: every pair given must match', async () => {
    expect(keysOf(await page(events({ ...ALL, 'user-variables': JSON.stringify({ 'idempotency-key': 'key-b' }) })))).toEqual(['key-b']);
    expect(keysOf(await page(events({ ...ALL, 'user-variables': JSON.stringify({ 'idempotency-key': 'key-b', campaign: 'x' }) })))).toEqual([]);
    expect(keysOf(await page(events({ ...ALL, event: 'delivered' })))).toEqual([]);
    expect(keysOf(await page(events({ ...ALL, event: 'accepted' })))).toEqual(['key-a', 'key-b', 'key-c']);
  });

  it.each([
    ['a range from begin to end', { begin: '0', end: String(Date.now() / 1000 + 60) }, ['key-a', 'key-b', 'key-c']],
    ['an end before begin (descending)', { begin: String(Date.now() / 1000 + 60), end: '0' }, ['key-c', 'key-b', 'key-a']],
    ['begin with ascending=no', { begin: String(Date.now() / 1000 + 60), ascending: 'no' }, ['key-c', 'key-b', 'key-a']],
    ['a range that ends before the messages', { begin: '0', end: '1000' }, []],
    ['a range that begins after them', { begin: String(Date.now() / 1000 + 60), ascending: 'yes' }, []],
  ])('selects by time: %s', async (_, query, keys) => {
    expect(keysOf(await page(events(query)))).toEqual(keys);
  });

  it('pages by limit with next, previous, first and last URLs', async () => {
    const first = await page(events({ ...ALL, limit: '2' }));
    expect(keysOf(first)).toEqual(['key-a', 'key-b']);
    const next = await page(standIn.handle(new Request(first.paging.next, { headers: AUTH })));
    expect(keysOf(next)).toEqual(['key-c']);
    expect(keysOf(await page(standIn.handle(new Request(next.paging.next, { headers: AUTH }))))).toEqual([]);
    expect(keysOf(await page(standIn.handle(new Request(first.paging.previous, { headers: AUTH }))))).toEqual([]);
    expect(keysOf(await page(standIn.handle(new Request(first.paging.last, { headers: AUTH }))))).toEqual(['key-c']);
    expect(keysOf(await page(standIn.handle(new Request(next.paging.first, { headers: AUTH }))))).toEqual(['key-a', 'key-b']);
  });

  it.each([
    ['no end and no direction', { begin: '0' }],
    ['a limit over 300', { ...ALL, limit: '301' }],
    ['a limit of 0', { ...ALL, limit: '0' }],
    ['an ascending that is not yes or no', { begin: '0', ascending: 'up' }],
    ['a begin that is no time', { begin: 'soon', ascending: 'yes' }],
    ['user variables that are not a JSON object', { ...ALL, 'user-variables': '["key-a"]' }],
    ['user variables that are not JSON', { ...ALL, 'user-variables': '{key' }],
  ])('answers 400 to %s', async (_, query) => {
    const answer = await events(query);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toMatch(/'/);
  });

  it('asks for the API key and the demo domain, as for messages', async () => {
    expect((await events(ALL, {})).status).toBe(401);
    expect((await events(ALL, { authorization: `Basic ${btoa('api:other')}` })).status).toBe(401);
    const other = await standIn.handle(new Request('http://mailgun.invalid/v3/other.example/events?begin=0&ascending=yes', { headers: AUTH }));
    expect(other.status).toBe(404);
    expect((await standIn.handle(new Request(`${BASE}/events/not-a-page`, { headers: AUTH }))).status).toBe(404);
  });
});

describe('accept then hold the answer back (the delay switch)', () => {
  it('accepts the message before the answer comes, only for `count` messages', async () => {
    standIn.delays.set(50, 1);
    expect(standIn.delays.state()).toEqual({ acceptThenDelayMs: 50, count: 1 });
    const started = Date.now();
    const answer = send(message('key-slow'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(standIn.messages).toHaveLength(1);
    expect((await answer).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    const quick = Date.now();
    expect((await send(message('key-quick'))).status).toBe(200);
    expect(Date.now() - quick).toBeLessThan(45);
  });

  it('rejects as fetch does when the caller gives up first; the message stays accepted and listed', async () => {
    standIn.delays.set(60_000);
    const answer = send(message('key-given-up'), { signal: AbortSignal.timeout(20) });
    await expect(answer).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(keysOf(await page(events({ ...ALL, 'user-variables': JSON.stringify({ 'idempotency-key': 'key-given-up' }) })))).toEqual(['key-given-up']);
  });

  it('is off at 0', async () => {
    standIn.delays.set(60_000, 3);
    standIn.delays.set(0, 3);
    expect(standIn.delays.state()).toEqual({ acceptThenDelayMs: 0, count: 0 });
    expect((await send(message('key-a'))).status).toBe(200);
  });
});
