/**
 * Whether a handler's stores keep what they are written across their server's restart. A store that
 * forgets an idempotency key, a flow or a code lets the same request act twice, so the handlers that
 * act on a provider refuse to while one of their stores says it would forget
 * (docs/decisions/store-must-be-durable.md).
 */
import { errorResponse } from './http';
import type { RequestNotes } from './operations';

export interface StoreDurability {
  /**
   * Resolves while the store keeps what it is written across a restart of its server (or its
   * deployer accepted one that does not); rejects with a `StoreNotDurableError` while it does not.
   * Absent: the store lives and dies with this process (the memory stores), a single-instance choice.
   */
  durable?(): Promise<void>;
}

/** The store would forget what it is written when its server restarts; the message says what to set. */
export class StoreNotDurableError extends Error {
  readonly code = 'store_not_durable';
  override name = 'StoreNotDurableError';
}

/** Told by its code, so a merchant's own store may reject with an error of its own making. */
const notDurable = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'store_not_durable';

/**
 * A handler's check before it acts: null to go on, else the 503 `store_not_durable` answer with the
 * reason in the request's log line. Each distinct check runs once (stores made together share one);
 * any other failure of a check is thrown, as the store's own operations would throw.
 */
export function durabilityGuard(
  stores: readonly (StoreDurability | undefined)[],
): (notes: RequestNotes, headers: Record<string, string>) => Promise<Response | null> {
  const checks = new Map<NonNullable<StoreDurability['durable']>, StoreDurability>();
  for (const store of stores) if (store?.durable && !checks.has(store.durable)) checks.set(store.durable, store);
  return async (notes, headers) => {
    for (const [check, store] of checks) {
      try {
        await check.call(store);
      } catch (error) {
        if (!notDurable(error)) throw error;
        notes.reason = 'store_not_durable';
        return errorResponse(
          503,
          'store_not_durable',
          'Nothing was sent: the service cannot take requests right now, as its store would not keep them across a restart. Try again later.',
          headers,
        );
      }
    }
    return null;
  };
}
