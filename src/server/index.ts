/**
 * Reference serverless handlers: Web-standard `(Request) => Promise<Response>`, runnable on Node 20
 * and on Web-standard runtimes. They import the domain only.
 */
export { createQuoteHandler } from './quote-handler';
export type { QuoteHandlerOptions } from './quote-handler';
export { parseCatalogue } from '../domain/catalogue/schema';
export type { Catalogue } from '../domain/catalogue/schema';
export { UK_CATALOGUE } from '../domain/catalogue/uk';
