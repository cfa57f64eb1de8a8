/**
 * Per-client rate limiting for the reference handlers (issue 5: "rate-limits per client address,
 * in-memory by default, store pluggable"). Fixed windows: simple, and enough to stop a flood.
 */

export interface RateLimitHit {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  resetInMs: number;
}

/** Where the counts live; a shared store (Redis, a KV namespace) when several instances serve. */
export interface RateLimitStore {
  hit(key: string, windowMs: number, now: number): Promise<RateLimitHit>;
}

export interface RateLimitOptions {
  /** Most requests one client may make in a window. */
  limit: number;
  windowMs: number;
  store?: RateLimitStore;
}

/** Most clients remembered; past it the oldest window is dropped, so memory stays bounded. */
const MAX_CLIENTS = 10_000;

/** One process's counts; each instance of a scaled-out deployment counts on its own. */
export function memoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async hit(key, windowMs, now) {
      let entry = windows.get(key);
      if (!entry || entry.endsAt <= now) {
        windows.delete(key);
        entry = { count: 0, endsAt: now + windowMs };
        windows.set(key, entry);
        if (windows.size > MAX_CLIENTS) windows.delete(windows.keys().next().value!);
      }
      entry.count += 1;
      return { count: entry.count, resetInMs: entry.endsAt - now };
    },
  };
}
