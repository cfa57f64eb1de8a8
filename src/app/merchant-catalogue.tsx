import type { ReactNode } from 'react';
import { useEffect, useMemo, useState } from 'react';
import type { CatalogueResult } from '../domain/catalogue/schema';
import { parseCatalogue } from '../domain/catalogue/schema';
import { loadCatalogue } from '../services/catalogue';
import type { CatalogueState } from './configurator';

const settledState = (result: CatalogueResult): CatalogueState =>
  result.ok ? { status: 'ready', catalogue: result.catalogue } : { status: 'error', message: result.error };

export interface MerchantCatalogueProps {
  /** The `catalog` property's object form, which wins over the URL. */
  object: unknown;
  /** The `catalog` attribute. */
  url: string | undefined;
  /** The element, given the catalogue's state. */
  children(state: CatalogueState): ReactNode;
}

/**
 * A merchant's catalogue (a `catalog` object, else its URL), validated before use: `children` shows
 * the spinner until then, never the wrong catalogue, and a failure with "Try again". It is part of
 * `catalogue.js`, which the page loads only when a merchant catalogue is set (app/configurator.tsx).
 */
export function MerchantCatalogue({ object, url, children }: MerchantCatalogueProps) {
  const source = object ?? url;
  // An object is checked at once, as it is set.
  const immediate = useMemo(() => (object === undefined ? undefined : settledState(parseCatalogue(object))), [object]);
  const [settled, setSettled] = useState<{ source: unknown; attempt: number; state: CatalogueState }>();
  // "Try again" after a failed load: the same URL is loaded afresh.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (immediate || url === undefined) return;
    let current = true;
    const controller = new AbortController();
    void loadCatalogue(url, { signal: controller.signal }).then((result) => {
      if (current) setSettled({ source, attempt, state: settledState(result) });
    });
    return () => {
      current = false;
      controller.abort();
    };
  }, [immediate, source, url, attempt]);

  if (immediate) return children(immediate);
  if (!settled || settled.source !== source || settled.attempt !== attempt) return children({ status: 'loading' });
  return children(settled.state.status === 'error' ? { ...settled.state, retry: () => setAttempt(attempt + 1) } : settled.state);
}
