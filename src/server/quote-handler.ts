import * as v from 'valibot';
import type { Catalogue } from '../domain/catalogue/schema';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { parseConfiguration } from '../domain/configuration';
import { priceConfiguration, totalsDetail } from '../domain/pricing';
import { IdempotencyKeySchema } from '../domain/schemas/fields';
import { normaliseConfiguration } from '../domain/selection';
import type { Call } from './handler-shell';
import { handlerShell } from './handler-shell';
import { errorResponse, json } from './http';
import type { Handler, OperationsOptions } from './operations';
import { partnerPricing } from './partner-pricing';
import { checkTokenSecret } from './partner-token';
import type { PartnerTokenStore } from './partner-token-store';
import { memoryPartnerTokenStore } from './partner-token-store';
import type { ShopPricesOptions } from './shop-prices';
import { shopPricer } from './shop-prices';
import { durabilityGuard } from './store-durability';

export interface QuoteHandlerOptions extends OperationsOptions {
  catalogue?: Catalogue;
  /** The shop whose current prices the quote uses (the shop is the source of truth); without it, the catalogue's. */
  shop?: ShopPricesOptions;
  /** Largest accepted body; a configuration is well under 2 KB. */
  maxBodyBytes?: number;
  /**
   * The partner-discount handler's `tokenSecret`: a quote carries the partner discount only with a
   * `partnerToken` it signed (for `email`, when one is given). Without it no partner discount is
   * priced; a typed e-mail never earns one.
   */
  partnerTokenSecret?: string;
  /**
   * Where each partner verification is bound to the one order it prices, the quote's `orderKey`
   * (docs/decisions/partner-token-prices-one-order.md): default in memory. Give it the direct-debit
   * handler's store, so a verification that priced a monthly order prices no other.
   */
  partnerTokens?: PartnerTokenStore;
  /** Milliseconds since the epoch, for the token's expiry; tests move time on. */
  clock?: () => number;
}

/**
 * POST `{ configuration, partnerToken?, orderKey?, email?, flow? }` → `{ configuration, totals, pricesFrom }`:
 * the price of a configuration recomputed on the server from ids with the same domain code the
 * element uses, so a merchant's back end never has to trust figures from a browser. The partner
 * discount comes only from a valid `partnerToken` (see `partnerTokenSecret`), for the one order it is
 * first quoted or started for (`orderKey`): quoted for another order, the figures are without it
 * and `partnerTokenUsed: true` says why. With a shop the figures are the
 * shop's current prices (`pricesFrom: "shop"`); when the shop cannot be asked the answer is 503,
 * never the catalogue's figures passed off as the shop's.
 */
export function createQuoteHandler(options: QuoteHandlerOptions = {}): Handler {
  const catalogue = options.catalogue ?? UK_CATALOGUE;
  const priced = options.shop ? shopPricer(catalogue, options.shop) : undefined;
  const now = options.clock ?? Date.now;
  const partnerTokens = options.partnerTokens ?? memoryPartnerTokenStore();
  const refuseVolatile = durabilityGuard([partnerTokens]);
  if (options.partnerTokenSecret !== undefined) checkTokenSecret('createQuoteHandler', 'partnerTokenSecret', options.partnerTokenSecret);
  async function quote({ body, notes }: Call): Promise<Response> {
    const input = body as { configuration?: unknown; email?: unknown; flow?: unknown; orderKey?: unknown; partnerToken?: unknown } | null;
    if (typeof input !== 'object' || input === null) return errorResponse(400, 'invalid_body', 'The body must be a JSON object.');
    const parsed = parseConfiguration(catalogue, input.configuration);
    if (!parsed.ok) return errorResponse(422, 'invalid_configuration', parsed.error);
    if (input.email !== undefined && typeof input.email !== 'string') {
      return errorResponse(422, 'invalid_email', 'email must be a string.');
    }
    if (input.partnerToken !== undefined && typeof input.partnerToken !== 'string') {
      return errorResponse(422, 'invalid_partner_token', 'partnerToken must be a string.');
    }
    // The direct-debit start's idempotency key, so a monthly order is quoted under its start's key.
    if (input.orderKey !== undefined && !v.is(IdempotencyKeySchema, input.orderKey)) {
      return errorResponse(422, 'invalid_order_key', 'orderKey must be 16 to 128 letters, digits, "-" or "_".');
    }
    const flow = input.flow === undefined ? 'order' : input.flow;
    if (flow !== 'order' && flow !== 'spec-request') {
      return errorResponse(422, 'invalid_flow', 'flow must be "order" or "spec-request".');
    }
    const partner = await partnerPricing(catalogue, { token: input.partnerToken, secret: options.partnerTokenSecret, email: input.email }, now());
    if (!partner.ok) {
      notes.reason = 'invalid_partner_token';
      return errorResponse(422, 'invalid_partner_token', partner.message);
    }
    const { verification } = partner;
    if (verification && input.orderKey === undefined) {
      notes.reason = 'invalid_order_key';
      return errorResponse(422, 'invalid_order_key', 'A partnerToken prices one order: name it with orderKey (the direct-debit start\'s idempotencyKey, or your own order\'s key).');
    }
    // A binding a restart would forget lets the verification price a second order.
    const volatile = verification ? await refuseVolatile(notes, {}) : null;
    if (volatile) return volatile;
    const used = verification !== undefined && !(await partnerTokens.bind(verification.id, input.orderKey as string, verification.expiresAt - now(), now()));
    if (used) notes.reason = 'partner_token_used';
    const configuration = normaliseConfiguration(catalogue, parsed.configuration, flow);
    const shop = priced ? await priced() : undefined;
    if (shop && !shop.ok) return errorResponse(503, 'shop_unavailable', `The shop's prices could not be read: ${shop.error}`, { 'retry-after': '30' });
    const context = used ? { verifiedPartnerDiscounts: true } : partner.context;
    const totals = priceConfiguration(shop?.catalogue ?? catalogue, configuration, context);
    return json(200, { configuration, totals: totalsDetail(totals, configuration), pricesFrom: shop ? 'shop' : 'catalogue', ...(used && { partnerTokenUsed: true }) });
  }

  return handlerShell('quote', {
    ...options,
    maxBodyBytes: options.maxBodyBytes ?? 16 * 1024,
    route: () => ({ methods: { POST: { body: 'json', run: quote } } }),
  });
}
