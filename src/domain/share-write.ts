/**
 * Making a share link (share.ts describes the format): only when the buyer asks to share, so it is
 * in the file loaded on demand (share-link.js), as is taking a used link out of the page's URL.
 */
import type { SharedConfiguration } from './share';
import { EXTRA_BITS, SHARE_PARAMETER, SHARE_VERSION, fragmentParts, isShareParameter } from './share';

const joinFragment = (parts: readonly string[]) => (parts.length > 0 ? `#${parts.join('&')}` : '');

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
