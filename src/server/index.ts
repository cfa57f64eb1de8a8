/**
 * Reference serverless handlers: Web-standard `(Request) => Promise<Response>`, runnable on Node 20
 * and on Web-standard runtimes. They import the domain only.
 */
export { createQuoteHandler } from './quote-handler';
export type { QuoteHandlerOptions } from './quote-handler';
export type { ShopPricesOptions } from './shop-prices';
export { createSpecRequestHandler, specRequestMailFields } from './spec-request-handler';
export type { SpecRequestHandlerOptions } from './spec-request-handler';
export type { MailgunOptions, MailProviderFailure } from './mailgun';
export { createPartnerDiscountHandler } from './partner-discount-handler';
export type { PartnerDiscountHandlerOptions } from './partner-discount-handler';
export { verifyPartnerToken } from './partner-token';
export type { PartnerTokenCheck, PartnerTokenClaims } from './partner-token';
export type { ShopAdminFailure, ShopAdminOptions } from './shop-admin';
export { createDirectDebitHandler, createDirectDebitWebhookHandler, directDebitMetadata, directDebitPrefilledCustomer } from './direct-debit-handler';
export type {
  DirectDebitApplication,
  DirectDebitHandlerOptions,
  DirectDebitProviderFailure,
  DirectDebitWebhookOptions,
  GoCardlessEvent,
  GoCardlessOptions,
} from './direct-debit-handler';
export { memoryDirectDebitStore } from './direct-debit-store';
export type { DraftCheckoutAnswer } from './direct-debit-checkout';
export type {
  DirectDebitDraftOrder,
  DirectDebitDraftOrderLine,
  DirectDebitEventUpdate,
  DirectDebitFlowRecord,
  DirectDebitFlowStatus,
  DirectDebitOutcome,
  DirectDebitStatus,
  DirectDebitStore,
} from './direct-debit-store';
export { memoryRateLimitStore } from './rate-limit';
export type { RateLimitDecision, RateLimitOptions, RateLimitRule, RateLimitStore } from './rate-limit';
export { memoryIdempotencyStore } from './idempotency';
export type { ClaimRequest, ClaimResult, IdempotencyStore, StoredAnswer } from './idempotency';
export { memoryPartnerCodeStore } from './partner-code-store';
export { memoryPartnerTokenStore } from './partner-token-store';
export type { PartnerTokenStore } from './partner-token-store';
export type { PartnerCodeAttempt, PartnerCodeIssue, PartnerCodeStore } from './partner-code-store';
export { createRedisStores } from './redis-stores';
export { StoreNotDurableError } from './store-durability';
export type { StoreDurability } from './store-durability';
export type { NodeRedisClientLike, RedisClientLike, RedisStores, RedisStoresOptions, UpstashRedisClientLike } from './redis-stores';
export { jsonLogger } from './operations';
export type { Handler, IdempotencyOutcome, LogRecord, Logger, OperationsOptions, RequestInfo, RequestNotes } from './operations';
export { nodeClientAddress, serveNode, toNodeListener, toWebRequest, sendWebResponse } from './node-adapter';
export type {
  NodeListener,
  NodeListenerOptions,
  NodeRequestLike,
  NodeResponseLike,
  NodeServerLike,
  ReadinessCheck,
  ServeNodeOptions,
  ToWebRequestOptions,
} from './node-adapter';
export { parseCatalogue } from '../domain/catalogue/schema';
export type { Catalogue } from '../domain/catalogue/schema';
export { UK_CATALOGUE } from '../domain/catalogue/uk';
export { shopProducts } from '../domain/shop-products';
export type { CatalogueSlot, ShopProductSpec, ShopVariantSpec } from '../domain/shop-products';
