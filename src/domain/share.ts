import type { Configuration } from './configuration';

/**
 * SAVE-4 "Share this configuration": the configuration travels in the page URL's
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

/** A fragment's `&`-separated parts, without the leading '#'; empty parts dropped. */
export const fragmentParts = (hash: string) => hash.replace(/^#/, '').split('&').filter((part) => part !== '');
export const isShareParameter = (part: string) => part.startsWith(`${SHARE_PARAMETER}=`);

/** The share payload in a URL fragment (`location.hash`), if there is one. */
export function sharePayloadIn(hash: string): string | undefined {
  return fragmentParts(hash).find(isShareParameter)?.slice(SHARE_PARAMETER.length + 1);
}
