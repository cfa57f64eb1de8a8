/**
 * Entry of `dist/catalogue.js`: loading and validating a merchant catalogue (the `catalog` attribute
 * or property), with the catalogue schema and its validation library, and the element's state until
 * it is ready (MerchantCatalogue). The page's script imports it by URL only when a merchant catalogue
 * is set (on-demand.ts).
 */
// Every file of the page's graph imports the elements' modules (no side effect: define() runs in
// browser.ts), so esbuild puts the code they share with the page in one chunk: a page loads that
// one file, not several, each compressed on its own.
// eslint-disable-next-line no-restricted-imports -- a build entry, not a layer: the import shapes the chunks only
import '../elements/define';
export { MerchantCatalogue } from './merchant-catalogue';
