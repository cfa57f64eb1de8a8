// @vitest-environment node
// The Mailgun stand-in behind the demo's relay: the messages API records what the outbox lists and
// each message's custom variables and tags; the events API lists accepted messages in Mailgun's
// documented shape, selected by time, filtered only by the filters Mailgun documents (an undocumented
// parameter such as `user-variables` is ignored), and paged; the delay switch accepts a message and
// then holds its answer back, so the relay's caller sees an unknown outcome.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMailgunStandIn, OUTBOX_FIELDS, type MailgunStandIn } from '../../demo/mail/mailgun-stand-in.mjs';

const ACCOUNT = { apiKey: 'demo-key', domain: 'mg.demo.example' };
const BASE = 'http://mailgun.invalid/v3/mg.demo.example';
const AUTH = { authorization: `Basic ${btoa('api:demo-key')}` };

let standIn: MailgunStandIn;
beforeEach(() => {
  standIn = createMailgunStandIn(ACCOUNT);
});

function message(key: string, extra: Record<string, string> = {}, tags: string[] = []) {
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
  for (const tag of tags) form.append('o:tag', tag);
  return form;
}

const send = (form: FormData, init: RequestInit = {}) =>
  standIn.handle(new Request(`${BASE}/messages`, { method: 'POST', headers: AUTH, body: form, ...init }));

const events = (query: Record<string, string>, headers: Record<string, string> = AUTH) =>
  standIn.handle(new Request(`${BASE}/events?${new URLSearchParams(query)}`, { headers }));

interface EventsPage {
  items: {
    id: string;
    event: string;
    timestamp: number;
    tags: string[];
    'user-variables': Record<string, string>;
    recipient: string;
    message: { headers: Record<string, string>; size: number };
  }[];
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
  it('keeps the outbox to its six fields, and the custom variables and tags for the events', async () => {
    const answer = await send(message('key-a', { 'v:campaign': 'spring' }, ['Spring', 'b2b']));
    expect(answer.status).toBe(200);
    const { id } = (await answer.json()) as { id: string };
    expect(id).toMatch(/^<.+@mg\.demo\.example>$/);
    expect(Object.keys(standIn.messages[0]!)).toEqual([...OUTBOX_FIELDS]);
    const [event] = (await page(events(ALL))).items;
    expect(event).toMatchObject({
      event: 'accepted',
      recipient: 'orders@company.example',
      tags: ['Spring', 'b2b'],
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

  it('ignores user-variables, which Mailgun documents no filter for: every accepted event is listed', async () => {
    for (const value of [JSON.stringify({ 'idempotency-key': 'key-b' }), '{key', '["key-a"]']) {
      expect(keysOf(await page(events({ ...ALL, 'user-variables': value })))).toEqual(['key-a', 'key-b', 'key-c']);
    }
    expect(keysOf(await page(events({ ...ALL, 'v:idempotency-key': 'key-b', campaign: 'x' })))).toEqual(['key-a', 'key-b', 'key-c']);
  });

  it.each<[string, Record<string, string>, string[]]>([
    ['event', { event: 'accepted' }, ['key-a', 'key-b', 'key-c', 'key-d']],
    ['another event', { event: 'delivered' }, []],
    ['from, by the address in the From header', { from: 'other@mg.demo.example' }, ['key-d']],
    ['to, by an address in the To header', { to: 'sales@company.example' }, ['key-d']],
    ['recipient, one event a recipient', { recipient: 'orders@company.example' }, ['key-a', 'key-b', 'key-c', 'key-d']],
    ['recipient, another', { recipient: 'Sales@Company.example' }, ['key-d']],
    ['subject, whole', { subject: 'Another subject' }, ['key-d']],
    ['subject, a part of it', { subject: 'Another' }, []],
    ['tags, whatever their case', { tags: 'SPRING' }, ['key-d']],
    ['message-id, as the messages API gives it', { 'message-id': '<ID-OF-B>' }, ['key-b']],
    ['message-id, without its brackets', { 'message-id': 'ID-OF-B' }, ['key-b']],
    ['size, at least', { size: '>1' }, ['key-a', 'key-b', 'key-c', 'key-d']],
    ['size, a range nothing is in', { size: '>1 <2' }, []],
    ['list (no mailing lists here)', { list: 'all@mg.demo.example' }, []],
    ['attachment (no attachments here)', { attachment: 'spec.pdf' }, []],
    ['severity (failed events only)', { severity: 'permanent' }, []],
    ['two filters together', { to: 'sales@company.example', recipient: 'orders@company.example' }, ['key-d']],
  ])('filters by %s', async (_, filter, keys) => {
    const other = { from: 'Other <other@mg.demo.example>', to: 'Sales <sales@company.example>, orders@company.example', subject: 'Another subject' };
    expect((await send(message('key-d', other, ['Spring']))).status).toBe(200);
    const idOfB = (await page(events(ALL))).items.find((item) => item['user-variables']['idempotency-key'] === 'key-b')!.message.headers['message-id']!;
    const query = Object.fromEntries(Object.entries(filter).map(([name, value]) => [name, value.replace('ID-OF-B', idOfB)]));
    expect([...new Set(keysOf(await page(events({ ...ALL, ...query }))))]).toEqual(keys);
  });

  it('gives each event the size of the message as received', async () => {
    const sizes = (await page(events(ALL))).items.map((item) => item.message.size);
    expect(sizes.every((size) => Number.isInteger(size) && size > 500)).toBe(true);
    const [size] = sizes;
    expect(keysOf(await page(events({ ...ALL, size: String(size) })))).toContain('key-a');
    expect(keysOf(await page(events({ ...ALL, size: `<${size}` })))).not.toContain('key-a');
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
    // Lower bounds and order only: a loaded machine stretches times, never shortens them.
    standIn.delays.set(1000, 1);
    expect(standIn.delays.state()).toEqual({ acceptThenDelayMs: 1000, count: 1 });
    const started = Date.now();
    let answered = false;
    const answer = send(message('key-slow')).finally(() => (answered = true));
    await vi.waitFor(() => expect(standIn.messages).toHaveLength(1), { timeout: 30_000, interval: 5 });
    expect(answered).toBe(false);
    expect((await answer).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    expect(standIn.delays.state()).toEqual({ acceptThenDelayMs: 1000, count: 0 });
    let quickAnswered = false;
    const quick = send(message('key-quick')).finally(() => (quickAnswered = true));
    // Held, it would still be waiting for its second when the slow one's timer would fire.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(quickAnswered).toBe(true);
    expect((await quick).status).toBe(200);
  });

  it('rejects as fetch does when the caller gives up first; the message stays accepted and listed', async () => {
    standIn.delays.set(60_000);
    const answer = send(message('key-given-up'), { signal: AbortSignal.timeout(20) });
    await expect(answer).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(keysOf(await page(events(ALL)))).toEqual(['key-given-up']);
  });

  it('is off at 0', async () => {
    standIn.delays.set(60_000, 3);
    standIn.delays.set(0, 3);
    expect(standIn.delays.state()).toEqual({ acceptThenDelayMs: 0, count: 0 });
    expect((await send(message('key-a'))).status).toBe(200);
  });
});
