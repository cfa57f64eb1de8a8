import { useEffect, useMemo, useState } from 'react';
import { sharePayloadIn } from '../domain/share';
import type { ConfiguratorStore } from '../stores/configurator-store';
import type { ShareOptions } from '../ui/options-context';
import { emit } from './events';
import { loadShareModule } from './on-demand';
import type { ShareModule } from './on-demand-modules';
import type { PlaceOnPage, SharedLinkOutcome } from './share-apply';

/** What the buyer reads when a link's configuration cannot be used. */
export const SHARE_LINK_NOTICE = 'The configuration in this link could not be read, so it was not applied.';

/**
 * How saved state and share links tell the configurators of one page apart: by id when the page
 * gives one, else by position, so two instances never take each other's choices.
 */
export function placeOnPage(host: HTMLElement): PlaceOnPage {
  const position = Math.max(Array.from(host.ownerDocument.querySelectorAll<HTMLElement>(host.localName)).indexOf(host), 0);
  return { name: host.id || `#${position}`, first: position === 0 };
}

/** The share link's reader (`share-link.js`, loaded on demand), or why it could not be loaded. */
export type ShareReader = ShareModule | { failed: string };

/** The reader once loaded, for every configurator on the page. */
let loadedReader: ShareReader | undefined;

/** Starts loading the share link's reader (the classic script does so as it runs, when the URL has a link). */
export function loadShareReader(): Promise<ShareReader> {
  return loadedReader
    ? Promise.resolve(loadedReader)
    : loadShareModule().then(
        (module) => (loadedReader = module),
        (error: unknown): ShareReader => ({ failed: `the share link could not be read: ${(error as Error | null)?.message || 'its file did not load'}` }),
      );
}

/** The share link this element's page was opened with, and what it needs before the store is made. */
export interface SharedLink {
  payload: string | undefined;
  place: PlaceOnPage;
  /** The link's reader; undefined while it loads (the element shows its spinner meanwhile). */
  reader: ShareReader | undefined;
  /** False while a link waits for its reader: the store is made after, so the defaults never show first. */
  ready: boolean;
}

/** Reads the page's fragment once and loads the link's reader when there is a link. */
export function useSharedLink(host: HTMLElement): SharedLink {
  const view = host.ownerDocument.defaultView;
  const [payload] = useState(() => (view ? sharePayloadIn(view.location.hash) : undefined));
  const [place] = useState(() => placeOnPage(host));
  const [reader, setReader] = useState<ShareReader | undefined>(() => (payload === undefined ? undefined : loadedReader));
  useEffect(() => {
    if (payload === undefined || reader) return;
    let current = true;
    void loadShareReader().then((loaded) => {
      if (current) setReader(loaded);
    });
    return () => {
      current = false;
    };
  }, [payload, reader]);
  return { payload, place, reader, ready: payload === undefined || reader !== undefined };
}

/**
 * "Share this configuration" for one element: restores a configuration that names this
 * element into its store as the store is made (so the page never shows the defaults first),
 * reports a bad link, and gives the UI its link builder.
 */
export function useShareLink(host: HTMLElement, store: ConfiguratorStore | undefined, link: SharedLink): { share: ShareOptions | undefined; notice: string | undefined } {
  const view = host.ownerDocument.defaultView;
  const { payload, place, reader } = link;
  const outcome = useMemo<SharedLinkOutcome>(() => {
    if (!store || !reader || payload === undefined) return { kind: 'none' };
    // Without its reader, a link is reported by the page's first configurator.
    if ('failed' in reader) return place.first ? { kind: 'refused', error: reader.failed } : { kind: 'none' };
    return reader.applySharedLink(store, payload, place);
  }, [store, payload, place, reader]);

  useEffect(() => {
    if (outcome.kind === 'none' || !view) return;
    // A reader that could not be loaded leaves the link in the address, harmlessly.
    if (reader && !('failed' in reader)) reader.forgetSharedLink(view);
    if (outcome.kind === 'refused') emit(host, 'evc-error', { code: 'invalid-share-link', message: `${SHARE_LINK_NOTICE} (${outcome.error})` });
  }, [outcome, view, host, reader]);

  const share = useMemo<ShareOptions | undefined>(
    () =>
      view
        ? {
            // The link is made by share-link.js, loaded on the first press: the page needs it no sooner.
            link: async (configuration) => (await loadShareModule()).shareUrl(view.location.href, { target: place.name, configuration }),
            // Called once the link is made, so share-link.js is there already.
            copy: async (text) => (await loadShareModule()).copyText(text, view.navigator.clipboard ?? null),
          }
        : undefined,
    [view, place],
  );
  return { share, notice: outcome.kind === 'refused' ? SHARE_LINK_NOTICE : undefined };
}
