// One contract for the handlers' stores, run against the memory stores and the Redis stores (a real
// redis-server, the official client): the same answers under the same test clock.
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RunningRedis } from '../../test/redis-server.mjs';
import type { DirectDebitDraftOrder, DirectDebitEventUpdate, DirectDebitStore } from './direct-debit-store';
import { memoryDirectDebitStore } from './direct-debit-store';
import type { ClaimRequest, IdempotencyStore, StoredAnswer } from './idempotency';
import { memoryIdempotencyStore } from './idempotency';
import type { PartnerCodeIssue, PartnerCodeStore } from './partner-code-store';
import { memoryPartnerCodeStore } from './partner-code-store';
import type { PartnerTokenStore } from './partner-token-store';
import { memoryPartnerTokenStore } from './partner-token-store';
import type { RateLimitRule, RateLimitStore } from './rate-limit';
import { gcra, memoryRateLimitStore } from './rate-limit';
import { createRedisStores } from './redis-stores';

interface Stores {
  idempotency: IdempotencyStore;
  rateLimit: RateLimitStore;
  directDebit: DirectDebitStore;
  partnerCodes: PartnerCodeStore;
  partnerTokens: PartnerTokenStore;
}

const connectClient = (url: string) => createClient({ url }).connect();
type Client = Awaited<ReturnType<typeof connectClient>>;

let server: RunningRedis;
let clients: [Client, Client];

beforeAll(async () => {
  server = await startRedis();
  clients = [await connectClient(server.url), await connectClient(server.url)];
});

afterAll(async () => {
  await Promise.all(clients?.map((client) => client.close()) ?? []);
  await server?.stop();
});

/**
 * Each kind opens the stores of a namespace through one of two clients: a namespace's stores are
 * one state, whichever client reaches it (for memory, the very same stores). The memory rate limit
 * is bounded below the 20,000 keys a test sends, so its sweeps run.
 */
const MEMORY_RATE_KEYS = 5000;
const memoryNamespaces = new Map<string, Stores>();
const KINDS: { kind: string; open: (namespace: string, client: 0 | 1) => Stores }[] = [
  {
    kind: 'memory',
    open: (namespace) => {
      const found = memoryNamespaces.get(namespace);
      if (found) return found;
      const stores = {
        idempotency: memoryIdempotencyStore(),
        rateLimit: memoryRateLimitStore(MEMORY_RATE_KEYS),
        directDebit: memoryDirectDebitStore(),
        partnerCodes: memoryPartnerCodeStore(),
        partnerTokens: memoryPartnerTokenStore(),
      };
      memoryNamespaces.set(namespace, stores);
      return stores;
    },
  },
  {
    kind: 'redis',
    open: (namespace, client) => createRedisStores({ client: clients[client], prefix: `test:${namespace}:` }),
  },
];

const T0 = 1_700_000_000_000;
const request = (overrides: Partial<ClaimRequest> = {}): ClaimRequest => ({
  fingerprint: 'print-a',
  token: 'token-a',
  leaseMs: 30_000,
  ttlMs: 86_400_000,
  ...overrides,
});
/** An answer whose JSON a lossy store would change: nested and empty arrays, unicode, a long number. */
const ANSWER: StoredAnswer = { status: 202, body: { requestId: 'req-1', lines: [[], {}, ['£649.00 – “Racing Green”']], big: 1234567890123456 } };

describe.each(KINDS)('$kind stores', ({ open }) => {
  let namespaces = 0;
  const fresh = () => open(`ns${++namespaces}`, 0);

  describe('idempotency', () => {
    it('claims a free key, then answers pending to the same request and mismatch to another', async () => {
      const { idempotency } = fresh();
      expect(await idempotency.claim('k', request(), T0)).toEqual({ outcome: 'claimed' });
      expect(await idempotency.claim('k', request({ token: 'token-b' }), T0 + 1)).toEqual({ outcome: 'pending' });
      expect(await idempotency.claim('k', request({ fingerprint: 'print-b', token: 'token-b' }), T0 + 1)).toEqual({ outcome: 'mismatch' });
    });

    it('replays the answer its holder completed with, exactly', async () => {
      const { idempotency } = fresh();
      await idempotency.claim('k', request(), T0);
      expect(await idempotency.complete('k', 'token-a', ANSWER, 86_400_000, T0 + 10)).toBe(true);
      expect(await idempotency.claim('k', request({ token: 'token-b' }), T0 + 20)).toEqual({ outcome: 'done', answer: ANSWER });
      expect(await idempotency.claim('k', request({ fingerprint: 'print-b' }), T0 + 20)).toEqual({ outcome: 'mismatch' });
    });

    it.each([
      { operation: 'complete', act: (store: IdempotencyStore, token: string) => store.complete('k', token, ANSWER, 60_000, T0 + 5) },
      { operation: 'release', act: (store: IdempotencyStore, token: string) => store.release('k', token, T0 + 5) },
      { operation: 'markUncertain', act: (store: IdempotencyStore, token: string) => store.markUncertain('k', token, T0, 60_000, T0 + 5) },
    ])('lets only the holder $operation', async ({ act }) => {
      const { idempotency } = fresh();
      await idempotency.claim('k', request(), T0);
      expect(await act(idempotency, 'token-b')).toBe(false);
      expect(await idempotency.claim('k', request({ token: 'token-c' }), T0 + 6)).toEqual({ outcome: 'pending' });
      expect(await act(idempotency, 'token-a')).toBe(true);
      expect(await act(idempotency, 'token-a')).toBe(false);
    });

    it('frees a released key for the next claim', async () => {
      const { idempotency } = fresh();
      await idempotency.claim('k', request(), T0);
      await idempotency.release('k', 'token-a', T0 + 5);
      expect(await idempotency.claim('k', request({ token: 'token-b' }), T0 + 6)).toEqual({ outcome: 'claimed' });
    });

    it('answers uncertain after markUncertain, with when that attempt began, and the new claimant holds the key', async () => {
      const { idempotency } = fresh();
      await idempotency.claim('k', request(), T0);
      await idempotency.markUncertain('k', 'token-a', T0, 86_400_000, T0 + 5);
      expect(await idempotency.claim('k', request({ token: 'token-b' }), T0 + 10)).toEqual({ outcome: 'uncertain', since: T0, firstSince: T0 });
      expect(await idempotency.claim('k', request({ token: 'token-c' }), T0 + 11)).toEqual({ outcome: 'pending' });
      expect(await idempotency.complete('k', 'token-a', ANSWER, 60_000, T0 + 12)).toBe(false);
      expect(await idempotency.complete('k', 'token-b', ANSWER, 60_000, T0 + 12)).toBe(true);
    });

    it('takes over a lapsed lease as uncertain; a later takeover waits from the new attempt and searches from the first', async () => {
      const { idempotency } = fresh();
      await idempotency.claim('k', request({ leaseMs: 1000 }), T0);
      expect(await idempotency.claim('k', request({ token: 'token-b', leaseMs: 1000 }), T0 + 999)).toEqual({ outcome: 'pending' });
      expect(await idempotency.claim('k', request({ token: 'token-b', leaseMs: 1000 }), T0 + 1000)).toEqual({ outcome: 'uncertain', since: T0, firstSince: T0 });
      expect(await idempotency.claim('k', request({ token: 'token-c', leaseMs: 1000 }), T0 + 2000)).toEqual({ outcome: 'uncertain', since: T0 + 1000, firstSince: T0 });
      expect(await idempotency.release('k', 'token-b', T0 + 2001)).toBe(false);
      expect(await idempotency.release('k', 'token-c', T0 + 2001)).toBe(true);
    });

    it('forgets a key once its time to live has passed on the handlers\' clock', async () => {
      const { idempotency } = fresh();
      await idempotency.claim('k', request({ ttlMs: 5000 }), T0);
      await idempotency.complete('k', 'token-a', ANSWER, 5000, T0 + 100);
      expect(await idempotency.claim('k', request({ token: 'token-b' }), T0 + 5099)).toMatchObject({ outcome: 'done' });
      expect(await idempotency.claim('k', request({ token: 'token-b' }), T0 + 5100)).toEqual({ outcome: 'claimed' });
    });

    it('gives a key to exactly one of many concurrent claims from two clients', async () => {
      const namespace = `race${++namespaces}`;
      const claims = Array.from({ length: 40 }, (_, index) =>
        open(namespace, (index % 2) as 0 | 1).idempotency.claim('k', request({ token: `token-${index}` }), T0),
      );
      const outcomes = (await Promise.all(claims)).map((result) => result.outcome);
      expect(outcomes.filter((outcome) => outcome === 'claimed')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'pending')).toHaveLength(39);
    });
  });

  describe('rate limit (GCRA)', () => {
    const rule: RateLimitRule = { limit: 3, windowMs: 3000 };

    it('allows a burst of the limit, refuses with the wait, then refills one per interval', async () => {
      const { rateLimit } = fresh();
      const steps: [at: number, allowed: boolean, retryAfterMs: number][] = [
        [0, true, 0],
        [0, true, 0],
        [0, true, 0],
        [0, false, 1000],
        [999, false, 1],
        [1000, true, 0],
        [1000, false, 1000],
        [2500, true, 0],
        [2600, false, 400],
        [9000, true, 0],
        [9000, true, 0],
        [9000, true, 0],
        [9000, false, 1000],
      ];
      for (const [at, allowed, retryAfterMs] of steps) {
        expect(await rateLimit.take('client', rule, T0 + at), `at +${at}`).toEqual({ allowed, retryAfterMs });
      }
    });

    it('follows gcra exactly when the interval is not a whole number', async () => {
      const { rateLimit } = fresh();
      const seven: RateLimitRule = { limit: 7, windowMs: 60_000 };
      let stored: number | undefined;
      for (let step = 0; step < 40; step++) {
        const now = T0 + step * 1777;
        const expected = gcra(stored, seven, now);
        if (expected.next !== undefined) stored = expected.next;
        expect(await rateLimit.take('client', seven, now), `step ${step}`).toEqual({
          allowed: expected.allowed,
          retryAfterMs: expected.retryAfterMs,
        });
      }
    });

    // Twenty thousand round trips: a machine busy with other work stretches them far past the default limit.
    it('keeps a limited client limited while 20,000 other keys come and go', async () => {
      const { rateLimit } = fresh();
      const two: RateLimitRule = { limit: 2, windowMs: 60_000 };
      await rateLimit.take('limited', two, T0);
      await rateLimit.take('limited', two, T0);
      for (let batch = 0; batch < 20; batch++) {
        await Promise.all(Array.from({ length: 1000 }, (_, index) => rateLimit.take(`other-${batch}-${index}`, two, T0 + 1)));
      }
      expect(await rateLimit.take('limited', two, T0 + 2)).toEqual({ allowed: false, retryAfterMs: 29_998 });
    }, 120_000);
  });

  describe('direct debit', () => {
    const event = (overrides: Partial<DirectDebitEventUpdate>): DirectDebitEventUpdate => ({
      billingRequestId: 'BR1',
      status: 'fulfilled',
      mandateId: 'MD1',
      eventId: 'EV1',
      at: T0 + 1000,
      ...overrides,
    });

    /** A start request's fingerprint, as the handler keeps it. */
    const PRINT = 'a3f1c09e5b7d2e4f6a8c0b1d3e5f7a9c2b4d6e8f0a1c3e5b7d9f1a3c5e7b9d0f';
    const FLOW = { flowId: 'BRF1', billingRequestId: 'BR1', createdAt: T0, request: PRINT };
    const draft = (id: string): DirectDebitDraftOrder => ({
      id: `gid://shopify/DraftOrder/${id}`,
      invoiceUrl: `https://demo-shop.myshopify.com/46100/invoices/${id}`,
      dueNow: 25_000,
      financed: 86_100,
      lines: [{ variantId: 'gid://shopify/ProductVariant/1', name: 'Charge Point “Racing Green”', amount: 59_900 }],
    });

    it('answers unknown for a billing request no flow started, recording nothing', async () => {
      const { directDebit } = fresh();
      expect(await directDebit.recordEvent(event({}))).toBe('unknown');
      expect(await directDebit.status('BRF1')).toBeUndefined();
      await directDebit.saveFlow(FLOW);
      expect(await directDebit.recordEvent(event({}))).toBe('recorded');
      expect(await directDebit.status('BRF1')).toEqual({ ...FLOW, status: 'fulfilled', mandateId: 'MD1' });
    });

    it('reports a saved flow pending until an event is recorded, with when it started and its request', async () => {
      const { directDebit } = fresh();
      await directDebit.saveFlow(FLOW);
      expect(await directDebit.status('BRF1')).toEqual({ ...FLOW, status: 'pending' });
      expect(await directDebit.status('BRF2')).toBeUndefined();
    });

    it('keeps the first draft order saved for a flow, answers it to every later save, and shows it in the status', async () => {
      const { directDebit } = fresh();
      await directDebit.saveFlow(FLOW);
      await directDebit.recordEvent(event({}));
      expect(await directDebit.saveDraftOrder('BRF1', draft('1'))).toEqual(draft('1'));
      expect(await directDebit.saveDraftOrder('BRF1', draft('2'))).toEqual(draft('1'));
      expect(await directDebit.status('BRF1')).toEqual({ ...FLOW, status: 'fulfilled', mandateId: 'MD1', draftOrder: draft('1') });
    });

    it('saves no draft order for a flow it does not know', async () => {
      const { directDebit } = fresh();
      expect(await directDebit.saveDraftOrder('BRF1', draft('1'))).toBeUndefined();
      await directDebit.saveFlow(FLOW);
      expect(await directDebit.status('BRF1')).not.toHaveProperty('draftOrder');
    });

    it('keeps exactly one of many concurrent draft orders from two clients, and answers it to all', async () => {
      const namespace = `drafts${++namespaces}`;
      await open(namespace, 0).directDebit.saveFlow(FLOW);
      const saves = Array.from({ length: 20 }, (_, index) => open(namespace, (index % 2) as 0 | 1).directDebit.saveDraftOrder('BRF1', draft(String(index))));
      const kept = await Promise.all(saves);
      expect(new Set(kept.map((found) => found?.id)).size).toBe(1);
      expect((await open(namespace, 1).directDebit.status('BRF1'))?.draftOrder).toEqual(kept[0]);
    });

    it('records an event once per event id, and the event that happened last decides', async () => {
      const { directDebit } = fresh();
      await directDebit.saveFlow(FLOW);
      const steps: [DirectDebitEventUpdate, status: string, mandateId: string | undefined][] = [
        [event({ eventId: 'EV1', status: 'fulfilled', at: T0 + 2000 }), 'fulfilled', 'MD1'],
        [event({ eventId: 'EV1', status: 'failed', mandateId: undefined, at: T0 + 9000 }), 'fulfilled', 'MD1'],
        [event({ eventId: 'EV2', status: 'cancelled', mandateId: undefined, at: T0 + 1000 }), 'fulfilled', 'MD1'],
        [event({ eventId: 'EV3', status: 'cancelled', mandateId: undefined, at: T0 + 3000 }), 'cancelled', undefined],
        [event({ eventId: 'EV4', status: 'failed', mandateId: undefined, at: T0 + 3000 }), 'failed', undefined],
      ];
      for (const [update, status, mandateId] of steps) {
        expect(await directDebit.recordEvent(update)).toBe('recorded');
        expect(await directDebit.status('BRF1'), update.eventId).toEqual({ ...FLOW, status, ...(mandateId !== undefined && { mandateId }) });
      }
    });
  });

  describe('partner codes', () => {
    const code = (overrides: Partial<PartnerCodeIssue> = {}): PartnerCodeIssue => ({
      codeHash: 'hash-a',
      discountCode: 'PARTNER-AAAA',
      attempts: 5,
      ttlMs: 600_000,
      ...overrides,
    });

    it('answers a right code with its shop code, costing no attempt, and created once marked', async () => {
      const { partnerCodes } = fresh();
      await partnerCodes.issue('challenge', code(), T0);
      expect(await partnerCodes.attempt('challenge', 'hash-a', T0 + 1)).toEqual({ outcome: 'right', discountCode: 'PARTNER-AAAA', created: false });
      expect(await partnerCodes.markCreated('challenge', 'hash-a', T0 + 2)).toBe(true);
      for (let repeat = 0; repeat < 6; repeat++) {
        expect(await partnerCodes.attempt('challenge', 'hash-a', T0 + 3)).toEqual({ outcome: 'right', discountCode: 'PARTNER-AAAA', created: true });
      }
    });

    it('counts wrong codes down to none, then answers locked, the right code too', async () => {
      const { partnerCodes } = fresh();
      await partnerCodes.issue('challenge', code(), T0);
      for (const attemptsLeft of [4, 3, 2, 1, 0]) {
        expect(await partnerCodes.attempt('challenge', 'hash-x', T0 + 1)).toEqual({ outcome: 'wrong', attemptsLeft });
      }
      expect(await partnerCodes.attempt('challenge', 'hash-x', T0 + 2)).toEqual({ outcome: 'locked' });
      expect(await partnerCodes.attempt('challenge', 'hash-a', T0 + 2)).toEqual({ outcome: 'locked' });
    });

    it('answers expired for no code and for a code past its time, on the handlers\' clock', async () => {
      const { partnerCodes } = fresh();
      expect(await partnerCodes.attempt('challenge', 'hash-a', T0)).toEqual({ outcome: 'expired' });
      await partnerCodes.issue('challenge', code({ ttlMs: 5000 }), T0);
      expect(await partnerCodes.attempt('challenge', 'hash-a', T0 + 4999)).toMatchObject({ outcome: 'right' });
      expect(await partnerCodes.attempt('challenge', 'hash-a', T0 + 5000)).toEqual({ outcome: 'expired' });
      expect(await partnerCodes.markCreated('challenge', 'hash-a', T0 + 5000)).toBe(false);
    });

    it('replaces a code with a newer one: the old code is wrong, the attempts and the shop code are the new one\'s', async () => {
      const { partnerCodes } = fresh();
      await partnerCodes.issue('challenge', code(), T0);
      await partnerCodes.attempt('challenge', 'hash-x', T0 + 1);
      await partnerCodes.markCreated('challenge', 'hash-a', T0 + 1);
      await partnerCodes.issue('challenge', code({ codeHash: 'hash-b', discountCode: 'PARTNER-BBBB' }), T0 + 2);
      expect(await partnerCodes.attempt('challenge', 'hash-a', T0 + 3)).toEqual({ outcome: 'wrong', attemptsLeft: 4 });
      expect(await partnerCodes.markCreated('challenge', 'hash-a', T0 + 3)).toBe(false);
      expect(await partnerCodes.attempt('challenge', 'hash-b', T0 + 3)).toEqual({ outcome: 'right', discountCode: 'PARTNER-BBBB', created: false });
    });

    it('keeps each challenge apart', async () => {
      const { partnerCodes } = fresh();
      await partnerCodes.issue('one', code(), T0);
      expect(await partnerCodes.attempt('two', 'hash-a', T0 + 1)).toEqual({ outcome: 'expired' });
      expect(await partnerCodes.markCreated('two', 'hash-a', T0 + 1)).toBe(false);
    });

    it('counts each of many concurrent wrong attempts from two clients once: five wrong, the rest locked', async () => {
      const namespace = `codes${++namespaces}`;
      await open(namespace, 0).partnerCodes.issue('challenge', code(), T0);
      const attempts = Array.from({ length: 40 }, (_, index) => open(namespace, (index % 2) as 0 | 1).partnerCodes.attempt('challenge', `wrong-${index}`, T0 + 1));
      const results = await Promise.all(attempts);
      const left = results.flatMap((result) => (result.outcome === 'wrong' ? [result.attemptsLeft] : []));
      expect(left.sort()).toEqual([0, 1, 2, 3, 4]);
      expect(results.filter((result) => result.outcome === 'locked')).toHaveLength(35);
    });
  });

  describe('partner tokens', () => {
    it('binds a verification to its first order only, until it lapses on the handlers\' clock', async () => {
      const { partnerTokens } = fresh();
      expect(await partnerTokens.bind('verification', 'order-a', 5000, T0)).toBe(true);
      expect(await partnerTokens.bind('verification', 'order-a', 5000, T0 + 1)).toBe(true);
      expect(await partnerTokens.bind('verification', 'order-b', 5000, T0 + 4999)).toBe(false);
      expect(await partnerTokens.bind('other-verification', 'order-b', 5000, T0 + 1)).toBe(true);
      expect(await partnerTokens.bind('verification', 'order-b', 5000, T0 + 5000)).toBe(true);
    });

    it('frees a verification only for the order that holds it', async () => {
      const { partnerTokens } = fresh();
      await partnerTokens.bind('verification', 'order-a', 5000, T0);
      await partnerTokens.unbind('verification', 'order-b', T0 + 1);
      expect(await partnerTokens.bind('verification', 'order-b', 5000, T0 + 2)).toBe(false);
      await partnerTokens.unbind('verification', 'order-a', T0 + 3);
      expect(await partnerTokens.bind('verification', 'order-b', 5000, T0 + 4)).toBe(true);
    });

    it('lets one of many concurrent orders from two clients have a verification', async () => {
      const namespace = `tokens${++namespaces}`;
      const binds = Array.from({ length: 40 }, (_, index) => open(namespace, (index % 2) as 0 | 1).partnerTokens.bind('verification', `order-${index}`, 60_000, T0));
      const bound = await Promise.all(binds);
      expect(bound.filter(Boolean)).toHaveLength(1);
      const winner = `order-${bound.indexOf(true)}`;
      expect(await open(namespace, 1).partnerTokens.bind('verification', winner, 60_000, T0 + 1)).toBe(true);
    });
  });
});

describe('Redis keys', () => {
  it('are the prefix, the kind and the key, `evc:` by default', async () => {
    const stores = createRedisStores({ client: clients[0] });
    await stores.rateLimit.take('spec-request:203.0.113.9', { limit: 1, windowMs: 1000 }, T0);
    expect(await clients[0].exists('evc:rate-limit:spec-request:203.0.113.9')).toBe(1);
  });

  it('all expire: none is left without a time to live', async () => {
    // One key of every kind that outlives this test however slowly it runs; the contract's keys may have lapsed.
    const { idempotency, rateLimit, directDebit, partnerCodes, partnerTokens } = createRedisStores({ client: clients[0], prefix: 'expiry:' });
    await idempotency.claim('k', request(), T0);
    await rateLimit.take('client', { limit: 2, windowMs: 86_400_000 }, T0);
    await directDebit.saveFlow({ flowId: 'BRF1', billingRequestId: 'BR1', createdAt: T0, request: 'print' });
    await directDebit.recordEvent({ billingRequestId: 'BR1', status: 'fulfilled', mandateId: 'MD1', eventId: 'EV1', at: T0 });
    await partnerCodes.issue('challenge', { codeHash: 'hash-a', discountCode: 'PARTNER-AAAA', attempts: 5, ttlMs: 86_400_000 }, T0);
    await partnerTokens.bind('verification', 'order-a', 86_400_000, T0);
    const keys: string[] = [];
    for await (const batch of clients[0].scanIterator({ COUNT: 1000 })) keys.push(...batch);
    const kinds = ['idempotency', 'rate-limit', 'direct-debit-flow', 'direct-debit-billing-request', 'direct-debit-event', 'partner-code', 'partner-token'];
    expect(kinds.filter((kind) => !keys.some((key) => key.startsWith(`expiry:${kind}:`)))).toEqual([]);
    const times = await Promise.all(keys.map((key) => clients[0].pTTL(key)));
    // PTTL answers -1 for a key without a time to live; -2 for one that expired since the scan, as it should.
    expect(keys.filter((_, index) => times[index] === -1)).toEqual([]);
  });
});
