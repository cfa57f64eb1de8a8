// The Redis stores through a client shaped like @upstash/redis (forwarding to a real redis-server),
// their readiness check, retention and options; the shared contract is in stores.test.ts.
import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRedis, type RunningRedis } from '../../test/redis-server.mjs';
import type { LogRecord } from './operations';
import { createRedisStores, volatileReason, type NodeRedisClientLike, type UpstashRedisClientLike } from './redis-stores';
import { StoreNotDurableError } from './store-durability';

const connectClient = (url: string) => createClient({ url }).connect();
type Client = Awaited<ReturnType<typeof connectClient>>;

let server: RunningRedis;
let client: Client;

beforeAll(async () => {
  server = await startRedis();
  client = await connectClient(server.url);
});

afterAll(async () => {
  await client?.close();
  await server?.stop();
});

/** @upstash/redis's default: each string of a reply that reads as JSON comes back parsed, unless that changes a number's text. */
function parsedLikeUpstash(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(parsedLikeUpstash);
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'number' && String(parsed) !== value ? value : parsed;
  } catch {
    return value;
  }
}

/** An object with @upstash/redis's `eval(script, keys, args)` and `ping()`, over the node-redis client. */
function upstashShaped(automaticDeserialization: boolean): UpstashRedisClientLike {
  return {
    async eval(script, keys, args) {
      const answer = await client.sendCommand(['EVAL', script, String(keys.length), ...keys, ...args]);
      return automaticDeserialization ? parsedLikeUpstash(answer) : answer;
    },
    ping: () => client.sendCommand(['PING']),
  };
}

const T0 = 1_700_000_000_000;
const ANSWER = { status: 202, body: { requestId: '12345', lines: [[], 'true', '£649.00'] } };

describe.each([true, false])('through an @upstash/redis-shaped client (automaticDeserialization: %s)', (automaticDeserialization) => {
  const stores = createRedisStores({ client: upstashShaped(automaticDeserialization), prefix: `upstash-${automaticDeserialization}:` });

  it('answers PING', async () => {
    await expect(stores.ping()).resolves.toBeUndefined();
  });

  it('claims, completes and replays an idempotency key, and reports a takeover', async () => {
    const request = { fingerprint: 'print', token: 'token-a', leaseMs: 1000, ttlMs: 60_000 };
    expect(await stores.idempotency.claim('done', request, T0)).toEqual({ outcome: 'claimed' });
    expect(await stores.idempotency.complete('done', 'token-a', ANSWER, 60_000, T0 + 1)).toBe(true);
    expect(await stores.idempotency.claim('done', { ...request, token: 'token-b' }, T0 + 2)).toEqual({ outcome: 'done', answer: ANSWER });
    await stores.idempotency.claim('lapsed', request, T0);
    expect(await stores.idempotency.claim('lapsed', { ...request, token: 'token-b' }, T0 + 1000)).toEqual({ outcome: 'uncertain', since: T0, firstSince: T0 });
  });

  it('takes from a rate limit until it refuses', async () => {
    const rule = { limit: 1, windowMs: 60_000 };
    expect(await stores.rateLimit.take('client', rule, T0)).toEqual({ allowed: true, retryAfterMs: 0 });
    expect(await stores.rateLimit.take('client', rule, T0 + 1)).toEqual({ allowed: false, retryAfterMs: 59_999 });
  });

  it('issues, counts and answers partner codes whose shop code reads as JSON', async () => {
    const code = { codeHash: 'hash', discountCode: '12345', attempts: 2, ttlMs: 60_000 };
    await stores.partnerCodes.issue('address', code, T0);
    expect(await stores.partnerCodes.attempt('address', 'other', T0 + 1)).toEqual({ outcome: 'wrong', attemptsLeft: 1 });
    expect(await stores.partnerCodes.attempt('address', 'hash', T0 + 2)).toEqual({ outcome: 'right', discountCode: '12345', created: false });
    expect(await stores.partnerCodes.markCreated('address', 'hash', T0 + 3)).toBe(true);
    expect(await stores.partnerCodes.attempt('address', 'hash', T0 + 4)).toEqual({ outcome: 'right', discountCode: '12345', created: true });
    expect(await stores.partnerCodes.attempt('address', 'other', T0 + 5)).toEqual({ outcome: 'wrong', attemptsLeft: 0 });
    expect(await stores.partnerCodes.attempt('address', 'hash', T0 + 6)).toEqual({ outcome: 'locked' });
    expect(await stores.partnerCodes.attempt('none', 'hash', T0 + 6)).toEqual({ outcome: 'expired' });
  });

  it('binds a partner verification to an order whose key reads as JSON, and frees it', async () => {
    expect(await stores.partnerTokens.bind('verification', '1234567890123456', 60_000, T0)).toBe(true);
    expect(await stores.partnerTokens.bind('verification', '1234567890123456', 60_000, T0 + 1)).toBe(true);
    expect(await stores.partnerTokens.bind('verification', 'true-order-key-0000', 60_000, T0 + 2)).toBe(false);
    await stores.partnerTokens.unbind('verification', '1234567890123456', T0 + 3);
    expect(await stores.partnerTokens.bind('verification', 'true-order-key-0000', 60_000, T0 + 4)).toBe(true);
  });

  it('records a direct-debit outcome and reads it back with ids and a fingerprint that read as JSON', async () => {
    const event = { billingRequestId: '1234', status: 'fulfilled' as const, mandateId: '5678', eventId: 'EV1', at: T0 };
    expect(await stores.directDebit.recordEvent(event)).toBe('unknown');
    await stores.directDebit.saveFlow({ flowId: 'BRF1', billingRequestId: '1234', createdAt: T0, request: '1e5' });
    expect(await stores.directDebit.status('BRF1')).toEqual({ flowId: 'BRF1', billingRequestId: '1234', status: 'pending', createdAt: T0, request: '1e5' });
    expect(await stores.directDebit.recordEvent(event)).toBe('recorded');
    expect(await stores.directDebit.status('BRF1')).toEqual({
      flowId: 'BRF1',
      billingRequestId: '1234',
      status: 'fulfilled',
      mandateId: '5678',
      createdAt: T0,
      request: '1e5',
    });
    expect(await stores.directDebit.status('BRF2')).toBeUndefined();
  });

  it('keeps a draft order whose strings read as JSON exactly', async () => {
    await stores.directDebit.saveFlow({ flowId: 'BRF3', billingRequestId: 'BR3', createdAt: T0, request: 'print' });
    const draft = { id: '42', invoiceUrl: 'https://shop.example/1/invoices/true', dueNow: 25000, financed: 86100, lines: [{ variantId: '7', name: 'null', amount: 59900 }] };
    expect(await stores.directDebit.saveDraftOrder('BRF3', draft)).toEqual(draft);
    expect((await stores.directDebit.status('BRF3'))?.draftOrder).toEqual(draft);
  });
});

/**
 * Runs `write` and expects each of `keys` to expire `ttlMs` after it on Redis's clock (PEXPIRETIME,
 * the same clock as Date.now() here): between `ttlMs` after the write began and `ttlMs` after it
 * ended, however long the write took.
 */
async function expectExpiry(write: () => Promise<unknown>, keys: string[], ttlMs: number) {
  const before = Date.now();
  await write();
  const after = Date.now();
  for (const key of keys) {
    const at = await client.pExpireTime(key);
    expect(at, key).toBeGreaterThanOrEqual(before + ttlMs);
    expect(at, key).toBeLessThanOrEqual(after + ttlMs);
  }
}

describe('partner codes', () => {
  it('lapse on Redis when their time to live has passed', async () => {
    const stores = createRedisStores({ client, prefix: 'partner-ttl:' });
    const issue = () => stores.partnerCodes.issue('address', { codeHash: 'hash', discountCode: 'PARTNER-AAAA', attempts: 5, ttlMs: 600_000 }, T0);
    await expectExpiry(issue, ['partner-ttl:partner-code:address'], 600_000);
  });
});

describe('partner tokens', () => {
  it('lapse on Redis when their token does', async () => {
    const stores = createRedisStores({ client, prefix: 'token-ttl:' });
    await expectExpiry(() => stores.partnerTokens.bind('verification', 'order-key-0123456789', 3_600_000, T0), ['token-ttl:partner-token:verification'], 3_600_000);
  });
});

describe('direct-debit retention', () => {
  it.each([
    { retention: undefined, expected: 35 * 24 * 60 * 60 * 1000 },
    { retention: 60_000, expected: 60_000 },
  ])('keeps flows, outcomes and event ids for $expected ms after their last write', async ({ retention, expected }) => {
    const prefix = `retention-${expected}:`;
    const stores = createRedisStores({ client, prefix, directDebitRetentionMs: retention });
    const write = async () => {
      await stores.directDebit.saveFlow({ flowId: 'BRF1', billingRequestId: 'BR1', createdAt: T0, request: 'print' });
      await stores.directDebit.recordEvent({ billingRequestId: 'BR1', status: 'failed', eventId: 'EV1', at: T0 });
    };
    await expectExpiry(write, ['direct-debit-flow:BRF1', 'direct-debit-billing-request:BR1', 'direct-debit-event:EV1'].map((key) => `${prefix}${key}`), expected);
  });
});

describe('ping', () => {
  it('rejects once Redis cannot be reached', async () => {
    const gone = await startRedis();
    const lost = await connectClient(gone.url);
    lost.on('error', () => {});
    const stores = createRedisStores({ client: lost, pingTimeoutMs: 300 });
    await stores.ping();
    await gone.stop();
    await expect(stores.ping()).rejects.toThrow();
    lost.destroy();
  });
});

describe('durability: INFO persistence', () => {
  let volatile: RunningRedis;
  let volatileClient: Client;
  beforeAll(async () => {
    volatile = await startRedis({ durable: false });
    volatileClient = await connectClient(volatile.url);
  });
  afterAll(async () => {
    await volatileClient?.close();
    await volatile?.stop();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The node-redis client, with the commands it is sent counted by name. */
  function counted(target: Client) {
    const sent: string[] = [];
    const counting: NodeRedisClientLike = {
      sendCommand: (args) => {
        sent.push(args.slice(0, 2).join(' '));
        return target.sendCommand(args);
      },
    };
    return { client: counting, infos: () => sent.filter((command) => command === 'INFO persistence').length };
  }

  it.each([
    ['aof_enabled:1\r\n', undefined],
    ['# Persistence\r\nloading:0\r\naof_enabled:1\r\naof_rewrite_in_progress:0\r\n', undefined],
    ['# Persistence\r\nrdb_changes_since_last_save:3\r\naof_enabled:0\r\n', 'INFO persistence reports aof_enabled:0'],
    ['# Persistence\r\n', 'INFO persistence reports no aof_enabled'],
  ])('reads %j as %s', (info, found) => {
    const reason = volatileReason(info);
    if (found === undefined) expect(reason).toBeUndefined();
    else expect(reason).toMatch(new RegExp(`${found}\\).*appendonly yes.*appendfsync always.*acceptVolatileStore`));
  });

  it('a Redis with an append-only file is durable, asked once for many callers, and every store carries the same check', async () => {
    const { client: probed, infos } = counted(client);
    const log: LogRecord[] = [];
    const stores = createRedisStores({ client: probed, log: (record) => log.push(record) });
    await Promise.all(Array.from({ length: 20 }, () => stores.durable()));
    await stores.idempotency.durable?.();
    expect(infos()).toBe(1);
    for (const store of [stores.idempotency, stores.rateLimit, stores.directDebit, stores.partnerCodes]) expect(store.durable).toBe(stores.durable);
    expect(log).toEqual([]);
  });

  it('a Redis without one is refused with what to set, logged once', async () => {
    const log: LogRecord[] = [];
    const stores = createRedisStores({ client: volatileClient, log: (record) => log.push(record) });
    for (let call = 0; call < 2; call += 1) {
      const refusal = stores.durable();
      await expect(refusal).rejects.toBeInstanceOf(StoreNotDurableError);
      await expect(refusal).rejects.toMatchObject({ code: 'store_not_durable', message: expect.stringContaining('appendonly yes') });
    }
    expect(log).toEqual([{ level: 'error', msg: 'store not durable', reason: 'store_not_durable', error: expect.stringContaining('aof_enabled:0') }]);
  });

  it('notices an append-only file turned off once the verdict is older than durabilityCheckMs', async () => {
    const own = await startRedis();
    const ownClient = await connectClient(own.url);
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      const { client: probed, infos } = counted(ownClient);
      const stores = createRedisStores({ client: probed, durabilityCheckMs: 30_000, log: false });
      await stores.durable();
      await ownClient.configSet('appendonly', 'no');
      vi.advanceTimersByTime(29_000);
      await stores.durable();
      expect(infos()).toBe(1);
      vi.advanceTimersByTime(1_000);
      await expect(stores.durable()).rejects.toThrow(StoreNotDurableError);
      expect(infos()).toBe(2);
    } finally {
      await ownClient.close();
      await own.stop();
    }
  });

  it('logs a change of verdict only: forgetting, then durable again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const answers = ['aof_enabled:1', 'aof_enabled:0', 'aof_enabled:0', 'aof_enabled:1'];
    const scripted: NodeRedisClientLike = { sendCommand: async () => `# Persistence\r\n${answers.shift()}\r\n` };
    const log: LogRecord[] = [];
    const stores = createRedisStores({ client: scripted, durabilityCheckMs: 1000, log: (record) => log.push(record) });
    for (let asked = 0; asked < 4; asked += 1) {
      await stores.durable().catch(() => undefined);
      vi.advanceTimersByTime(1000);
    }
    expect(answers).toEqual([]);
    expect(log.map(({ level, msg }) => `${level} ${msg}`)).toEqual(['error store not durable', 'info store durable']);
  });

  it('a failed question is no verdict: it is thrown, and asked again by the next caller', async () => {
    let fail = true;
    const flaky: NodeRedisClientLike = {
      sendCommand: (args) => (fail && args[0] === 'INFO' ? Promise.reject(new Error('connection lost')) : client.sendCommand(args)),
    };
    const stores = createRedisStores({ client: flaky, log: false });
    await expect(stores.durable()).rejects.toThrow('connection lost');
    fail = false;
    await expect(stores.durable()).resolves.toBeUndefined();
  });

  it('acceptVolatileStore uses a Redis without one unasked, with a warning logged once when the stores are made', async () => {
    const { client: probed, infos } = counted(volatileClient);
    const log: LogRecord[] = [];
    const stores = createRedisStores({ client: probed, acceptVolatileStore: true, log: (record) => log.push(record) });
    await stores.durable();
    await stores.durable();
    expect(infos()).toBe(0);
    expect(log).toEqual([{ level: 'warn', msg: 'volatile store accepted', reason: 'accept_volatile_store', error: expect.stringContaining('sent twice') }]);
  });

  it('an @upstash/redis client is durable unasked: Upstash documents persistence as always on', async () => {
    const stores = createRedisStores({ client: upstashShaped(true), log: false });
    await expect(stores.durable()).resolves.toBeUndefined();
  });
});

describe('options', () => {
  it.each([
    { directDebitRetentionMs: 0 },
    { directDebitRetentionMs: 1.5 },
    { pingTimeoutMs: -1 },
    { durabilityCheckMs: 0 },
  ])('refuses %o', (options) => {
    expect(() => createRedisStores({ client, ...options })).toThrow(RangeError);
  });
});
