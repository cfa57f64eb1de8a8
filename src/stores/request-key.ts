/** 32 hex digits from the platform's random source (works outside secure contexts too): a request's idempotency key. */
export function randomRequestKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
