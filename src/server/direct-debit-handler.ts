import type { Catalogue } from '../domain/catalogue/schema';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { parseDirectDebitRequest } from '../domain/direct-debit';
import type { ClientAddressOptions } from './client-address';
import { checkClientAddressOptions } from './client-address';
import { draftOrderCheckout } from './direct-debit-checkout';
import type { DirectDebitApplication } from './direct-debit-start';
import { directDebitStart, orderFingerprint } from './direct-debit-start';
import type { DirectDebitStore } from './direct-debit-store';
import { memoryDirectDebitStore } from './direct-debit-store';
import { createDraftOrders } from './draft-orders';
import type { DirectDebitProviderFailure, GoCardlessOptions } from './gocardless';
import { RESOURCE_ID, checkGoCardlessOptions, createGoCardless } from './gocardless';
import type { AllowedOrigins, Call, Route } from './handler-shell';
import { handlerShell, invalidRequest } from './handler-shell';
import { checkOrigins, errorResponse, json } from './http';
import type { IdempotencyStore } from './idempotency';
import { memoryIdempotencyStore } from './idempotency';
import type { RateLimitSetting } from './limits';
import { clientLimiter, globalLimiter, sharedStoreOf } from './limits';
import type { Handler, OperationsOptions } from './operations';
import { safely } from './operations';
import { checkTokenSecret } from './partner-token';
import type { PartnerTokenStore } from './partner-token-store';
import { memoryPartnerTokenStore } from './partner-token-store';
import type { ShopAdminFailure, ShopAdminOptions } from './shop-admin';
import { checkShopAdminOptions } from './shop-admin';

export { directDebitMetadata, directDebitPrefilledCustomer } from './direct-debit-start';
export type { DirectDebitApplication } from './direct-debit-start';
export { createDirectDebitWebhookHandler } from './direct-debit-webhook';
export type { DirectDebitWebhookOptions, GoCardlessEvent } from './direct-debit-webhook';
export type { DirectDebitProviderFailure, GoCardlessOptions } from './gocardless';

export interface DirectDebitHandlerOptions extends OperationsOptions, ClientAddressOptions {
  gocardless: GoCardlessOptions;
  /** Origins whose pages may call (exact, e.g. `https://portal.example`), or a test of the origin. */
  allowedOrigins: AllowedOrigins;
  catalogue?: Catalogue;
  /** Largest accepted body; a request is well under 4 KB. Default 16 KB. */
  maxBodyBytes?: number;
  /** Starts per client address; default 10 a minute. `false` turns it off (a gateway limits instead). */
  rateLimit?: RateLimitSetting;
  /** Status reads per client address; default 120 a minute, as a page may poll; in `rateLimit`'s store unless it names one. */
  statusRateLimit?: RateLimitSetting;
  /** Flows started by this handler, all clients together; default 300 an hour, in `rateLimit`'s store unless it names one. */
  globalRateLimit?: RateLimitSetting;
  /** Milliseconds since the epoch; decides "today" for the age check. */
  clock?: () => number;
  /** Default: in memory; share it with the webhook handler. */
  store?: DirectDebitStore;
  /**
   * Where the element's idempotency keys are claimed (as `direct-debit:{key}`) and their answers
   * kept: default in memory, 24 hours. A shared store where several instances serve.
   */
  idempotency?: { store?: IdempotencyStore; ttlMs?: number };
  mandate?: {
    /** Default `bacs`, the UK Direct Debit scheme. */
    scheme?: string;
  };
  /**
   * The merchant's hook for the finance application (credit check). Awaited before the flow id is
   * given out; if it throws the Billing Request is cancelled at GoCardless and the answer is 502
   * `application_failed`. Without it the date of birth is not kept anywhere. A retry that finishes
   * a start whose outcome was unknown may call it again for the same `flowId`.
   */
  onApplication?: (application: DirectDebitApplication) => void | Promise<void>;
  /**
   * Told of each GoCardless failure (status, the provider's error object or the thrown error). A
   * failed cancel of a Billing Request left open names it in `billingRequestId`: cancel it later.
   */
  onProviderError?: (failure: DirectDebitProviderFailure) => void;
  /**
   * The partner-discount handler's `tokenSecret`. The partner discount comes off the initial
   * payment only for a request whose `partnerToken` it signed for the request's e-mail; without
   * this option no partner discount is priced at all (a typed e-mail never earns one).
   */
  partnerTokenSecret?: string;
  /**
   * Where each partner verification is bound to the one order it prices, the start's idempotency
   * key (docs/decisions/partner-token-prices-one-order.md): default in memory. A shared store where
   * several instances serve, the same one the quote handler is given.
   */
  partnerTokens?: PartnerTokenStore;
  /**
   * The shop whose draft order a monthly order is checked out with (docs/decisions/monthly-plan-draft-order.md):
   * with it, the start answers `checkout: 'draft-order'` and `POST …/checkout` makes the draft once
   * the mandate is set up; without it, `checkout: 'cart'` (a cart whose lines carry the plan's selling
   * plans). The token needs `write_draft_orders` and `read_products`.
   */
  shop?: ShopAdminOptions;
}

const MINUTE = 60_000;
const DEFAULT_RATE_LIMIT = { limit: 10, windowMs: MINUTE };
const DEFAULT_STATUS_RATE_LIMIT = { limit: 120, windowMs: MINUTE };
const DEFAULT_GLOBAL_RATE_LIMIT = { limit: 300, windowMs: 60 * MINUTE };
const DEFAULT_IDEMPOTENCY_TTL = 24 * 60 * MINUTE;

function checkOptions(options: DirectDebitHandlerOptions): void {
  checkGoCardlessOptions('createDirectDebitHandler', options.gocardless);
  checkOrigins('createDirectDebitHandler', options.allowedOrigins);
  checkClientAddressOptions('createDirectDebitHandler', options);
  if (options.partnerTokenSecret !== undefined) checkTokenSecret('createDirectDebitHandler', 'partnerTokenSecret', options.partnerTokenSecret);
  if (options.shop !== undefined) checkShopAdminOptions('createDirectDebitHandler', options.shop);
}

/**
 * The direct-debit start handler (STEP-18, PAY-3). POST the element's request
 * as JSON: it is validated with the element's own schema, the monthly figures recomputed from the
 * configuration ids, then a Billing Request with a mandate request and a Billing Request Flow are
 * created through GoCardless's API; the answer is 201 `{ flowId, environment, checkout }` for the
 * drop-in, `checkout` saying how the order is paid for: `draft-order` with the `shop` option, else `cart`.
 * A Billing Request whose flow or application hook then fails is cancelled before the error answer.
 * A request with an `idempotencyKey` starts at most one flow: a repeat gets the first 201 back (header
 * `Idempotent-Replayed: true`), and a retry after an unknown outcome (a timeout) the same Billing
 * Request and flow, through GoCardless's own idempotency keys.
 * GET `?flowId=` answers `{ flowId, status, mandateId? }` as the webhooks recorded it, to an allowed
 * origin or to a caller without an Origin header (a back office, a server). With `shop`, POST
 * `…/checkout` (the start's request and its `flowId`) makes the flow's one draft order once the
 * mandate is set up and answers its invoice link (direct-debit-checkout.ts). Errors are
 * `{ error: { code, message } }` with a status that says whether a retry can help.
 */
export function createDirectDebitHandler(options: DirectDebitHandlerOptions): Handler {
  checkOptions(options);
  const catalogue = options.catalogue ?? UK_CATALOGUE;
  const now = options.clock ?? Date.now;
  const store = options.store ?? memoryDirectDebitStore();
  const keys = options.idempotency?.store ?? memoryIdempotencyStore();
  const keyTtl = options.idempotency?.ttlMs ?? DEFAULT_IDEMPOTENCY_TTL;
  const partnerTokens = options.partnerTokens ?? memoryPartnerTokenStore();
  const shared = sharedStoreOf(options.rateLimit);
  const statusLimit = { ...DEFAULT_STATUS_RATE_LIMIT, store: shared };

  const start = directDebitStart({
    catalogue,
    now,
    store,
    keys,
    keyTtl,
    partnerTokens,
    partnerTokenSecret: options.partnerTokenSecret,
    limitAll: globalLimiter('direct-debit', options.globalRateLimit, { ...DEFAULT_GLOBAL_RATE_LIMIT, store: shared }, now),
    gocardless: createGoCardless(options.gocardless, options.onProviderError),
    environment: options.gocardless.environment,
    scheme: options.mandate?.scheme ?? 'bacs',
    checkout: options.shop ? 'draft-order' : 'cart',
    onApplication: options.onApplication,
  });

  /** `GET ?flowId=`: the flow's status as the webhooks recorded it. */
  async function status({ request, headers }: Call): Promise<Response> {
    const flowId = new URL(request.url).searchParams.get('flowId');
    if (flowId === null || !RESOURCE_ID.test(flowId)) {
      return errorResponse(400, 'invalid_flow_id', 'Give the flow id as ?flowId=BRF….', headers);
    }
    const found = await store.status(flowId);
    if (!found) return errorResponse(404, 'flow_not_found', 'No direct-debit flow with this id is known here.', headers);
    return json(200, { flowId: found.flowId, status: found.status, ...(found.mandateId && { mandateId: found.mandateId }) }, headers);
  }

  const draft =
    options.shop &&
    draftOrderCheckout({
      catalogue,
      store,
      keys,
      keyTtl,
      now,
      shop: createDraftOrders(options.shop, (failure: ShopAdminFailure) => safely(options.onProviderError, { provider: 'shopify', ...failure })),
      partnerTokenSecret: options.partnerTokenSecret,
    });

  /** `POST …/checkout`: the start's request again with its `flowId`, answered with the flow's draft order. */
  const checkout: Route | { notFound: string } = draft
    ? {
        methods: {
          POST: {
            // A page may repeat a checkout while the mandate is pending, as it polls a status.
            limit: clientLimiter('direct-debit-checkout', options.statusRateLimit, statusLimit, options, now),
            body: 'json',
            async run({ body, headers, notes }) {
              const flowId = (body as { flowId?: unknown } | null)?.flowId;
              const parsed = parseDirectDebitRequest(catalogue, body, new Date(now()));
              const problems = [
                ...(typeof flowId === 'string' && RESOURCE_ID.test(flowId) ? [] : [{ field: 'flowId', message: 'flowId: must be the flow id the start answered' }]),
                ...(parsed.ok ? [] : parsed.problems),
              ];
              if (problems.length > 0 || !parsed.ok) return invalidRequest(problems, headers, { problems });
              return draft(parsed.request, parsed.configuration, flowId as string, headers, notes, await orderFingerprint(parsed.request, parsed.configuration));
            },
          },
        },
      }
    : { notFound: 'Monthly orders are checked out with a cart here: there is no …/checkout.' };

  const flows: Route = {
    methods: {
      // A back office or server reading a status sends no Origin (nor does a same-origin page's GET).
      GET: { limit: clientLimiter('direct-debit-status', options.statusRateLimit, statusLimit, options, now), withoutOrigin: true, run: status },
      POST: { limit: clientLimiter('direct-debit', options.rateLimit, DEFAULT_RATE_LIMIT, options, now), body: 'json', run: start },
    },
    wrongMethod: 'Use POST to start a flow, GET to read its status.',
  };

  return handlerShell('direct-debit', {
    ...options,
    cors: { allowedOrigins: options.allowedOrigins, exposed: ['retry-after', 'idempotent-replayed'] },
    durable: [store, keys, partnerTokens, shared, sharedStoreOf(options.statusRateLimit), sharedStoreOf(options.globalRateLimit)],
    maxBodyBytes: options.maxBodyBytes ?? 16 * 1024,
    route: (segment) => (segment === 'checkout' ? checkout : flows),
  });
}
