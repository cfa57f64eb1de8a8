import type { PersistMode, StorageTargets } from '../stores/persistence';
import { placeOnPage } from './share-link';

/**
 * Where an element's state is saved, as the `persist` attribute says (SAVE-1: personal data stays
 * short-lived": personal details only ever in the session's storage); shared by the page's store and
 * the wizard's services.
 */
export function storageFor(view: Window | null, persist: PersistMode): StorageTargets {
  const attempt = (get: () => Storage | undefined) => {
    try {
      return get();
    } catch {
      return undefined; // sandboxed frames throw on access
    }
  };
  const session = attempt(() => view?.sessionStorage);
  const choices = persist === 'local' ? attempt(() => view?.localStorage) : persist === 'session' ? session : undefined;
  return { choices, personal: persist === 'none' ? undefined : session };
}

/**
 * Saved state is keyed by page, mode and the element's id (or its position among the
 * configurators on the page), so two instances on one page never restore each other's state.
 */
export function storageKeyFor(host: HTMLElement, mode: string): string {
  return `${mode}:${host.ownerDocument.defaultView?.location.pathname ?? ''}:${placeOnPage(host).name}`;
}
