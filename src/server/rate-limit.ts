/**
 * Rate limits for the reference handlers, by the generic cell rate algorithm (GCRA): each key keeps
 * one time, the "theoretical arrival time", so a client gets `limit` requests in any `windowMs`
 * (a burst of `limit`, then one every `windowMs / limit`), with no window boundary to double up on.
 */
import type { StoreDurability } from './store-durability';

export interface RateLimitRule {
  /** Most requests in any `windowMs`. */
  limit: number;
  windowMs: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** When refused: milliseconds until one more request would be allowed. */
  retryAfterMs: number;
}

/** Where the times live; a shared store (Redis) when several instances serve. `take` is one atomic step. */
export interface RateLimitStore extends StoreDurability {
  /** Counts one request against `key` if the rule allows it; a refused request is not counted. */
  take(key: string, rule: RateLimitRule, now: number): Promise<RateLimitDecision>;
}

export interface RateLimitOptions extends RateLimitRule {
  store?: RateLimitStore;
}

/**
 * GCRA's step, shared by every store (the Redis store runs the same arithmetic in Lua): from the
 * key's stored time (undefined: never seen or expired), the decision and the time to store.
 */
export function gcra(stored: number | undefined, rule: RateLimitRule, now: number): RateLimitDecision & { next?: number } {
  const interval = rule.windowMs / rule.limit;
  const next = Math.max(stored ?? now, now) + interval;
  const excess = next - now - rule.windowMs;
  return excess > 0 ? { allowed: false, retryAfterMs: Math.ceil(excess) } : { allowed: true, retryAfterMs: 0, next };
}

/** Most keys remembered before a sweep; a sweep drops the keys closest to being forgotten first. */
const MAX_KEYS = 100_000;

/**
 * One process's times. Bounded without forgetting the clients that matter: a sweep first drops keys
 * whose time has passed (they hold nothing), then the ones nearest to it, never a limited client
 * while a less limited one remains.
 */
export function memoryRateLimitStore(maxKeys = MAX_KEYS): RateLimitStore {
  const times = new Map<string, number>();
  function sweep(now: number) {
    for (const [key, time] of times) if (time <= now) times.delete(key);
    if (times.size < maxKeys) return;
    const sorted = [...times].sort((a, b) => a[1] - b[1]);
    for (const [key] of sorted.slice(0, Math.ceil(maxKeys / 10))) times.delete(key);
  }
  return {
    async take(key, rule, now) {
      const decision = gcra(times.get(key), rule, now);
      if (decision.next === undefined) return { allowed: false, retryAfterMs: decision.retryAfterMs };
      if (!times.has(key) && times.size >= maxKeys) sweep(now);
      times.set(key, decision.next);
      return { allowed: true, retryAfterMs: 0 };
    },
  };
}
