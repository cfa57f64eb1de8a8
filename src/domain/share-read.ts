/**
 * Reading a share link's payload (share.ts writes them) back into a configuration: only a page
 * opened with one needs it, so it is a module of its own, in the file loaded on demand
 * (share-link.js).
 */
import type { Catalogue } from './catalogue/schema';
import type { Configuration } from './configuration';
import { parseConfiguration } from './configuration';
import { normaliseConfiguration } from './selection';
import { EXTRA_BITS, SHARE_VERSION } from './share';
import type { Flow } from './wizard';

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

export type SharedConfigurationResult =
  | { ok: true; target: string; configuration: Configuration }
  /** `target` is there when the link could be read that far, so the right instance can say so. */
  | { ok: false; target?: string; error: string };

/**
 * A share link's entries (`readSharePayload`) as a configuration the
 * catalogue knows, validated by `parseConfiguration` and kept within what its cable offers by
 * `normaliseConfiguration`. Never throws: anything unusable is an error to show, never a crash.
 */
export function sharedConfiguration(catalogue: Catalogue, flow: Flow, read: SharePayloadResult): SharedConfigurationResult {
  if (!read.ok) return read;
  const data = read.entries;
  if (!Array.isArray(data) || data[0] !== SHARE_VERSION) {
    return { ok: false, error: `the shared configuration is not of version ${SHARE_VERSION}` };
  }
  const [, target, front, body, cable, installation, extras, hookColour, paymentType, offer] = data as unknown[];
  if (typeof target !== 'string') return { ok: false, error: 'the shared configuration names no configurator' };
  if (data.length !== 10) return { ok: false, target, error: 'the shared configuration has the wrong number of entries' };
  if (typeof extras !== 'number' || !Number.isInteger(extras) || extras < 0 || extras >= 1 << EXTRA_BITS.length) {
    return { ok: false, target, error: 'the shared configuration has an invalid set of extras' };
  }
  const flags = Object.fromEntries(EXTRA_BITS.map((extra, bit) => [extra, (extras & (1 << bit)) !== 0]));
  const parsed = parseConfiguration(catalogue, { front, body, cable, installation, hookColour, paymentType, offer, ...flags });
  if (!parsed.ok) return { ok: false, target, error: `the shared ${parsed.error}` };
  return { ok: true, target, configuration: normaliseConfiguration(catalogue, parsed.configuration, flow) };
}
