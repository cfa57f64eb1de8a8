import type { CatalogueModule, ShareModule } from './on-demand-modules';

/**
 * The files loaded on demand (on-demand-modules.ts), in module builds (ESM users, tests): dynamic
 * imports that their bundler may split off. The classic script cannot split code: its build
 * (tsup.config.ts) puts elements/on-demand-by-url.ts in this file's place, which imports each file
 * by URL from beside the script.
 */

/** Loaded when a merchant catalogue (`catalog`) is set. */
export const loadCatalogueModule = (): Promise<CatalogueModule> => import('./catalogue-entry');

/** Loaded when the page was opened with a share link (`#evc=…`). */
export const loadShareModule = (): Promise<ShareModule> => import('./share-entry');
