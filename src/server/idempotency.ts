/**
 * Idempotency keys for the handlers that act on a provider (a message sent, a mandate flow started).
 * A key is bound to a fingerprint of the request it came with, and is claimed with a token and a
 * lease: only the token's holder completes or releases it. When an attempt's outcome is not known
 * (a timeout after the provider may have acted, a crash, a failed `complete`) the key is never
 * released: the next claim is told `uncertain`, and asks the provider before acting again.
 */
import type { StoreDurability } from './store-durability';

/** The answer given to the first request with a key, replayed to every repeat. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

export interface ClaimRequest {
  /** Identifies the request's content (a hash of the validated body); another one with the same key is refused. */
  fingerprint: string;
  /** The caller's random token; the key's holder proves itself with it. */
  token: string;
  /** How long the claim holds without news; longer than the provider's timeout. */
  leaseMs: number;
  /** How long the key (and later its answer) is remembered. */
  ttlMs: number;
}

export type ClaimResult =
  /** The key was free: the caller holds it and may act. */
  | { outcome: 'claimed' }
  /** A stored answer to replay. */
  | { outcome: 'done'; answer: StoredAnswer }
  /** Another holder's lease is still live: wait, or ask again later. */
  | { outcome: 'pending' }
  /**
   * An earlier attempt may have acted (its holder gave up uncertain, or its lease ran out). The
   * caller now holds the key, and must find out from the provider before acting again. `since` is
   * when the latest attempt began, `firstSince` the first one (the provider's records to search
   * start there), in milliseconds since the epoch.
   */
  | { outcome: 'uncertain'; since: number; firstSince: number }
  /** The key came before with another fingerprint. */
  | { outcome: 'mismatch' };

/**
 * Where keys live; a shared store when several instances serve. Every method is one atomic step,
 * and every entry expires.
 */
export interface IdempotencyStore extends StoreDurability {
  claim(key: string, request: ClaimRequest, now: number): Promise<ClaimResult>;
  /** Stores the answer if `token` still holds the key; false otherwise (the answer is then not stored). */
  complete(key: string, token: string, answer: StoredAnswer, ttlMs: number, now: number): Promise<boolean>;
  /** Frees the key if `token` holds it, when nothing was done: a retry may act. */
  release(key: string, token: string, now: number): Promise<boolean>;
  /**
   * Marks the attempt that began at `since` uncertain if `token` holds the key: the provider may
   * have acted, so the next claim gets `uncertain`, never a free key.
   */
  markUncertain(key: string, token: string, since: number, ttlMs: number, now: number): Promise<boolean>;
}

export type IdempotencyEntry =
  | { state: 'pending'; fingerprint: string; token: string; leaseUntil: number; since: number; firstSince: number }
  | { state: 'uncertain'; fingerprint: string; since: number; firstSince: number }
  | { state: 'done'; fingerprint: string; answer: StoredAnswer };

/**
 * The decision every store makes on a claim, from the key's entry: what to answer and what to write
 * (undefined: write nothing). The Redis store runs the same rules in Lua.
 */
export function decideClaim(
  entry: IdempotencyEntry | undefined,
  request: ClaimRequest,
  now: number,
): { result: ClaimResult; write?: IdempotencyEntry } {
  const pending = (firstSince: number): IdempotencyEntry => ({
    state: 'pending',
    fingerprint: request.fingerprint,
    token: request.token,
    leaseUntil: now + request.leaseMs,
    since: now,
    firstSince,
  });
  if (!entry) return { result: { outcome: 'claimed' }, write: pending(now) };
  if (entry.fingerprint !== request.fingerprint) return { result: { outcome: 'mismatch' } };
  if (entry.state === 'done') return { result: { outcome: 'done', answer: entry.answer } };
  if (entry.state === 'pending' && entry.leaseUntil > now) return { result: { outcome: 'pending' } };
  // The new holder may act from now on: a later takeover waits from its attempt, and searches from the first.
  return { result: { outcome: 'uncertain', since: entry.since, firstSince: entry.firstSince }, write: pending(entry.firstSince) };
}

/** Most keys remembered; past it the oldest go first, so memory stays bounded. */
const MAX_KEYS = 50_000;

/** One process's keys: the embedded default, right for one instance. */
export function memoryIdempotencyStore(): IdempotencyStore {
  const entries = new Map<string, { entry: IdempotencyEntry; expiresAt: number }>();
  const live = (key: string, now: number) => {
    const found = entries.get(key);
    if (found && found.expiresAt <= now) entries.delete(key);
    return found && found.expiresAt > now ? found.entry : undefined;
  };
  const put = (key: string, entry: IdempotencyEntry, expiresAt: number) => {
    entries.delete(key);
    entries.set(key, { entry, expiresAt });
    if (entries.size > MAX_KEYS) entries.delete(entries.keys().next().value!);
  };
  const held = (key: string, token: string, now: number) => {
    const entry = live(key, now);
    return entry?.state === 'pending' && entry.token === token ? entry : undefined;
  };
  return {
    async claim(key, request, now) {
      const { result, write } = decideClaim(live(key, now), request, now);
      if (write) put(key, write, now + request.ttlMs);
      return result;
    },
    async complete(key, token, answer, ttlMs, now) {
      const entry = held(key, token, now);
      if (!entry) return false;
      put(key, { state: 'done', fingerprint: entry.fingerprint, answer }, now + ttlMs);
      return true;
    },
    async release(key, token, now) {
      if (!held(key, token, now)) return false;
      entries.delete(key);
      return true;
    },
    async markUncertain(key, token, since, ttlMs, now) {
      const entry = held(key, token, now);
      if (!entry) return false;
      put(key, { state: 'uncertain', fingerprint: entry.fingerprint, since, firstSince: entry.firstSince }, now + ttlMs);
      return true;
    },
  };
}
