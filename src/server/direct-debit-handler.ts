import type { Catalogue } from '../domain/catalogue/schema';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import type { Configuration } from '../domain/configuration';
import type { DirectDebitProblem, DirectDebitRequest, DirectDebitStartAnswer, FinanceAnswers } from '../domain/direct-debit';
import { parseDirectDebitRequest } from '../domain/direct-debit';
import type { MonthlyPlanFigures } from '../domain/pricing';
import { priceConfiguration } from '../domain/pricing';
import type { DirectDebitOutcome, DirectDebitStore } from './direct-debit-store';
import { memoryDirectDebitStore } from './direct-debit-store';
import type { BodyResult } from './http';
import { checkOrigins, corsHeaders, errorResponse, fingerprint, json, providerUrlAllowed, readAtMost, readJsonBody } from './http';
import type { ClientAddressOptions } from './client-address';
import { checkClientAddressOptions } from './client-address';
import type { IdempotencyStore } from './idempotency';
import { memoryIdempotencyStore } from './idempotency';
import type { RateLimitSetting } from './limits';
import { clientLimiter, globalLimiter, sharedStoreOf, tooBusy } from './limits';
import { durabilityGuard } from './store-durability';
import type { Handler, OperationsOptions, RequestInfo, RequestNotes } from './operations';
import { observe, safely } from './operations';
import { PARTNER_TOKEN_USED, partnerPricing } from './partner-pricing';
import { checkTokenSecret } from './partner-token';
import type { PartnerTokenStore } from './partner-token-store';
import { memoryPartnerTokenStore } from './partner-token-store';
import { draftOrderCheckout } from './direct-debit-checkout';
import { createDraftOrders } from './draft-orders';
import type { ShopAdminFailure, ShopAdminOptions } from './shop-admin';
import { checkShopAdminOptions } from './shop-admin';

export interface GoCardlessOptions {
  /** From the environment only; it is never logged and never in an answer. */
  accessToken: string;
  /** Chooses the API (sandbox or live) and is told to the drop-in with the flow id. */
  environment: 'sandbox' | 'live';
  /** Overrides the environment's API base URL (the demo's stand-in, tests). */
  baseUrl?: string;
  /** The fetch used to call GoCardless; tests and the demo hand in a stand-in. */
  fetch?: typeof fetch;
  /** Give up on a GoCardless call after this long and answer 502; default 10 seconds. */
  timeoutMs?: number;
}

/** What the merchant's finance hook receives for its credit check. */
export interface DirectDebitApplication {
  flowId: string;
  billingRequestId: string;
  environment: 'sandbox' | 'live';
  customer: DirectDebitRequest['customer'];
  /** The finance step's answers, the date of birth included; it goes nowhere else. */
  finance: FinanceAnswers;
  configuration: Configuration;
  /** Recomputed here from the configuration ids, in pence. */
  monthly: MonthlyPlanFigures;
}

export interface DirectDebitHandlerOptions extends OperationsOptions, ClientAddressOptions {
  gocardless: GoCardlessOptions;
  /** Origins whose pages may call (exact, e.g. `https://portal.example`), or a test of the origin. */
  allowedOrigins: readonly string[] | ((origin: string, request: Request) => boolean);
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

export interface DirectDebitProviderFailure {
  /** `shopify` for a call to the shop's Admin API (a checkout's); GoCardless's failures name none. */
  provider?: 'shopify';
  status?: number;
  error?: unknown;
  /** The Admin API's GraphQL `errors` or `userErrors`, as the shop answered them. */
  errors?: unknown;
  /** The API path called, e.g. `billing_request_flows` or `billing_requests/BRQ…/actions/cancel`. */
  endpoint?: string;
  /** Set when the failed call was the cancel of this Billing Request: it is still open at GoCardless. */
  billingRequestId?: string;
}

const MINUTE = 60_000;
const DEFAULT_RATE_LIMIT = { limit: 10, windowMs: MINUTE };
const DEFAULT_STATUS_RATE_LIMIT = { limit: 120, windowMs: MINUTE };
const DEFAULT_GLOBAL_RATE_LIMIT = { limit: 300, windowMs: 60 * MINUTE };
const DEFAULT_IDEMPOTENCY_TTL = 24 * 60 * MINUTE;
/** How long a start holds its key without news (a crashed instance): beyond its GoCardless calls. */
const START_LEASE_MS = 2 * MINUTE;
const API_BASE = { sandbox: 'https://api-sandbox.gocardless.com', live: 'https://api.gocardless.com' } as const;
/** The API version every request names (GoCardless's only one). */
const GOCARDLESS_VERSION = '2015-07-06';
/** GoCardless ids (BRQ…, BRF…); exactly the flow ids the element's `DirectDebitStartAnswerSchema` accepts. */
const RESOURCE_ID = /^[A-Za-z0-9_-]{1,64}$/;

const singleLine = (text: unknown) => typeof text === 'string' && text.trim() !== '' && !/[\r\n]/.test(text);

function checkOptions(options: DirectDebitHandlerOptions): void {
  const { accessToken, environment } = options.gocardless;
  // The token's value stays out of the message: it may end up in a log.
  if (!singleLine(accessToken)) throw new TypeError('createDirectDebitHandler: gocardless.accessToken must be a non-empty single line.');
  if (environment !== 'sandbox' && environment !== 'live') {
    throw new TypeError('createDirectDebitHandler: gocardless.environment must be "sandbox" or "live".');
  }
  if (options.gocardless.baseUrl !== undefined && !providerUrlAllowed(options.gocardless.baseUrl)) {
    throw new TypeError('createDirectDebitHandler: gocardless.baseUrl must be an https URL (http only to a loopback host): the access token travels with every request.');
  }
  checkOrigins('createDirectDebitHandler', options.allowedOrigins);
  checkClientAddressOptions('createDirectDebitHandler', options);
  if (options.partnerTokenSecret !== undefined) checkTokenSecret('createDirectDebitHandler', 'partnerTokenSecret', options.partnerTokenSecret);
  if (options.shop !== undefined) checkShopAdminOptions('createDirectDebitHandler', options.shop);
}

/** The Billing Request's metadata: GoCardless allows 3 keys (≤ 50 characters) with values ≤ 500 characters. */
export function directDebitMetadata(monthly: MonthlyPlanFigures): Record<string, string> {
  return {
    plan: `PAY_MONTHLY: ${monthly.months} monthly payments, then ${monthly.afterwardsPerYear} pence a year`,
    initial_payment_pence: String(monthly.initialPayment),
    monthly_payment_pence: String(monthly.monthlyPayment),
  };
}

/** The payer's details the flow starts with, so the buyer does not type them twice. */
export function directDebitPrefilledCustomer(request: DirectDebitRequest): Record<string, string> {
  const { customer, finance } = request;
  const region = finance.primaryRegion.trim();
  return {
    given_name: customer['first-name'].trim(),
    family_name: customer['last-name'].trim(),
    email: customer.email.trim(),
    address_line1: finance.primaryAddress1.trim(),
    city: finance.primaryCity.trim(),
    ...(region !== '' && { region }),
    postal_code: finance.primaryPostcode.trim().toUpperCase(),
    country_code: 'GB',
  };
}

/**
 * The fingerprint of the request's fields that make the order: a checkout must repeat them to be
 * matched to its start. The idempotency key names an attempt, not the order, and the date of birth
 * is kept nowhere, not even hashed.
 */
export async function orderFingerprint(request: DirectDebitRequest, configuration: Configuration): Promise<string> {
  const { idempotencyKey: _key, finance, ...order } = request;
  const { dob: _dob, ...address } = finance;
  return fingerprint({ ...order, finance: address, configuration });
}

/** A GoCardless call that failed; `uncertain` when GoCardless may have acted all the same. */
class ProviderFailure extends Error {
  /** `permanent`: GoCardless refused the handler itself (its token, its access or its request), so a retry fails alike. */
  constructor(
    readonly uncertain: boolean,
    readonly permanent = false,
  ) {
    super('GoCardless call failed');
  }
}

/** GoCardless's answers that no retry changes: a bad or revoked token, no access, a request it cannot take. */
const PERMANENT_STATUSES = new Set([400, 401, 403, 404, 422]);

/** The start's answer: the flow for the drop-in, and how the order will be checked out. */
type StartAnswer = DirectDebitStartAnswer & { checkout: 'draft-order' | 'cart' };

/**
 * How a start ended: a flow handed out, an answer after which nothing is left open at GoCardless,
 * or GoCardless's side unknown (a timeout, a 5xx), which a retry with the same keys settles.
 */
type StartOutcome =
  | { kind: 'started'; answer: StartAnswer }
  | { kind: 'refused'; response: Response }
  | { kind: 'uncertain' };

/**
 * The Idempotency-Key of each GoCardless create of a start, by a name for what it creates: derived
 * from the element's key when it sent one, so a retry gets GoCardless's resources back; undefined
 * for a random key per call.
 */
type ProviderKeys = ((name: string) => Promise<string>) | undefined;

/** The `links.conflicting_resource_id` of GoCardless's 409 for a repeated Idempotency-Key, if that is the error. */
function conflictingResource(body: unknown): unknown {
  const errors = (body as { error?: { errors?: unknown } } | null)?.error?.errors;
  if (!Array.isArray(errors)) return undefined;
  const conflict = (errors as { reason?: unknown; links?: { conflicting_resource_id?: unknown } }[]).find(
    (error) => error?.reason === 'idempotent_creation_conflict',
  );
  return conflict?.links?.conflicting_resource_id;
}

const timedOut = (error: unknown) => (error as { name?: unknown } | null)?.name === 'TimeoutError';

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
  const maxBodyBytes = options.maxBodyBytes ?? 16 * 1024;
  const now = options.clock ?? Date.now;
  const store = options.store ?? memoryDirectDebitStore();
  const scheme = options.mandate?.scheme ?? 'bacs';
  const { accessToken, environment, timeoutMs = 10_000 } = options.gocardless;
  const baseUrl = (options.gocardless.baseUrl ?? API_BASE[environment]).replace(/\/+$/, '');
  const providerFetch = options.gocardless.fetch ?? ((input, init) => fetch(input, init));
  const keys = options.idempotency?.store ?? memoryIdempotencyStore();
  const keyTtl = options.idempotency?.ttlMs ?? DEFAULT_IDEMPOTENCY_TTL;
  const partnerTokens = options.partnerTokens ?? memoryPartnerTokenStore();
  const limits = {
    start: clientLimiter('direct-debit', options.rateLimit, DEFAULT_RATE_LIMIT, options, now),
    status: clientLimiter('direct-debit-status', options.statusRateLimit, { ...DEFAULT_STATUS_RATE_LIMIT, store: sharedStoreOf(options.rateLimit) }, options, now),
    // A page may repeat a checkout while the mandate is pending, as it polls a status.
    checkout: clientLimiter('direct-debit-checkout', options.statusRateLimit, { ...DEFAULT_STATUS_RATE_LIMIT, store: sharedStoreOf(options.rateLimit) }, options, now),
    all: globalLimiter('direct-debit', options.globalRateLimit, { ...DEFAULT_GLOBAL_RATE_LIMIT, store: sharedStoreOf(options.rateLimit) }, now),
  };
  const refuseVolatile = durabilityGuard([
    store,
    keys,
    partnerTokens,
    sharedStoreOf(options.rateLimit),
    sharedStoreOf(options.statusRateLimit),
    sharedStoreOf(options.globalRateLimit),
  ]);

  const allowed = (origin: string, request: Request) =>
    typeof options.allowedOrigins === 'function'
      ? options.allowedOrigins(origin, request)
      : options.allowedOrigins.includes(origin);

  const checkout =
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

  /**
   * One call to GoCardless's API with its headers and the time limit: a GET, or a POST of `body`
   * whose Idempotency-Key makes it act once however often it is repeated. Network failures throw.
   */
  const callProvider = (endpoint: string, post?: { body: unknown; idempotencyKey: string }): Promise<Response> =>
    providerFetch(`${baseUrl}/${endpoint}`, {
      method: post ? 'POST' : 'GET',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'gocardless-version': GOCARDLESS_VERSION,
        accept: 'application/json',
        ...(post && { 'content-type': 'application/json', 'idempotency-key': post.idempotencyKey }),
      },
      ...(post && { body: JSON.stringify(post.body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });

  /**
   * Creates a resource (`{ [envelope]: resource }` posted with `idempotencyKey`) or reads one
   * (without). A create repeating its key answers the resource that key created before, as
   * GoCardless's 409 `idempotent_creation_conflict` names it: `{ id, repeated: true }`. Any failure
   * is reported and becomes a ProviderFailure, uncertain unless GoCardless refused with a 4xx.
   */
  async function provide(
    endpoint: string,
    envelope: string,
    notes: RequestNotes,
    create?: { resource: Record<string, unknown>; idempotencyKey: string },
  ): Promise<{ id: string; status?: unknown; repeated: boolean }> {
    let response: Response;
    try {
      response = await callProvider(endpoint, create && { body: { [envelope]: create.resource }, idempotencyKey: create.idempotencyKey });
    } catch (error) {
      notes.provider = timedOut(error) ? 'timeout' : 'network';
      safely(options.onProviderError, { error, endpoint });
      throw new ProviderFailure(true);
    }
    notes.provider = response.status;
    const body = (await response.json().catch(() => null)) as Record<string, { id?: unknown; status?: unknown } | undefined> | null;
    const repeated = create !== undefined && response.status === 409 ? conflictingResource(body) : undefined;
    if (!response.ok && repeated === undefined) {
      safely(options.onProviderError, { status: response.status, error: body?.error, endpoint });
      throw new ProviderFailure(response.status >= 500, PERMANENT_STATUSES.has(response.status));
    }
    const id = repeated ?? body?.[envelope]?.id;
    if (typeof id !== 'string' || !RESOURCE_ID.test(id)) {
      safely(options.onProviderError, { status: response.status, error: new Error(`${endpoint}: the answer has no usable id`), endpoint });
      throw new ProviderFailure(true);
    }
    return { id, status: body?.[envelope]?.status, repeated: repeated !== undefined };
  }

  /**
   * The attempt's Billing Request: a new one, or the pending one an attempt with the same keys
   * created before (its outcome unknown). One no longer pending (cancelled when that attempt failed)
   * is spent: its id extends the key, so the next create makes a new one.
   */
  async function openBillingRequest(resource: Record<string, unknown>, keyFor: (name: string) => Promise<string>, notes: RequestNotes): Promise<string> {
    for (let spent = ''; ; ) {
      const created = await provide('billing_requests', 'billing_requests', notes, { resource, idempotencyKey: await keyFor(`billing_requests${spent}`) });
      if (!created.repeated) return created.id;
      const { status } = await provide(`billing_requests/${created.id}`, 'billing_requests', notes);
      if (status === 'pending') return created.id;
      spent += `:${created.id}`;
    }
  }

  /**
   * Cancels a Billing Request this handler opened but will not hand out (its flow failed, or the
   * merchant's hook did), so it does not stay open at GoCardless; its flows expire with it and
   * GoCardless's `cancelled` webhook records the outcome. Never throws: a failure is only reported
   * (with the id, to cancel later), as the buyer's answer is about the original problem.
   */
  async function cancel(billingRequestId: string): Promise<void> {
    const endpoint = `billing_requests/${billingRequestId}/actions/cancel`;
    let failure: DirectDebitProviderFailure;
    try {
      const response = await callProvider(endpoint, { body: { data: {} }, idempotencyKey: crypto.randomUUID() });
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
      failure = { status: response.status, error: body?.error, endpoint, billingRequestId };
    } catch (error) {
      failure = { error, endpoint, billingRequestId };
    }
    // A throwing report hook must not replace the answer either.
    safely(options.onProviderError, failure);
  }

  /**
   * Prices the order and starts its flow. A partner discount's verification is bound to `orderKey`
   * first, so a verification another order holds is refused (409 `partner_token_used`), and freed
   * again when the start did nothing, for the buyer's next try.
   */
  async function start(
    request: DirectDebitRequest,
    configuration: Configuration,
    cors: Record<string, string>,
    notes: RequestNotes,
    providerKeys: ProviderKeys,
    orderKey: string,
  ): Promise<StartOutcome> {
    const partner = await partnerPricing(catalogue, { token: request.partnerToken, secret: options.partnerTokenSecret, email: request.customer.email }, now());
    if (!partner.ok) {
      notes.reason = 'invalid_partner_token';
      const problems = [{ field: 'partnerToken', message: partner.message }];
      return { kind: 'refused', response: json(422, { error: { code: 'invalid_request', message: 'Check partnerToken.', problems }, problems }, cors) };
    }
    const waitMs = await limits.all(notes);
    if (waitMs !== null) return { kind: 'refused', response: tooBusy(waitMs, cors) };
    const { verification } = partner;
    if (verification && !(await partnerTokens.bind(verification.id, orderKey, verification.expiresAt - now(), now()))) {
      notes.reason = 'partner_token_used';
      const problems = [{ field: 'partnerToken', message: PARTNER_TOKEN_USED }];
      return { kind: 'refused', response: json(409, { error: { code: 'partner_token_used', message: PARTNER_TOKEN_USED }, problems }, cors) };
    }
    const free = async () => {
      if (verification) await partnerTokens.unbind(verification.id, orderKey, now());
    };
    const { monthly } = priceConfiguration(catalogue, configuration, partner.context);
    let outcome: StartOutcome;
    try {
      outcome = await startFlow(request, configuration, monthly, cors, notes, providerKeys);
    } catch (error) {
      await free();
      throw error;
    }
    // An uncertain start keeps its binding: the retry with its key finishes it.
    if (outcome.kind === 'refused') await free();
    return outcome;
  }

  /**
   * Creates the Billing Request and its flow, saves the flow and calls the application hook. What
   * failed after the Billing Request was created is cancelled before the answer, except an unknown
   * outcome with derived keys: the retry finishes that attempt instead.
   */
  async function startFlow(
    request: DirectDebitRequest,
    configuration: Configuration,
    monthly: MonthlyPlanFigures,
    cors: Record<string, string>,
    notes: RequestNotes,
    providerKeys: ProviderKeys,
  ): Promise<StartOutcome> {
    const keyFor = async (name: string) => (providerKeys ? providerKeys(name) : crypto.randomUUID());
    let billingRequestId: string | undefined;
    let flowId: string;
    try {
      billingRequestId = await openBillingRequest({ mandate_request: { scheme, currency: 'GBP' }, metadata: directDebitMetadata(monthly) }, keyFor, notes);
      const flow = await provide('billing_request_flows', 'billing_request_flows', notes, {
        resource: { links: { billing_request: billingRequestId }, prefilled_customer: directDebitPrefilledCustomer(request) },
        idempotencyKey: await keyFor(`billing_request_flows:${billingRequestId}`),
      });
      flowId = flow.id;
    } catch (error) {
      if (!(error instanceof ProviderFailure)) throw error;
      if (error.uncertain && providerKeys) return { kind: 'uncertain' };
      // The flow may even exist (a timeout after GoCardless acted): cancelling the request expires it too.
      if (billingRequestId !== undefined) await cancel(billingRequestId);
      if (error.permanent) {
        notes.permanent = true;
        notes.reason = 'provider_rejected';
        return {
          kind: 'refused',
          response: json(
            503,
            {
              error: {
                code: 'provider_rejected',
                retryable: false,
                message: 'GoCardless refused this service, so Direct Debit cannot be set up online now; no mandate was started.',
              },
            },
            cors,
          ),
        };
      }
      notes.reason = 'provider_failed';
      return {
        kind: 'refused',
        response: errorResponse(502, 'provider_failed', 'GoCardless did not accept the request; no mandate was started. Try again.', cors),
      };
    }
    try {
      await store.saveFlow({ flowId, billingRequestId, createdAt: now(), request: await orderFingerprint(request, configuration) });
    } catch (error) {
      await cancel(billingRequestId);
      throw error;
    }
    try {
      await options.onApplication?.({
        flowId,
        billingRequestId,
        environment,
        customer: request.customer,
        finance: request.finance,
        configuration,
        monthly,
      });
    } catch (error) {
      await cancel(billingRequestId);
      notes.reason = 'application_failed';
      notes.failure = error;
      return {
        kind: 'refused',
        response: errorResponse(502, 'application_failed', 'The finance application could not be submitted. Try again.', cors),
      };
    }
    return { kind: 'started', answer: { flowId, environment, checkout: options.shop ? 'draft-order' : 'cart' } };
  }

  function answer(outcome: StartOutcome, cors: Record<string, string>, notes: RequestNotes): Response {
    if (outcome.kind === 'started') return json(201, outcome.answer, cors);
    if (outcome.kind === 'refused') return outcome.response;
    notes.reason = 'start_unconfirmed';
    return errorResponse(
      502,
      'start_unconfirmed',
      'GoCardless did not answer in time, so the flow may or may not have started. Try again with the same idempotency key: the retry finishes it.',
      cors,
    );
  }

  /**
   * A start with the element's key: a stored answer is replayed, another body or a start still
   * running is refused, else the start runs and its outcome decides what the key keeps.
   */
  async function startOnce(
    idempotencyKey: string,
    request: DirectDebitRequest,
    configuration: Configuration,
    cors: Record<string, string>,
    notes: RequestNotes,
  ): Promise<Response> {
    const key = `direct-debit:${idempotencyKey}`;
    const token = crypto.randomUUID();
    const at = now();
    const print = await fingerprint(request);
    const claim = await keys.claim(key, { fingerprint: print, token, leaseMs: START_LEASE_MS, ttlMs: keyTtl }, at);
    if (claim.outcome === 'done') {
      notes.idempotency = 'replayed';
      return json(claim.answer.status, claim.answer.body, { ...cors, 'idempotent-replayed': 'true' });
    }
    if (claim.outcome === 'mismatch') {
      notes.idempotency = 'mismatch';
      return errorResponse(422, 'idempotency_key_reused', 'This idempotency key came before with another request; send the changed request with a new key.', cors);
    }
    if (claim.outcome === 'pending') {
      notes.idempotency = 'in_progress';
      return errorResponse(409, 'request_in_progress', 'This flow is still being started; try again shortly.', { ...cors, 'retry-after': '2' });
    }
    const since = claim.outcome === 'uncertain' ? claim.since : at;
    // The same for every retry of this request (also once its key is forgotten), and fixed-length.
    const providerKeys = async (name: string) => (await fingerprint([key, print, name])).slice(0, 32);
    let outcome: StartOutcome;
    try {
      outcome = await start(request, configuration, cors, notes, providerKeys, idempotencyKey);
    } catch (error) {
      // The store failed before acting or after the Billing Request was cancelled: nothing to finish.
      await keys.release(key, token, now());
      throw error;
    }
    if (outcome.kind === 'started') {
      await keys.complete(key, token, { status: 201, body: outcome.answer }, keyTtl, now());
      notes.idempotency = claim.outcome === 'uncertain' ? 'confirmed' : 'fresh';
    } else if (outcome.kind === 'uncertain') {
      await keys.markUncertain(key, token, since, keyTtl, now());
      notes.idempotency = 'unconfirmed';
    } else {
      await keys.release(key, token, now());
      notes.idempotency = 'released';
    }
    return answer(outcome, cors, notes);
  }

  async function status(request: Request, cors: Record<string, string>): Promise<Response> {
    const flowId = new URL(request.url).searchParams.get('flowId');
    if (flowId === null || !RESOURCE_ID.test(flowId)) {
      return errorResponse(400, 'invalid_flow_id', 'Give the flow id as ?flowId=BRF….', cors);
    }
    const found = await store.status(flowId);
    if (!found) return errorResponse(404, 'flow_not_found', 'No direct-debit flow with this id is known here.', cors);
    return json(200, { flowId: found.flowId, status: found.status, ...(found.mandateId && { mandateId: found.mandateId }) }, cors);
  }

  /** `problems` at the top, as the element reads them, and under `error`, as the relay puts them. */
  const invalid = (problems: DirectDebitProblem[], cors: Record<string, string>) =>
    json(
      422,
      { error: { code: 'invalid_request', message: `Check ${problems.map((problem) => problem.field || 'the request').join(', ')}.`, problems }, problems },
      cors,
    );

  /** The body as JSON, or the answer refusing it. */
  async function bodyOf(request: Request, cors: Record<string, string>): Promise<BodyResult> {
    const body = await readJsonBody(request, maxBodyBytes);
    if (!body.ok) for (const [name, value] of Object.entries(cors)) body.response.headers.set(name, value);
    return body;
  }

  /** `POST …/checkout`: the start's request again with its `flowId`, answered with the flow's draft order. */
  async function checkoutRoute(request: Request, cors: Record<string, string>, notes: RequestNotes, info: RequestInfo): Promise<Response> {
    if (!checkout) return errorResponse(404, 'not_found', 'Monthly orders are checked out with a cart here: there is no …/checkout.', cors);
    if (request.method === 'OPTIONS') return preflight('POST', cors);
    if (request.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST.', { ...cors, allow: 'POST, OPTIONS' });
    const limited = await limits.checkout(request, info, notes, cors);
    if (limited) return limited;
    const body = await bodyOf(request, cors);
    if (!body.ok) return body.response;
    const flowId = (body.value as { flowId?: unknown } | null)?.flowId;
    const parsed = parseDirectDebitRequest(catalogue, body.value, new Date(now()));
    const problems = [
      ...(typeof flowId === 'string' && RESOURCE_ID.test(flowId) ? [] : [{ field: 'flowId', message: 'flowId: must be the flow id the start answered' }]),
      ...(parsed.ok ? [] : parsed.problems),
    ];
    if (problems.length > 0 || !parsed.ok) return invalid(problems, cors);
    return checkout(parsed.request, parsed.configuration, flowId as string, cors, notes, await orderFingerprint(parsed.request, parsed.configuration));
  }

  return observe('direct-debit', options, async (request, notes, info) => {
    const origin = request.headers.get('origin');
    const path = new URL(request.url).pathname.replace(/\/+$/, '');
    const toCheckout = path.slice(path.lastIndexOf('/') + 1) === 'checkout';
    // A back office or server reading a status sends no Origin (nor does a same-origin page's GET):
    // it is answered without CORS headers. A page of another origin always sends one.
    if (origin === null ? toCheckout || request.method !== 'GET' : !allowed(origin, request)) {
      return errorResponse(403, 'origin_not_allowed', 'Requests from this origin are not accepted.');
    }
    const cors = origin === null ? {} : corsHeaders(origin, ['retry-after', 'idempotent-replayed']);
    const volatile = request.method === 'OPTIONS' ? null : await refuseVolatile(notes, cors);
    if (volatile) return volatile;
    if (toCheckout) return checkoutRoute(request, cors, notes, info);
    if (request.method === 'OPTIONS') return preflight('GET, POST', cors);
    if (request.method === 'GET') return (await limits.status(request, info, notes, cors)) ?? status(request, cors);
    if (request.method !== 'POST') {
      return errorResponse(405, 'method_not_allowed', 'Use POST to start a flow, GET to read its status.', {
        ...cors,
        allow: 'GET, POST, OPTIONS',
      });
    }
    const limited = await limits.start(request, info, notes, cors);
    if (limited) return limited;
    const body = await bodyOf(request, cors);
    if (!body.ok) return body.response;
    const parsed = parseDirectDebitRequest(catalogue, body.value, new Date(now()));
    if (!parsed.ok) return invalid(parsed.problems, cors);
    const { idempotencyKey } = parsed.request;
    if (idempotencyKey !== undefined) return startOnce(idempotencyKey, parsed.request, parsed.configuration, cors, notes);
    // Without a key each start is an order of its own.
    return answer(await start(parsed.request, parsed.configuration, cors, notes, undefined, crypto.randomUUID()), cors, notes);
  });
}

/** The answer to a CORS preflight for `methods`. */
const preflight = (methods: string, cors: Record<string, string>) =>
  new Response(null, {
    status: 204,
    headers: { ...cors, 'access-control-allow-methods': methods, 'access-control-allow-headers': 'content-type', 'access-control-max-age': '600' },
  });

/** A GoCardless event as a webhook delivers it; only the fields read here are typed. */
export interface GoCardlessEvent {
  id: string;
  created_at?: string;
  resource_type: string;
  action: string;
  links?: Record<string, string | undefined>;
  details?: Record<string, unknown>;
  [field: string]: unknown;
}

export interface DirectDebitWebhookOptions extends OperationsOptions {
  /** The webhook endpoint's secret from GoCardless's dashboard. */
  webhookSecret: string;
  /** The start handler's store; default in memory (then only `onEvent` sees the outcomes). */
  store?: DirectDebitStore;
  /**
   * Where each event id is claimed (as `direct-debit-event:{id}`), so an event is handled once
   * however often it is delivered: default in memory, ids kept 7 days. A shared store where several
   * instances serve.
   */
  idempotency?: { store?: IdempotencyStore; ttlMs?: number };
  /**
   * Called once for every verified event, billing-request or not, in order; a redelivered event
   * (same id) is not passed again once handled. If it throws the answer is 500, GoCardless delivers
   * the batch again and only the events not yet handled run again.
   */
  onEvent?: (event: GoCardlessEvent) => void | Promise<void>;
  /** Default 1 MB; a batch holds at most 250 events. */
  maxBodyBytes?: number;
  /** Milliseconds since the epoch, for events without `created_at`. */
  clock?: () => number;
}

const DEFAULT_EVENT_TTL = 7 * 24 * 60 * MINUTE;
/** How long an event is held by the instance handling it (a crashed one) before another may. */
const EVENT_LEASE_MS = 2 * MINUTE;

/** Billing-request actions that end the request, as the store records them. */
const OUTCOMES: Readonly<Record<string, DirectDebitOutcome>> = { fulfilled: 'fulfilled', cancelled: 'cancelled', failed: 'failed' };

const isEvent = (value: unknown): value is GoCardlessEvent => {
  const event = value as Partial<GoCardlessEvent> | null;
  return (
    typeof event === 'object' && event !== null &&
    typeof event.id === 'string' && event.id !== '' &&
    typeof event.resource_type === 'string' && typeof event.action === 'string'
  );
};

/**
 * The direct-debit webhook handler. The drop-in's onSuccess fires when the payer finishes
 * the flow, which may be before GoCardless has fulfilled the billing request and set up the
 * mandate, and a page's callback proves nothing anyway. So GoCardless's own word is recorded here:
 * a `billing_requests` event `fulfilled` (with the mandate id), `cancelled` or `failed` goes into
 * the store, and the merchant checks `store.status(flowId)` (or the start handler's GET) before
 * fulfilling a monthly order. Each POST is checked against its `Webhook-Signature` (hex HMAC-SHA256
 * of the raw body with the endpoint secret) before anything is read; a bad one answers 498. Each
 * event is handled once by its id. A batch with an event that could not be handled yet is answered
 * with an error, so GoCardless delivers it again: 500 when `onEvent` threw, 409
 * `billing_request_unknown` for an outcome of a billing request no flow of the store started (yet:
 * another instance's, or one whose flow is still being saved), 409 `event_in_progress` while
 * another instance handles one.
 */
export function createDirectDebitWebhookHandler(options: DirectDebitWebhookOptions): Handler {
  if (!singleLine(options.webhookSecret)) {
    throw new TypeError('createDirectDebitWebhookHandler: webhookSecret must be a non-empty single line.');
  }
  const store = options.store ?? memoryDirectDebitStore();
  const keys = options.idempotency?.store ?? memoryIdempotencyStore();
  const eventTtl = options.idempotency?.ttlMs ?? DEFAULT_EVENT_TTL;
  const refuseVolatile = durabilityGuard([store, keys]);
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const now = options.clock ?? Date.now;
  const encoder = new TextEncoder();
  let key: Promise<CryptoKey> | undefined;
  // Imported on first use: module scope may not await, and a failed import is retried.
  const hmacKey = () =>
    (key ??= crypto.subtle
      .importKey('raw', encoder.encode(options.webhookSecret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify'])
      .catch((error: unknown) => {
        key = undefined;
        throw error;
      }));

  /** `crypto.subtle.verify` compares in constant time, unlike comparing hex strings. */
  async function signed(signature: string | null, body: Uint8Array<ArrayBuffer>): Promise<boolean> {
    const hex = signature?.trim().toLowerCase() ?? '';
    if (!/^[0-9a-f]{64}$/.test(hex)) return false;
    const bytes = new Uint8Array(32);
    for (let i = 0; i < 32; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
    return crypto.subtle.verify('HMAC', await hmacKey(), bytes, body);
  }

  /**
   * Records an outcome of a billing request in the store, then tells `onEvent`; an outcome of a
   * billing request the store does not know is neither recorded nor told. Throws if the store does.
   */
  async function handle(event: GoCardlessEvent, notes: RequestNotes): Promise<'handled' | 'unknown' | 'failed'> {
    const outcome = event.resource_type === 'billing_requests' ? OUTCOMES[event.action] : undefined;
    const billingRequestId = event.links?.billing_request;
    if (outcome && typeof billingRequestId === 'string') {
      const mandateId = outcome === 'fulfilled' ? event.links?.mandate_request_mandate : undefined;
      const at = Date.parse(event.created_at ?? '');
      const recorded = await store.recordEvent({
        billingRequestId,
        status: outcome,
        ...(typeof mandateId === 'string' && { mandateId }),
        eventId: event.id,
        at: Number.isNaN(at) ? now() : at,
      });
      if (recorded === 'unknown') return 'unknown';
    }
    try {
      await options.onEvent?.(event);
      return 'handled';
    } catch (error) {
      notes.failure ??= error;
      return 'failed';
    }
  }

  return observe('direct-debit-webhook', options, async (request, notes) => {
    if (request.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST.', { allow: 'POST' });
    const volatile = await refuseVolatile(notes, {});
    if (volatile) return volatile;
    const declared = Number(request.headers.get('content-length') ?? '0');
    const body = declared > maxBodyBytes ? null : await readAtMost(request, maxBodyBytes);
    if (body === null) return errorResponse(413, 'body_too_large', `The body must be at most ${maxBodyBytes} bytes.`);
    if (!(await signed(request.headers.get('webhook-signature'), body))) {
      return errorResponse(498, 'invalid_signature', 'The Webhook-Signature does not match the body.');
    }
    let events: unknown;
    try {
      events = (JSON.parse(new TextDecoder().decode(body)) as { events?: unknown } | null)?.events;
    } catch {
      return errorResponse(400, 'invalid_json', 'The body is not valid JSON.');
    }
    if (!Array.isArray(events) || !events.every(isEvent)) {
      return errorResponse(400, 'invalid_events', 'The body must be { events: [{ id, resource_type, action, … }] }.');
    }
    let failed = false;
    let unknown = false;
    let busy = false;
    for (const event of events) {
      const key = `direct-debit-event:${event.id}`;
      const token = crypto.randomUUID();
      const claim = await keys.claim(key, { fingerprint: event.id, token, leaseMs: EVENT_LEASE_MS, ttlMs: eventTtl }, now());
      if (claim.outcome === 'pending') busy = true;
      if (claim.outcome !== 'claimed' && claim.outcome !== 'uncertain') continue;
      let handled: 'handled' | 'unknown' | 'failed';
      try {
        handled = await handle(event, notes);
      } catch (error) {
        await keys.release(key, token, now());
        throw error;
      }
      if (handled === 'handled') {
        await keys.complete(key, token, { status: 204, body: null }, eventTtl, now());
      } else {
        // Released: the redelivery handles it again (an unknown one once the store knows its flow).
        await keys.release(key, token, now());
        unknown ||= handled === 'unknown';
        failed ||= handled === 'failed';
      }
    }
    if (failed) {
      notes.reason = 'event_handler_failed';
      return errorResponse(500, 'event_handler_failed', 'An event could not be handled; deliver the batch again.');
    }
    if (unknown) {
      notes.reason = 'billing_request_unknown';
      return errorResponse(409, 'billing_request_unknown', 'An event is about a billing request this store does not know yet; deliver the batch again.');
    }
    if (busy) {
      notes.reason = 'event_in_progress';
      return errorResponse(409, 'event_in_progress', 'An event is being handled by another instance; deliver the batch again.');
    }
    return new Response(null, { status: 204 });
  });
}
