/**
 * Entry of `dist/catalogue.js`: loading and validating a merchant catalogue (the `catalog` attribute
 * or property), with the catalogue schema and its validation library, and pricing a catalogue with
 * the shop's current prices. The page's script imports it by URL only when a merchant catalogue is
 * set or a shop is configured (on-demand.ts).
 */
export { parseCatalogue } from '../domain/catalogue/schema';
export { loadCatalogue } from '../services/catalogue';
export { priceCatalogue } from '../services/shop-prices';
