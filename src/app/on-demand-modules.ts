import type { CatalogueResult } from '../domain/catalogue/schema';
import type { CatalogueLoaderOptions } from '../services/catalogue';
import type { shareUrl, withoutSharePayload } from '../domain/share-write';
import type { readSharePayload, sharedConfiguration } from '../domain/share-read';

/**
 * What the files the page's script loads on demand export, besides the wizard and the 3D viewer:
 * each holds code that only some pages need, so the script stays small (its gzip budget is in
 * scripts/check-bundle.mjs); on-demand.ts imports them.
 */

/** `catalogue.js` (catalogue-entry.ts): a merchant catalogue (`catalog`), loaded and validated. */
export interface CatalogueModule {
  /** Validates a catalogue document (object or JSON text), naming its first bad field. */
  parseCatalogue(input: unknown): CatalogueResult;
  /** Fetches a catalogue JSON and validates it. */
  loadCatalogue(url: string, options?: CatalogueLoaderOptions): Promise<CatalogueResult>;
}

/** `share-link.js` (share-entry.ts): reading a share link the page was opened with into a configuration, and making one. */
export interface ShareModule {
  readSharePayload: typeof readSharePayload;
  sharedConfiguration: typeof sharedConfiguration;
  shareUrl: typeof shareUrl;
  withoutSharePayload: typeof withoutSharePayload;
}

export const isCatalogueModule = (module: unknown): module is CatalogueModule =>
  typeof (module as Partial<CatalogueModule> | null)?.parseCatalogue === 'function' &&
  typeof (module as Partial<CatalogueModule>).loadCatalogue === 'function';

export const isShareModule = (module: unknown): module is ShareModule =>
  typeof (module as Partial<ShareModule> | null)?.readSharePayload === 'function' &&
  typeof (module as Partial<ShareModule>).sharedConfiguration === 'function' &&
  typeof (module as Partial<ShareModule>).shareUrl === 'function';

