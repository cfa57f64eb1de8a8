import type { ImportModule } from './module-import';
import { createUrlImporter, importByUrl } from './module-import';

/**
 * Loads the wizard file by URL, once for the page; `accept` checks that what arrived is the wizard
 * (a wrong `wizard-src` gives a clear message rather than a crash).
 */
export function createWizardLoader<T>(accept: (module: unknown) => module is T, importModule: ImportModule = importByUrl) {
  const importOnce = createUrlImporter(importModule);
  return async function loadWizard(url: string): Promise<T> {
    const module = await importOnce(url, 'The wizard');
    if (!accept(module)) throw new Error(`${url} is not the wizard file (wizard.js).`);
    return module;
  };
}
