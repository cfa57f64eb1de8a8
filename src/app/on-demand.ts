import type { WizardModule } from '../ui/wizard-module';
import type { CatalogueModule, ShareModule } from './on-demand-modules';

/**
 * The parts only some pages need, as dynamic imports: our build and a bundler user's split each off
 * into a file of its own (DESIGN, Builds), loaded when it is first needed.
 */

/** Loaded when a merchant catalogue (`catalog`) is set. */
export const loadCatalogueModule = (): Promise<CatalogueModule> => import('./catalogue-entry');

/** Loaded when the page was opened with a share link (`#evc=…`). */
export const loadShareModule = (): Promise<ShareModule> => import('./share-entry');

/** Loaded when the buyer first opens the wizard or one of the page's dialogs; a failure says what did not load. */
export const loadWizardModule = (): Promise<WizardModule> =>
  import('./wizard-entry').catch((error: unknown) => {
    throw new Error(`The wizard could not be loaded: ${(error as Error | null)?.message || 'the network failed'}`, { cause: error });
  });
