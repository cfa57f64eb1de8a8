import { ShopError } from './errors';

/** CART-7: retried up to 3 times with delays doubling from 1 s to 30 s, dropped after 5 minutes unused. */
export const QUERY_RETRIES = 3;
export const RETRY_BASE_DELAY_MS = 1_000;
export const RETRY_MAX_DELAY_MS = 30_000;
export const UNUSED_LIFETIME_MS = 5 * 60_000;

export interface QueryCacheOptions {
  /** Milliseconds since some epoch; tests move it by hand. */
  clock?: () => number;
  /** Waits between tries; tests resolve it at once and record the delays. */
  sleep?: (ms: number) => Promise<void>;
  retries?: number;
}

export interface QueryCache<T> {
  /** The cached value for `key`, or `load()`'s, retried by the spec's rule. */
  get(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** CART-7: 1 s, 2 s, 4 s... capped at 30 s. */
export const retryDelay = (attempt: number) => Math.min(RETRY_BASE_DELAY_MS * 2 ** attempt, RETRY_MAX_DELAY_MS);

/**
 * Failures that a later try may cure (network, timeout, 429, 5xx, throttling). A GraphQL or
 * configuration error would fail the same way again, so it is not retried.
 */
const worthRetrying = (error: unknown) => error instanceof ShopError && error.retryable;

/**
 * Read-only server data with CART-7's cache rule. Callers reading the same key share one load;
 * a failed load is not kept. Mutations never go through here: they are not retried.
 */
export function createQueryCache<T>({ clock = Date.now, sleep = realSleep, retries = QUERY_RETRIES }: QueryCacheOptions = {}): QueryCache<T> {
  const entries = new Map<string, { value: Promise<T>; lastUsed: number }>();

  async function withRetries(load: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await load();
      } catch (error) {
        if (attempt >= retries || !worthRetrying(error)) throw error;
        await sleep(retryDelay(attempt));
      }
    }
  }

  return {
    get(key, load) {
      const now = clock();
      const entry = entries.get(key);
      if (entry && now - entry.lastUsed < UNUSED_LIFETIME_MS) {
        entry.lastUsed = now;
        return entry.value;
      }
      const value = withRetries(load);
      const fresh = { value, lastUsed: now };
      entries.set(key, fresh);
      value.catch(() => {
        if (entries.get(key) === fresh) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
