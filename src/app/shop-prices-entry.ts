/**
 * Entry of `dist/shop-prices.js`: asking the shop for its prices (the Storefront API or the theme's
 * Ajax API) and reading its answer. The page's script imports it by URL once an element with a shop
 * has rendered (on-demand.ts): the buyer sees the page first, and the shop's figures when it answers.
 */
// Every file of the page's graph imports the elements' modules (no side effect: define() runs in
// browser.ts), so esbuild puts the code they share with the page in one chunk: a page loads that
// one file, not several, each compressed on its own.
// eslint-disable-next-line no-restricted-imports -- a build entry, not a layer: the import shapes the chunks only
import '../elements/define';
export { shopPrices } from '../services/shop-prices';
