/**
 * Entry of `dist/catalogue.js`: loading and validating a merchant catalogue (the `catalog` attribute
 * or property), with the catalogue schema and its validation library. The page's script imports it
 * by URL only when a merchant catalogue is set (on-demand.ts).
 */
export { parseCatalogue } from '../domain/catalogue/schema';
export { loadCatalogue } from '../services/catalogue';
