import * as v from 'valibot';
import { IdempotencyKeySchema } from '../domain/schemas/fields';
import type { FlowCheckouts, StartKey } from '../services/direct-debit';
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

/**
 * The flows whose handler makes a draft order, saved for the session beside the start's key
 * (`evc:{storageKey}:direct-debit-draft`), so a reload still checks out where the mandate's handler said.
 */
export function flowCheckouts(storage: KeyValueStorage | undefined, storageKey: string): FlowCheckouts {
  const name = `evc:${storageKey}:direct-debit-draft`;
  // Kept in memory too: with persist="none" there is no storage, and the page still knows.
  let draftFlow = readSaved(storage, name, (data) => (typeof data === 'string' ? data : undefined));
  return {
    remember(flowId, checkout) {
      if (checkout !== 'draft-order') return;
      draftFlow = flowId;
      writeSaved(storage, name, flowId);
    },
    of: (flowId) => (flowId !== '' && draftFlow === flowId ? 'draft-order' : 'cart'),
  };
}
