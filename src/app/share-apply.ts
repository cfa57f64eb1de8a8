import { readSharePayload, sharedConfiguration } from '../domain/share-read';
import { withoutSharePayload } from '../domain/share-write';
import type { ConfiguratorStore } from '../stores/configurator-store';

/**
 * What a share link does to the element it names, in `share-link.js`: the page loads that file
 * whenever it was opened with a link, so it keeps none of this itself (app/share-link.ts).
 */

export interface PlaceOnPage {
  /** The element's id, else `#<n>`: its position among the page's configurators. */
  name: string;
  first: boolean;
}

export type SharedLinkOutcome = { kind: 'none' } | { kind: 'restored' } | { kind: 'refused'; error: string };

/**
 * Applies the configuration of a share link's `payload` to `store` when the link names this
 * element. A link that cannot be used is reported by the element it names, or by the page's first
 * configurator when even the name cannot be read; every other element ignores it.
 */
export function applySharedLink(store: ConfiguratorStore, payload: string, place: PlaceOnPage): SharedLinkOutcome {
  const { catalogue, flow, actions } = store.getState();
  const result = sharedConfiguration(catalogue, flow, readSharePayload(payload));
  if (result.ok) {
    if (result.target !== place.name) return { kind: 'none' };
    actions.setConfiguration(result.configuration);
    return { kind: 'restored' };
  }
  const named = result.target === undefined ? place.first : result.target === place.name;
  return named ? { kind: 'refused', error: result.error } : { kind: 'none' };
}

/**
 * Takes the share parameter out of the page's URL once used, keeping the rest of the fragment,
 * so a reload shows the buyer's later choices rather than the link's again.
 */
export function forgetSharedLink(view: Window): void {
  const { location, history } = view;
  try {
    history.replaceState(history.state, '', `${location.pathname}${location.search}${withoutSharePayload(location.hash)}`);
  } catch {
    // Some sandboxed or opaque-origin documents refuse replaceState; the link then stays, harmlessly.
  }
}
