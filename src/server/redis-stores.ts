/**
 * The handlers' shared stores on Redis: idempotency keys, rate-limit times, direct-debit flows (with
 * their draft orders), partner-discount codes and the order each partner verification prices,
 * so several instances (or a serverless platform) see one state. Each operation is one Lua script
 * (EVAL), so it is one atomic step; the times are the handlers' `now`, as in the memory stores, so
 * both behave alike under a test clock. Every key expires. Keys are `${prefix}${kind}:${key}`.
 * One Redis primary, not Redis Cluster: a direct-debit status reads the billing request's key that
 * its flow names, and some scripts write two keys that Cluster would place apart. A Redis that would
 * forget them on restart is refused (docs/decisions/store-must-be-durable.md).
 */
import type { DirectDebitDraftOrder, DirectDebitFlowStatus, DirectDebitStatus, DirectDebitStore } from './direct-debit-store';
import type { IdempotencyStore, StoredAnswer } from './idempotency';
import type { Logger } from './operations';
import { jsonLogger, safely } from './operations';
import type { PartnerCodeStore } from './partner-code-store';
import type { PartnerTokenStore } from './partner-token-store';
import type { RateLimitStore } from './rate-limit';
import { StoreNotDurableError } from './store-durability';

/** The official `redis` client (node-redis): any command as an array of strings. */
export interface NodeRedisClientLike {
  sendCommand(args: string[]): Promise<unknown>;
}

/**
 * `@upstash/redis`: a script with its keys and arguments, and PING. Upstash documents persistence
 * as always on, so its stores count as durable unprobed.
 */
export interface UpstashRedisClientLike {
  eval(script: string, keys: string[], args: string[]): Promise<unknown>;
  ping(): Promise<unknown>;
}

/** All the stores ask of a client: EVAL and PING (and INFO, from node-redis). */
export type RedisClientLike = NodeRedisClientLike | UpstashRedisClientLike;

export interface RedisStoresOptions {
  client: RedisClientLike;
  /** Starts every key, so other data can share the database; default `evc:`. */
  prefix?: string;
  /**
   * How long direct-debit flows, outcomes and event ids are kept after their last write; default
   * 35 days, time for the merchant to check a flow before fulfilling and for late webhooks.
   */
  directDebitRetentionMs?: number;
  /** How long `ping` waits for Redis's answer before it rejects; default 2 seconds. */
  pingTimeoutMs?: number;
  /**
   * Use this Redis even when it would forget what it is written on restart (no append-only file),
   * so a request retried across a Redis restart may be acted on twice; logged as a warning once,
   * here. Default false: the handlers then answer 503 `store_not_durable` and send nothing.
   */
  acceptVolatileStore?: boolean;
  /** How long a durability verdict (`INFO persistence`) is reused before Redis is asked again; default 30 seconds. */
  durabilityCheckMs?: number;
  /** Where the accepted volatile store and a change of durability are logged; default JSON lines on standard output, `false` for none. */
  log?: Logger | false;
}

export interface RedisStores {
  idempotency: IdempotencyStore;
  rateLimit: RateLimitStore;
  directDebit: DirectDebitStore;
  partnerCodes: PartnerCodeStore;
  partnerTokens: PartnerTokenStore;
  /** Resolves when Redis answers PING; rejects when it cannot be reached (a readiness check). */
  ping(): Promise<void>;
  /**
   * Resolves while Redis keeps what it is written across a restart (`aof_enabled:1`), or a volatile
   * store was accepted; rejects with a `StoreNotDurableError` saying what to set otherwise (a
   * readiness check, and each store's `durable`).
   */
  durable(): Promise<void>;
}

const DAY = 24 * 60 * 60 * 1000;
const DEFAULT_PREFIX = 'evc:';
const DEFAULT_RETENTION = 35 * DAY;
const DEFAULT_PING_TIMEOUT = 2000;
const DEFAULT_DURABILITY_CHECK = 30_000;

/** Numbers written exactly: Lua's own tostring keeps only 14 digits. */
const FORMAT = `local function fmt(n) return string.format('%.17g', n) end\n`;

/**
 * An idempotency key is a hash of its entry's fields (`IdempotencyEntry`) and `expiresAt`, the
 * handlers' time it lapses at; PEXPIRE removes it at about that time on Redis's clock.
 */
const IDEMPOTENCY_ENTRY = `${FORMAT}
local function live(key, now)
  local e = redis.call('HMGET', key, 'state', 'fingerprint', 'token', 'leaseUntil', 'since', 'answer', 'expiresAt', 'firstSince')
  if not e[1] or tonumber(e[7]) <= now then return nil end
  return { state = e[1], fingerprint = e[2], token = e[3], leaseUntil = tonumber(e[4]), since = e[5], answer = e[6], firstSince = e[8] }
end
local function held(key, token, now)
  local entry = live(key, now)
  if entry and entry.state == 'pending' and entry.token == token then return entry end
  return nil
end
local function put(key, now, ttl, ...)
  redis.call('DEL', key)
  redis.call('HSET', key, 'expiresAt', fmt(now + ttl), ...)
  redis.call('PEXPIRE', key, fmt(math.ceil(ttl)))
end
`;

/** `decideClaim`'s rules. ARGV: fingerprint, token, leaseMs, ttlMs, now. */
const CLAIM = `${IDEMPOTENCY_ENTRY}
local key, fingerprint, token = KEYS[1], ARGV[1], ARGV[2]
local leaseMs, ttlMs, now = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local entry = live(key, now)
local function hold(firstSince)
  put(key, now, ttlMs, 'state', 'pending', 'fingerprint', fingerprint, 'token', token,
    'leaseUntil', fmt(now + leaseMs), 'since', ARGV[5], 'firstSince', firstSince)
end
if not entry then hold(ARGV[5]) return { 'claimed' } end
if entry.fingerprint ~= fingerprint then return { 'mismatch' } end
if entry.state == 'done' then return { 'done', entry.answer } end
if entry.state == 'pending' and entry.leaseUntil > now then return { 'pending' } end
hold(entry.firstSince)
return { 'uncertain', entry.since, entry.firstSince }
`;

/** ARGV: token, answer (JSON), ttlMs, now. */
const COMPLETE = `${IDEMPOTENCY_ENTRY}
local now = tonumber(ARGV[4])
local entry = held(KEYS[1], ARGV[1], now)
if not entry then return 0 end
put(KEYS[1], now, tonumber(ARGV[3]), 'state', 'done', 'fingerprint', entry.fingerprint, 'answer', ARGV[2])
return 1
`;

/** ARGV: token, now. */
const RELEASE = `${IDEMPOTENCY_ENTRY}
if not held(KEYS[1], ARGV[1], tonumber(ARGV[2])) then return 0 end
redis.call('DEL', KEYS[1])
return 1
`;

/** ARGV: token, since, ttlMs, now. */
const MARK_UNCERTAIN = `${IDEMPOTENCY_ENTRY}
local now = tonumber(ARGV[4])
local entry = held(KEYS[1], ARGV[1], now)
if not entry then return 0 end
put(KEYS[1], now, tonumber(ARGV[3]), 'state', 'uncertain', 'fingerprint', entry.fingerprint, 'since', ARGV[2],
  'firstSince', entry.firstSince)
return 1
`;

/**
 * `gcra`'s arithmetic; the key holds the theoretical arrival time and expires when it has passed.
 * ARGV: limit, windowMs, now. Answers { allowed (1 or 0), retryAfterMs }.
 */
const TAKE = `${FORMAT}
local limit, window, now = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local stored = tonumber(redis.call('GET', KEYS[1]) or '')
local nextTime = math.max(stored or now, now) + window / limit
local excess = nextTime - now - window
if excess > 0 then return { 0, math.ceil(excess) } end
redis.call('SET', KEYS[1], fmt(nextTime), 'PX', fmt(math.ceil(nextTime - now)))
return { 1, 0 }
`;

/**
 * The flow's record, and the billing request's (which flow started it; later its outcome).
 * KEYS: flow, billing request. ARGV: billingRequestId, createdAt, flowId, retentionMs, request.
 */
const SAVE_FLOW = `
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'billingRequest', ARGV[1], 'createdAt', ARGV[2], 'request', ARGV[5])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('HSET', KEYS[2], 'flow', ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 1
`;

/**
 * Once per event id; the event that happened last decides. KEYS: billing request, event id.
 * ARGV: status, at, retentionMs, mandateId (absent: none).
 */
const RECORD_EVENT = `
if redis.call('HEXISTS', KEYS[1], 'flow') == 0 then return 'unknown' end
if not redis.call('SET', KEYS[2], '1', 'NX', 'PX', ARGV[3]) then return 'recorded' end
local latest = redis.call('HGET', KEYS[1], 'at')
if latest and tonumber(latest) > tonumber(ARGV[2]) then return 'recorded' end
redis.call('HSET', KEYS[1], 'status', ARGV[1], 'at', ARGV[2])
if ARGV[4] then redis.call('HSET', KEYS[1], 'mandate', ARGV[4]) else redis.call('HDEL', KEYS[1], 'mandate') end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 'recorded'
`;

/**
 * KEYS: flow. ARGV: the billing-request keys' prefix. Answers nil (no such flow) or { billingRequestId,
 * status, createdAt, request, mandateId or nil, draft order (JSON) or nil }; a flow saved before requests
 * were fingerprinted has the request '', which no checkout matches.
 */
const STATUS = `
local flow = redis.call('HMGET', KEYS[1], 'billingRequest', 'createdAt', 'request', 'draftOrder')
if not flow[1] then return false end
local outcome = redis.call('HMGET', ARGV[1] .. flow[1], 'status', 'mandate')
return { flow[1], outcome[1] or 'pending', flow[2], flow[3] or '', outcome[2] or false, flow[4] or false }
`;

/**
 * The first draft order saved for a flow stays; it and its billing request are kept for the
 * retention from then. KEYS: flow. ARGV: the draft (JSON), retentionMs, the billing-request keys'
 * prefix. Answers the kept draft (JSON), or nil when no such flow.
 */
const SAVE_DRAFT_ORDER = `
local flow = redis.call('HMGET', KEYS[1], 'billingRequest', 'draftOrder')
if not flow[1] then return false end
if flow[2] then return flow[2] end
redis.call('HSET', KEYS[1], 'draftOrder', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', ARGV[3] .. flow[1], ARGV[2])
return ARGV[1]
`;

/**
 * A partner code is a hash of `PartnerCodeEntry`'s fields under its challenge; PEXPIRE removes it when it lapses.
 * ARGV: codeHash, discountCode, attempts, ttlMs, now.
 */
const ISSUE_CODE = `${FORMAT}
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'codeHash', ARGV[1], 'discountCode', ARGV[2], 'attemptsLeft', ARGV[3], 'created', '0',
  'expiresAt', fmt(tonumber(ARGV[5]) + tonumber(ARGV[4])))
redis.call('PEXPIRE', KEYS[1], fmt(math.ceil(tonumber(ARGV[4]))))
return 1
`;

/** `decideAttempt`'s rules. ARGV: codeHash, now. Answers { outcome, discountCode or attemptsLeft, created }. */
const ATTEMPT_CODE = `
local e = redis.call('HMGET', KEYS[1], 'codeHash', 'discountCode', 'attemptsLeft', 'created', 'expiresAt')
if not e[1] or tonumber(e[5]) <= tonumber(ARGV[2]) then return { 'expired' } end
local left = tonumber(e[3])
if left <= 0 then return { 'locked' } end
if e[1] == ARGV[1] then return { 'right', e[2], e[4] } end
redis.call('HSET', KEYS[1], 'attemptsLeft', left - 1)
return { 'wrong', left - 1 }
`;

/** ARGV: codeHash, now. */
const MARK_CREATED = `
local e = redis.call('HMGET', KEYS[1], 'codeHash', 'expiresAt')
if e[1] ~= ARGV[1] or tonumber(e[2]) <= tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], 'created', '1')
return 1
`;

/**
 * A verification's order, and `expiresAt`, the handlers' time it lapses at; SET NX as the handlers'
 * clock sees it. ARGV: orderKey, ttlMs, now. Answers 1 when the order holds it.
 */
const BIND_TOKEN = `${FORMAT}
local now = tonumber(ARGV[3])
local e = redis.call('HMGET', KEYS[1], 'order', 'expiresAt')
if e[1] and tonumber(e[2]) > now then return e[1] == ARGV[1] and 1 or 0 end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'order', ARGV[1], 'expiresAt', fmt(now + tonumber(ARGV[2])))
redis.call('PEXPIRE', KEYS[1], fmt(math.ceil(tonumber(ARGV[2]))))
return 1
`;

/** ARGV: orderKey, now. */
const UNBIND_TOKEN = `
local e = redis.call('HMGET', KEYS[1], 'order', 'expiresAt')
if e[1] == ARGV[1] and tonumber(e[2]) > tonumber(ARGV[2]) then redis.call('DEL', KEYS[1]) end
return 1
`;

interface ScriptRunner {
  run(script: string, keys: string[], args: string[]): Promise<unknown>;
  ping(): Promise<unknown>;
  /** `INFO persistence`'s text; absent for a client whose service is durable by design. */
  persistence?: () => Promise<unknown>;
}

/** node-redis is told by its `sendCommand`; `@upstash/redis` has none (its `eval` differs from node-redis's). */
function runnerFor(client: RedisClientLike): ScriptRunner {
  if ('sendCommand' in client) {
    return {
      run: (script, keys, args) => client.sendCommand(['EVAL', script, String(keys.length), ...keys, ...args]),
      ping: () => client.sendCommand(['PING']),
      persistence: () => client.sendCommand(['INFO', 'persistence']),
    };
  }
  return { run: (script, keys, args) => client.eval(script, keys, args), ping: () => client.ping() };
}

/** What to set, in every refusal's message and log line. */
const PERSISTENCE_ADVICE =
  'set appendonly yes with appendfsync always (or everysec), or pass acceptVolatileStore: true to createRedisStores to accept a Redis that forgets';

/**
 * Why `INFO persistence`'s text shows a Redis that forgets on restart, or undefined when its
 * append-only file is on. CONFIG is often disabled on managed Redis; INFO is not.
 */
export function volatileReason(info: string): string | undefined {
  const aof = /^aof_enabled:(\d+)\r?$/m.exec(info)?.[1];
  if (aof === '1') return undefined;
  const found = aof === undefined ? 'reports no aof_enabled' : `reports aof_enabled:${aof}`;
  return `Redis would forget what the handlers write when it restarts (INFO persistence ${found}): ${PERSISTENCE_ADVICE}.`;
}

/**
 * `@upstash/redis` by default parses each string of a reply that reads as JSON (it keeps a number's
 * text when parsing would change it), so a reply's strings come back either way: these read both.
 */
const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));
const asJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);
const reply = (value: unknown): unknown[] => {
  if (!Array.isArray(value)) throw new TypeError(`Redis answered a script with ${typeof value}, not an array.`);
  return value;
};

function positive(name: string, value: number): number {
  if (!(Number.isInteger(value) && value > 0)) throw new RangeError(`${name} must be a whole number above 0.`);
  return value;
}

/** The stores on one Redis client, and its readiness check. */
export function createRedisStores(options: RedisStoresOptions): RedisStores {
  const redis = runnerFor(options.client);
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const retention = String(positive('directDebitRetentionMs', options.directDebitRetentionMs ?? DEFAULT_RETENTION));
  const pingTimeout = positive('pingTimeoutMs', options.pingTimeoutMs ?? DEFAULT_PING_TIMEOUT);
  const durable = durabilityProbe(redis, options);
  const keyOf = (kind: string) => (key: string) => `${prefix}${kind}:${key}`;
  const idempotencyKey = keyOf('idempotency');
  const rateLimitKey = keyOf('rate-limit');
  const flowKey = keyOf('direct-debit-flow');
  const billingRequestKey = keyOf('direct-debit-billing-request');
  const eventKey = keyOf('direct-debit-event');
  const partnerCodeKey = keyOf('partner-code');
  const partnerTokenKey = keyOf('partner-token');
  // Complete, release and markUncertain answer 1 when the token held the key (and the script acted).
  const asHolder = async (script: string, key: string, args: (string | number)[]) =>
    (await redis.run(script, [idempotencyKey(key)], args.map(String))) === 1;

  const idempotency: IdempotencyStore = {
    durable,
    async claim(key, request, now) {
      const args = [request.fingerprint, request.token, request.leaseMs, request.ttlMs, now].map(String);
      const [outcome, value, firstSince] = reply(await redis.run(CLAIM, [idempotencyKey(key)], args));
      switch (outcome) {
        case 'claimed':
        case 'pending':
        case 'mismatch':
          return { outcome };
        case 'done':
          return { outcome, answer: asJson(value) as StoredAnswer };
        case 'uncertain':
          return { outcome, since: Number(value), firstSince: Number(firstSince) };
        default:
          throw new TypeError(`Redis answered a claim with ${String(outcome)}.`);
      }
    },
    complete: (key, token, answer, ttlMs, now) => asHolder(COMPLETE, key, [token, JSON.stringify(answer), ttlMs, now]),
    release: (key, token, now) => asHolder(RELEASE, key, [token, now]),
    markUncertain: (key, token, since, ttlMs, now) => asHolder(MARK_UNCERTAIN, key, [token, since, ttlMs, now]),
  };

  const rateLimit: RateLimitStore = {
    durable,
    async take(key, rule, now) {
      const args = [rule.limit, rule.windowMs, now].map(String);
      const [allowed, retryAfterMs] = reply(await redis.run(TAKE, [rateLimitKey(key)], args));
      return { allowed: allowed === 1, retryAfterMs: Number(retryAfterMs) };
    },
  };

  const directDebit: DirectDebitStore = {
    durable,
    async saveFlow(record) {
      const keys = [flowKey(record.flowId), billingRequestKey(record.billingRequestId)];
      await redis.run(SAVE_FLOW, keys, [record.billingRequestId, String(record.createdAt), record.flowId, retention, record.request]);
    },
    async recordEvent(update) {
      const keys = [billingRequestKey(update.billingRequestId), eventKey(update.eventId)];
      const args = [update.status, String(update.at), retention];
      if (update.mandateId !== undefined) args.push(update.mandateId);
      return (await redis.run(RECORD_EVENT, keys, args)) === 'unknown' ? 'unknown' : 'recorded';
    },
    async status(flowId) {
      const answer = await redis.run(STATUS, [flowKey(flowId)], [billingRequestKey('')]);
      if (answer === null || answer === undefined) return undefined;
      const [billingRequestId, status, createdAt, request, mandateId, draftOrder] = reply(answer);
      const found: DirectDebitFlowStatus = {
        flowId,
        billingRequestId: asText(billingRequestId),
        status: asText(status) as DirectDebitStatus,
        createdAt: Number(asText(createdAt)),
        request: asText(request),
      };
      if (mandateId !== null && mandateId !== undefined) found.mandateId = asText(mandateId);
      if (draftOrder !== null && draftOrder !== undefined) found.draftOrder = asJson(draftOrder) as DirectDebitDraftOrder;
      return found;
    },
    async saveDraftOrder(flowId, draft) {
      const kept = await redis.run(SAVE_DRAFT_ORDER, [flowKey(flowId)], [JSON.stringify(draft), retention, billingRequestKey('')]);
      return kept === null || kept === undefined ? undefined : (asJson(kept) as DirectDebitDraftOrder);
    },
  };

  const partnerCodes: PartnerCodeStore = {
    durable,
    async issue(key, { codeHash, discountCode, attempts, ttlMs }, now) {
      await redis.run(ISSUE_CODE, [partnerCodeKey(key)], [codeHash, discountCode, String(attempts), String(ttlMs), String(now)]);
    },
    async attempt(key, codeHash, now) {
      const [outcome, value, created] = reply(await redis.run(ATTEMPT_CODE, [partnerCodeKey(key)], [codeHash, String(now)]));
      switch (outcome) {
        case 'expired':
        case 'locked':
          return { outcome };
        case 'right':
          return { outcome, discountCode: asText(value), created: asText(created) === '1' };
        case 'wrong':
          return { outcome, attemptsLeft: Number(value) };
        default:
          throw new TypeError(`Redis answered a code attempt with ${String(outcome)}.`);
      }
    },
    markCreated: async (key, codeHash, now) => (await redis.run(MARK_CREATED, [partnerCodeKey(key)], [codeHash, String(now)])) === 1,
  };

  const partnerTokens: PartnerTokenStore = {
    durable,
    bind: async (tokenId, orderKey, ttlMs, now) =>
      (await redis.run(BIND_TOKEN, [partnerTokenKey(tokenId)], [orderKey, String(ttlMs), String(now)])) === 1,
    async unbind(tokenId, orderKey, now) {
      await redis.run(UNBIND_TOKEN, [partnerTokenKey(tokenId)], [orderKey, String(now)]);
    },
  };

  async function ping(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer PING within ${pingTimeout} ms.`)), pingTimeout);
    });
    try {
      await Promise.race([redis.ping(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  return { idempotency, rateLimit, directDebit, partnerCodes, partnerTokens, ping, durable };
}

/**
 * The stores' durability check: `INFO persistence` at most once per `durabilityCheckMs` (callers
 * meanwhile share the verdict, or the question in flight), so a Redis whose append-only file is
 * turned off is noticed within that time without a round trip per request. A verdict is logged
 * when it changes; a failed question is no verdict and is thrown to its callers.
 */
function durabilityProbe(redis: ScriptRunner, options: RedisStoresOptions): () => Promise<void> {
  const log = options.log === false ? undefined : (options.log ?? jsonLogger);
  const checkMs = positive('durabilityCheckMs', options.durabilityCheckMs ?? DEFAULT_DURABILITY_CHECK);
  const { persistence } = redis;
  if (options.acceptVolatileStore) {
    safely(log, {
      level: 'warn',
      msg: 'volatile store accepted',
      reason: 'accept_volatile_store',
      error: 'acceptVolatileStore is set: Redis durability is not checked, and a request retried across a Redis restart that lost its writes may be sent twice.',
    });
    return async () => undefined;
  }
  if (!persistence) return async () => undefined;
  let verdict: { reason: string | undefined; until: number } | undefined;
  let asking: Promise<string | undefined> | undefined;
  let logged: string | undefined;
  const ask = async () => {
    try {
      const reason = volatileReason(String(await persistence()));
      verdict = { reason, until: Date.now() + checkMs };
      if (reason !== logged) {
        safely(
          log,
          reason === undefined
            ? { level: 'info', msg: 'store durable', reason: 'aof_enabled' }
            : { level: 'error', msg: 'store not durable', reason: 'store_not_durable', error: reason },
        );
        logged = reason;
      }
      return reason;
    } finally {
      asking = undefined;
    }
  };
  return async () => {
    const reason = verdict && Date.now() < verdict.until ? verdict.reason : await (asking ??= ask());
    if (reason !== undefined) throw new StoreNotDurableError(reason);
  };
}
