import { withoutSharePayload } from '../domain/share';
import { decodeSharedConfiguration } from '../domain/share-read';
import type { ConfiguratorStore } from '../stores/configurator-store';
import type { PlaceOnPage, SharedLinkOutcome } from './share-link';

/**
 * Applies the configuration of a share link's `payload` that names this element (share-link.ts
 * calls it once `share-link.js` is loaded, only when the page was opened with a link). A link that
 * cannot be used is reported by the element it names, or by the page's first configurator when even
 * the name cannot be read; every other element ignores it.
 */
export function restoreSharedLink(store: ConfiguratorStore, payload: string, place: PlaceOnPage): SharedLinkOutcome {
  const { catalogue, flow, actions } = store.getState();
  const result = decodeSharedConfiguration(catalogue, flow, payload);
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
