/**
 * Which order each partner verification prices (docs/decisions/partner-token-prices-one-order.md):
 * per verification (a keyed hash of its single-use shop code, never the code), the key of the one
 * order it was first used for, until the token lapses. Every operation is one atomic step and every
 * entry expires.
 */
import type { StoreDurability } from './store-durability';

export interface PartnerTokenStore extends StoreDurability {
  /**
   * Binds the verification `tokenId` to `orderKey` unless it is bound to another key already, in one
   * step (SET NX): true when it is (now) bound to `orderKey`, false when another order holds it.
   * The binding lasts `ttlMs` (the token's remaining life).
   */
  bind(tokenId: string, orderKey: string, ttlMs: number, now: number): Promise<boolean>;
  /** Frees the verification if `orderKey` holds it: that order did nothing, so another may use it. */
  unbind(tokenId: string, orderKey: string, now: number): Promise<void>;
}

/** Most verifications remembered; past it the oldest go first, so memory stays bounded. */
const MAX_ENTRIES = 50_000;

/** One process's bindings: the default, right for one instance only. */
export function memoryPartnerTokenStore(): PartnerTokenStore {
  const entries = new Map<string, { orderKey: string; expiresAt: number }>();
  const live = (tokenId: string, now: number) => {
    const entry = entries.get(tokenId);
    if (entry && entry.expiresAt <= now) entries.delete(tokenId);
    return entry && entry.expiresAt > now ? entry : undefined;
  };
  return {
    async bind(tokenId, orderKey, ttlMs, now) {
      const entry = live(tokenId, now);
      if (entry) return entry.orderKey === orderKey;
      entries.set(tokenId, { orderKey, expiresAt: now + ttlMs });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      return true;
    },
    async unbind(tokenId, orderKey, now) {
      if (live(tokenId, now)?.orderKey === orderKey) entries.delete(tokenId);
    },
  };
}
