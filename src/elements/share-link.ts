import { useEffect, useMemo, useState } from 'react';
import { decodeSharedConfiguration, sharePayloadIn, shareUrl, withoutSharePayload } from '../domain/share';
import { copyText } from '../services/clipboard';
import type { ConfiguratorStore } from '../stores/configurator-store';
import type { ShareOptions } from '../ui/options-context';
import { emit } from './events';

/** What the buyer reads when a link's configuration cannot be used. */
export const SHARE_LINK_NOTICE = 'The configuration in this link could not be read, so it was not applied.';

export interface PlaceOnPage {
  /** The element's id, else `#<n>`: its position among the page's configurators. */
  name: string;
  first: boolean;
}

/**
 * How saved state and share links tell the configurators of one page apart: by id when the page
 * gives one, else by position, so two instances never take each other's choices.
 */
export function placeOnPage(host: HTMLElement): PlaceOnPage {
  const position = Math.max(Array.from(host.ownerDocument.querySelectorAll<HTMLElement>('ev-charger-configurator')).indexOf(host), 0);
  return { name: host.id || `#${position}`, first: position === 0 };
}

export type SharedLinkOutcome = { kind: 'none' } | { kind: 'restored' } | { kind: 'refused'; error: string };

/**
 * Applies the configuration of a share link that names this element. A link that cannot be used
 * is reported by the element it names, or by the page's first configurator when even the name
 * cannot be read; every other element ignores it.
 */
export function applySharedLink(store: ConfiguratorStore, payload: string | undefined, place: PlaceOnPage): SharedLinkOutcome {
  if (payload === undefined) return { kind: 'none' };
  const { catalogue, flow, actions } = store.getState();
  const result = decodeSharedConfiguration(catalogue, flow, payload);
  if (result.ok) {
    if (result.target !== place.name) return { kind: 'none' };
    actions.restore(result.configuration);
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

/**
 * Issue 3 "Share this configuration" for one element: reads the page's fragment once, restores
 * a configuration that names this element into its store as the store is made (so the page
 * never shows the defaults first), reports a bad link, and gives the UI its link builder.
 */
export function useShareLink(host: HTMLElement, store: ConfiguratorStore | undefined): { share: ShareOptions | undefined; notice: string | undefined } {
  const view = host.ownerDocument.defaultView;
  const [payload] = useState(() => (view ? sharePayloadIn(view.location.hash) : undefined));
  const [place] = useState(() => placeOnPage(host));
  const outcome = useMemo<SharedLinkOutcome>(() => (store ? applySharedLink(store, payload, place) : { kind: 'none' }), [store, payload, place]);

  useEffect(() => {
    if (outcome.kind === 'none' || !view) return;
    forgetSharedLink(view);
    if (outcome.kind === 'refused') emit(host, 'evc-error', { code: 'invalid-share-link', message: `${SHARE_LINK_NOTICE} (${outcome.error})` });
  }, [outcome, view, host]);

  const share = useMemo<ShareOptions | undefined>(
    () =>
      view
        ? {
            link: (configuration) => shareUrl(view.location.href, { target: place.name, configuration }),
            copy: (text) => copyText(text, view.navigator.clipboard ?? null),
          }
        : undefined,
    [view, place],
  );
  return { share, notice: outcome.kind === 'refused' ? SHARE_LINK_NOTICE : undefined };
}
