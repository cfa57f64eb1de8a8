import type { ImportModule } from '../services/module-import';
import { createUrlImporter, importByUrl } from '../services/module-import';
import type { CatalogueModule, ShareModule } from '../app/on-demand-modules';
import { isCatalogueModule, isShareModule } from '../app/on-demand-modules';
import { scriptCatalogueSrc, scriptShareSrc } from './viewer-src';

/**
 * Loads an on-demand file from `src()`, once for the page (again after a failure, like the wizard
 * and the viewer); a wrong file, or a script that has no URL, gives a readable error.
 */
export function createOnDemandLoader<T>(
  file: string,
  src: () => string | undefined,
  accept: (module: unknown) => module is T,
  importModule: ImportModule = importByUrl,
): () => Promise<T> {
  const importOnce = createUrlImporter(importModule);
  const what = `The file ${file}`;
  return async () => {
    const url = src();
    if (!url) throw new Error(`${what} sits beside ev-charger-configurator.js, which was not loaded from a URL.`);
    const module = await importOnce(url, what);
    if (!accept(module)) throw new Error(`${url} is not ${file}.`);
    return module;
  };
}

/** Stands in for app/on-demand.ts in the classic script (tsup.config.ts): `catalogue.js` beside the script. */
export const loadCatalogueModule: () => Promise<CatalogueModule> = createOnDemandLoader('catalogue.js', scriptCatalogueSrc, isCatalogueModule);

/** Stands in for app/on-demand.ts in the classic script (tsup.config.ts): `share-link.js` beside the script. */
export const loadShareModule: () => Promise<ShareModule> = createOnDemandLoader('share-link.js', scriptShareSrc, isShareModule);
