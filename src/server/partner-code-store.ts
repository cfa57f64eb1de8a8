/**
 * The partner-discount handler's one-time codes. Per challenge (a keyed hash of its random id, which
 * only the browser that started it knows): the code's keyed hash with the address (never the code
 * nor the address), when it lapses, the attempts left, and the single-use shop code a right attempt
 * earns, chosen when the code is issued so that every repeat of a right attempt answers that same
 * shop code. Every operation is one atomic step and every entry expires.
 */
import type { StoreDurability } from './store-durability';

export interface PartnerCodeIssue {
  /** A keyed SHA-256 of the challenge, the address and the code. */
  codeHash: string;
  /** The shop code a right attempt earns. */
  discountCode: string;
  /** Attempts allowed. */
  attempts: number;
  /** How long the code counts. */
  ttlMs: number;
}

export type PartnerCodeAttempt =
  /** `created`: the shop code was made already (a repeat after a lost answer). */
  | { outcome: 'right'; discountCode: string; created: boolean }
  | { outcome: 'wrong'; attemptsLeft: number }
  /** No attempts left: only a new code helps. */
  | { outcome: 'locked' }
  /** No code, or it has lapsed. */
  | { outcome: 'expired' };

export interface PartnerCodeStore extends StoreDurability {
  /** Stores the code of a new challenge under `key` (an earlier entry under that key is replaced). */
  issue(key: string, code: PartnerCodeIssue, now: number): Promise<void>;
  /**
   * One attempt, decided and counted in one step: `expired` without a live code, `locked` without
   * attempts left, `right` for the code's hash (costing no attempt, so a repeat after a lost answer
   * is answered again), else one attempt fewer and `wrong`.
   */
  attempt(key: string, codeHash: string, now: number): Promise<PartnerCodeAttempt>;
  /** Records that the shop code of the live code `codeHash` exists; false when that code is no longer the key's. */
  markCreated(key: string, codeHash: string, now: number): Promise<boolean>;
}

export interface PartnerCodeEntry {
  codeHash: string;
  discountCode: string;
  attemptsLeft: number;
  created: boolean;
  /** The handler's time the code lapses at. */
  expiresAt: number;
}

/**
 * The decision every store makes on an attempt, from the key's entry (undefined: none): what to
 * answer and the attempts left to write (undefined: write nothing). The Redis store runs it in Lua.
 */
export function decideAttempt(
  entry: PartnerCodeEntry | undefined,
  codeHash: string,
  now: number,
): { result: PartnerCodeAttempt; attemptsLeft?: number } {
  if (!entry || entry.expiresAt <= now) return { result: { outcome: 'expired' } };
  if (entry.attemptsLeft <= 0) return { result: { outcome: 'locked' } };
  if (entry.codeHash === codeHash) return { result: { outcome: 'right', discountCode: entry.discountCode, created: entry.created } };
  const attemptsLeft = entry.attemptsLeft - 1;
  return { result: { outcome: 'wrong', attemptsLeft }, attemptsLeft };
}

/** Most challenges remembered (the handler-wide cap sends far fewer in a code's life); past it the oldest go first, so memory stays bounded. */
const MAX_ENTRIES = 50_000;

/** One process's codes: the default, right for one instance. */
export function memoryPartnerCodeStore(): PartnerCodeStore {
  const entries = new Map<string, PartnerCodeEntry>();
  const live = (key: string, now: number) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now) entries.delete(key);
    return entry && entry.expiresAt > now ? entry : undefined;
  };
  return {
    async issue(key, { codeHash, discountCode, attempts, ttlMs }, now) {
      entries.delete(key);
      entries.set(key, { codeHash, discountCode, attemptsLeft: attempts, created: false, expiresAt: now + ttlMs });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    },
    async attempt(key, codeHash, now) {
      const entry = live(key, now);
      const { result, attemptsLeft } = decideAttempt(entry, codeHash, now);
      if (entry && attemptsLeft !== undefined) entry.attemptsLeft = attemptsLeft;
      return result;
    },
    async markCreated(key, codeHash, now) {
      const entry = live(key, now);
      if (entry?.codeHash !== codeHash) return false;
      entry.created = true;
      return true;
    },
  };
}
