import * as v from 'valibot';
import { IdempotencyKeySchema } from '../domain/schemas/fields';
import type { StartKey } from '../services/direct-debit';
import type { KeyValueStorage } from './persistence';
import { readSaved, writeSaved } from './persistence';
import { randomRequestKey } from './request-key';

/**
 * The idempotency key of the direct-debit start: one per page session and request, so a
 * retry after a failure, or after a reload, sends the same key and the handler hands back the flow
 * it started rather than a second one. A changed request gets a new key. The key is saved in the
 * session's storage under `evc:{storageKey}:direct-debit`; the request it was sent with (the date
 * of birth in it) stays in memory, so after a reload the handler tells a changed request apart
 * (`idempotency_key_reused`, and `renew`).
 */
export function directDebitKey(storage: KeyValueStorage | undefined, storageKey: string, newKey: () => string = randomRequestKey): StartKey {
  const name = `evc:${storageKey}:direct-debit`;
  let key = readSaved(storage, name, (data) => (v.is(IdempotencyKeySchema, data) ? data : undefined));
  /** What the key was last sent with in this page; unknown for a key read back after a reload. */
  let sentWith: string | undefined;
  const renew = () => {
    key = newKey();
    sentWith = undefined;
    writeSaved(storage, name, key);
    return key;
  };
  return {
    keyFor(content) {
      const current = key === undefined || (sentWith !== undefined && sentWith !== content) ? renew() : key;
      sentWith = content;
      return current;
    },
    renew: () => void renew(),
  };
}
