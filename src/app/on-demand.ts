import { builtFileImporter } from '../services/module-import';
import type { WizardModule } from '../ui/wizard-module';
import type { CatalogueModule, ShareModule, ShopPricesModule } from './on-demand-modules';

/**
 * The parts only some pages need, as dynamic imports: our build and a bundler user's split each off
 * into a file of its own (BUILD-1), loaded when it is first needed; a failure says what did
 * not load, and the next call tries again.
 */

/** Loaded when a merchant catalogue (`catalog`) is set. */
export const loadCatalogueModule = builtFileImporter('catalogue.js', 'The catalogue file', () => import('./catalogue-entry')) as () => Promise<CatalogueModule>;

/** Loaded when the page was opened with a share link (`#evc=…`). */
export const loadShareModule = builtFileImporter('share-link.js', "The share link's reader", () => import('./share-entry')) as () => Promise<ShareModule>;

/** Loaded once an element with a shop has rendered: its prices are asked after the page shows. */
export const loadShopPricesModule = builtFileImporter('shop-prices.js', "The shop's prices", () => import('./shop-prices-entry')) as () => Promise<ShopPricesModule>;

/** Loaded when the buyer first opens the wizard or one of the page's dialogs. */
export const loadWizardModule = builtFileImporter('wizard.js', 'The wizard', () => import('./wizard-entry')) as () => Promise<WizardModule>;
