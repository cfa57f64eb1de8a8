import { describe, expect, it } from 'vitest';
import { directDebitKey, flowCheckouts } from './direct-debit-key';
import type { KeyValueStorage } from './persistence';
import { memoryStorage, writeSaved } from './persistence';
import { randomRequestKey } from './request-key';

const NAME = 'evc:order:/shop:#0:direct-debit';

/** Keys `key_0000000000000001`, `…2`, … from one counter, shared by every holder made with it. */
function counter() {
  let made = 0;
  return () => `key_${String(++made).padStart(16, '0')}`;
}

function holder(storage: KeyValueStorage | undefined = memoryStorage(), newKey = counter()) {
  return { key: directDebitKey(storage, 'order:/shop:#0', newKey), storage, newKey };
}

describe('directDebitKey: one direct-debit start per page session and request', () => {
  it('gives the same key for the same request, however often it is sent (a retry after a failure)', () => {
    const { key } = holder();
    expect(key.keyFor('request A')).toBe('key_0000000000000001');
    expect(key.keyFor('request A')).toBe('key_0000000000000001');
  });

  it('gives a new key once the request changes, and keeps it for the changed request', () => {
    const { key } = holder();
    key.keyFor('request A');
    expect(key.keyFor('request B')).toBe('key_0000000000000002');
    expect(key.keyFor('request B')).toBe('key_0000000000000002');
    expect(key.keyFor('request A')).toBe('key_0000000000000003');
  });

  it("saves the key in the session's storage, so the page after a reload sends it again", () => {
    const { key, storage, newKey } = holder();
    key.keyFor('request A');
    expect(JSON.parse(storage.getItem(NAME)!).data).toBe('key_0000000000000001');
    const reloaded = directDebitKey(storage, 'order:/shop:#0', newKey);
    expect(reloaded.keyFor('request A')).toBe('key_0000000000000001');
    // What it was sent with stayed in memory: the endpoint tells a changed request apart, then this one goes on.
    const changedBeforeReload = directDebitKey(storage, 'order:/shop:#0', newKey);
    expect(changedBeforeReload.keyFor('request B')).toBe('key_0000000000000001');
  });

  it('renew (the endpoint knew the key with another request, or the drop-in was left) saves a new key at once', () => {
    const { key, storage, newKey } = holder();
    key.keyFor('request A');
    key.renew();
    expect(JSON.parse(storage.getItem(NAME)!).data).toBe('key_0000000000000002');
    expect(key.keyFor('request A')).toBe('key_0000000000000002');
    expect(directDebitKey(storage, 'order:/shop:#0', newKey).keyFor('request A')).toBe('key_0000000000000002');
  });

  it('keeps keys in memory only without storage (persist="none")', () => {
    const { key } = holder(undefined);
    expect(key.keyFor('request A')).toBe('key_0000000000000001');
    expect(key.keyFor('request A')).toBe('key_0000000000000001');
  });

  it('keeps elements apart by their storage key', () => {
    const storage = memoryStorage();
    const newKey = counter();
    directDebitKey(storage, 'order:/shop:#0', newKey).keyFor('request A');
    expect(directDebitKey(storage, 'order:/shop:#1', newKey).keyFor('request A')).toBe('key_0000000000000002');
  });

  it.each([
    ['not a key', 'short'],
    ['not text', 42],
  ])('discards a saved value that is %s, and makes a key', (_, saved) => {
    const storage = memoryStorage();
    writeSaved(storage, NAME, saved);
    expect(holder(storage).key.keyFor('request A')).toBe('key_0000000000000001');
  });

  it('makes keys the endpoint accepts: 32 hex digits, each new', () => {
    const made = new Set(Array.from({ length: 20 }, randomRequestKey));
    expect(made.size).toBe(20);
    for (const key of made) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('flowCheckouts: where a mandate flow is paid, as its start answered', () => {
  it('knows the draft-order flow after a reload (the session storage) and says "cart" for any other', () => {
    const storage = memoryStorage();
    const flows = flowCheckouts(storage, 'page');
    expect(flows.of('BRF1')).toBe('cart');
    flows.remember('BRF1', 'draft-order');
    flows.remember('BRF2', 'cart');
    expect([flows.of('BRF1'), flows.of('BRF2'), flows.of('')]).toEqual(['draft-order', 'cart', 'cart']);
    expect(flowCheckouts(storage, 'page').of('BRF1')).toBe('draft-order');
    expect(flowCheckouts(storage, 'another-page').of('BRF1')).toBe('cart');
  });

  it('remembers in memory without storage (persist="none")', () => {
    const flows = flowCheckouts(undefined, 'page');
    flows.remember('BRF1', 'draft-order');
    expect(flows.of('BRF1')).toBe('draft-order');
  });
});
