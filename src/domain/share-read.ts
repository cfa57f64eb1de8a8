/**
 * Reading a share link's payload (share.ts writes them) back into its entries: only a page opened
 * with one needs it, so it is a module of its own that imports nothing; the page checks the entries
 * against its catalogue (`sharedConfiguration` in share.ts).
 */

/** Far above any real payload (about 150 characters); refuses to decode pasted junk. */
const MAX_PAYLOAD_LENGTH = 2000;

/** The payload's JSON, or why it could not be read. */
export type SharePayloadResult = { ok: true; entries: unknown } | { ok: false; error: string };

function fromBase64Url(encoded: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(encoded) || encoded.length % 4 === 1) return undefined;
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(encoded.length / 4) * 4, '=');
  try {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Never throws: anything unreadable is an error to show, never a crash. */
export function readSharePayload(payload: string): SharePayloadResult {
  if (payload.length > MAX_PAYLOAD_LENGTH) return { ok: false, error: 'the shared configuration is too long' };
  const json = fromBase64Url(payload);
  if (json === undefined) return { ok: false, error: 'the shared configuration is not base64url text' };
  try {
    return { ok: true, entries: JSON.parse(json) as unknown };
  } catch {
    return { ok: false, error: 'the shared configuration is not JSON' };
  }
}
