import type { Configuration } from './configuration';

/**
 * Spec §2 "Share this configuration": the configuration travels in the page URL's
 * fragment as `evc=<payload>`, next to whatever else the fragment holds (`#design&evc=…`).
 * The payload is base64url of a compact JSON array whose first entry is the format version:
 *
 *   [1, target, front, body, cable, installation, extras bit mask, hook colour, payment type, offer]
 *
 * `target` names the configurator on the page the link is for (see app/share-link.ts), so
 * with two instances on one page the link restores only the one it came from.
 */
export const SHARE_PARAMETER = 'evc';
export const SHARE_VERSION = 1;

/** Bit order of the extras in the mask; part of format version 1, so never reordered. */
export const EXTRA_BITS = ['surgeProtection', 'advancedSolar', 'renewable', 'cableHook', 'display', 'extendedWarranty'] as const;

export interface SharedConfiguration {
  target: string;
  configuration: Configuration;
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The fragment's payload for a configuration. */
export function encodeSharedConfiguration({ target, configuration: c }: SharedConfiguration): string {
  const extras = EXTRA_BITS.reduce((mask, extra, bit) => (c[extra] ? mask | (1 << bit) : mask), 0);
  return toBase64Url(
    JSON.stringify([SHARE_VERSION, target, c.front, c.body, c.cable, c.installation, extras, c.hookColour, c.paymentType, c.offer]),
  );
}

/** A fragment's `&`-separated parts, without the leading '#'; empty parts dropped. */
const fragmentParts = (hash: string) => hash.replace(/^#/, '').split('&').filter((part) => part !== '');
const isShareParameter = (part: string) => part.startsWith(`${SHARE_PARAMETER}=`);
const joinFragment = (parts: readonly string[]) => (parts.length > 0 ? `#${parts.join('&')}` : '');

/** The share payload in a URL fragment (`location.hash`), if there is one. */
export function sharePayloadIn(hash: string): string | undefined {
  return fragmentParts(hash).find(isShareParameter)?.slice(SHARE_PARAMETER.length + 1);
}

/** The fragment with its share parameter removed and everything else kept; '' when nothing is left. */
export function withoutSharePayload(hash: string): string {
  return joinFragment(fragmentParts(hash).filter((part) => !isShareParameter(part)));
}

/** The fragment with `payload` as its share parameter, replacing any earlier one. */
export function withSharePayload(hash: string, payload: string): string {
  return joinFragment([...fragmentParts(hash).filter((part) => !isShareParameter(part)), `${SHARE_PARAMETER}=${payload}`]);
}

/** The page's URL with the configuration in its fragment (the link "Share this configuration" gives). */
export function shareUrl(pageUrl: string, shared: SharedConfiguration): string {
  const url = new URL(pageUrl);
  url.hash = withSharePayload(url.hash, encodeSharedConfiguration(shared));
  return url.href;
}
