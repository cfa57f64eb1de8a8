/**
 * Saved state, versioned: anything old, corrupt or not matching the catalogue is discarded (and
 * removed) rather than trusted. Choices go to the storage the `persist` attribute names; personal
 * details only ever to the session's storage (SAVE-1).
 */
export const SAVED_STATE_VERSION = 1;

/** The part of the Web Storage API the stores use, so tests can pass a Map-backed fake. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Where choices are saved (SAVE-1 `persist`): the browser's local storage, the session's, or nowhere. */
export type PersistMode = 'local' | 'session' | 'none';

export interface StorageTargets {
  /** Where choices persist (`persist="local"` or `"session"`); none with `persist="none"`. */
  choices?: KeyValueStorage | undefined;
  /** Where personal details persist: the session's storage, or none. */
  personal?: KeyValueStorage | undefined;
}

interface Envelope {
  version: number;
  data: unknown;
}

/**
 * Reads and unwraps a saved envelope; `validate` turns the data into a trusted value or undefined.
 * Anything unreadable is removed so it cannot fail again on the next load.
 */
export function readSaved<T>(
  storage: KeyValueStorage | undefined,
  key: string,
  validate: (data: unknown) => T | undefined,
): T | undefined {
  if (!storage) return undefined;
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return undefined; // storage blocked (privacy mode, sandboxed frame): start afresh
  }
  if (raw === null) return undefined;
  let value: T | undefined;
  try {
    const envelope = JSON.parse(raw) as Partial<Envelope> | null;
    value = envelope && envelope.version === SAVED_STATE_VERSION ? validate(envelope.data) : undefined;
  } catch {
    value = undefined;
  }
  if (value === undefined) forget(storage, key);
  return value;
}

export function writeSaved(storage: KeyValueStorage | undefined, key: string, data: unknown): void {
  if (!storage) return;
  try {
    storage.setItem(key, JSON.stringify({ version: SAVED_STATE_VERSION, data } satisfies Envelope));
  } catch {
    // Quota exceeded or storage blocked: the page still works, it just won't survive a reload.
  }
}

export function forget(storage: KeyValueStorage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Blocked storage has nothing to forget.
  }
}

/** A Map-backed storage, for `persist="none"` tests and server-side rendering. */
export function memoryStorage(): KeyValueStorage & { size(): number } {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    size: () => map.size,
  };
}
