/**
 * Idempotency keys for the spec-request relay (issue 5: "remembers idempotency keys so a repeat
 * returns the first answer without a second message"). A key is claimed while its message is being
 * sent and holds the answer once sent; a failed send releases it so a retry may send.
 */

/** The answer given to the first request with a key, replayed to every repeat. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

export type IdempotencyEntry = { state: 'pending' } | { state: 'done'; answer: StoredAnswer };

/** Where keys live; a shared store when several instances serve. `claim` must be atomic. */
export interface IdempotencyStore {
  get(key: string, now: number): Promise<IdempotencyEntry | undefined>;
  /** Marks the key pending unless it already has an entry; true when this caller got it. */
  claim(key: string, ttlMs: number, now: number): Promise<boolean>;
  complete(key: string, answer: StoredAnswer, ttlMs: number, now: number): Promise<void>;
  release(key: string): Promise<void>;
}

/** Most keys remembered; past it the oldest go first, so memory stays bounded. */
const MAX_KEYS = 50_000;

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
  return {
    async get(key, now) {
      return live(key, now);
    },
    async claim(key, ttlMs, now) {
      if (live(key, now)) return false;
      put(key, { state: 'pending' }, now + ttlMs);
      return true;
    },
    async complete(key, answer, ttlMs, now) {
      put(key, { state: 'done', answer }, now + ttlMs);
    },
    async release(key) {
      entries.delete(key);
    },
  };
}
