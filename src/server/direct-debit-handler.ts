import type { Catalogue } from '../domain/catalogue/schema';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import type { Configuration } from '../domain/configuration';
import type { DirectDebitRequest, DirectDebitStartAnswer, FinanceAnswers } from '../domain/direct-debit';
import { directDebitPricingContext, parseDirectDebitRequest } from '../domain/direct-debit';
import type { MonthlyPlanFigures } from '../domain/pricing';
import { priceConfiguration } from '../domain/pricing';
import type { DirectDebitOutcome, DirectDebitStore } from './direct-debit-store';
import { memoryDirectDebitStore } from './direct-debit-store';
import { checkOrigins, corsHeaders, errorResponse, json, readAtMost, readJsonBody } from './http';
import type { ClientAddressOptions } from './client-address';
import { checkClientAddressOptions } from './client-address';
import type { RateLimitSetting } from './limits';
import { clientLimiter, globalLimiter, tooBusy } from './limits';
import type { Handler, OperationsOptions, RequestNotes } from './operations';
import { observe } from './operations';

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
  /** Status reads per client address; default 120 a minute, as a page may poll. */
  statusRateLimit?: RateLimitSetting;
  /** Flows started by this handler, all clients together; default 300 an hour. */
  globalRateLimit?: RateLimitSetting;
  /** Milliseconds since the epoch; decides "today" for the age check. */
  clock?: () => number;
  /** Default: in memory; share it with the webhook handler. */
  store?: DirectDebitStore;
  mandate?: {
    /** Default `bacs`, the UK Direct Debit scheme. */
    scheme?: string;
  };
  /**
   * The merchant's hook for the finance application (credit check). Awaited before the flow id is
   * given out; if it throws the Billing Request is cancelled at GoCardless and the answer is 502
   * `application_failed`. Without it the date of birth is not kept anywhere.
   */
  onApplication?: (application: DirectDebitApplication) => void | Promise<void>;
  /**
   * Told of each GoCardless failure (status, the provider's error object or the thrown error). A
   * failed cancel of a Billing Request left open names it in `billingRequestId`: cancel it later.
   */
  onProviderError?: (failure: DirectDebitProviderFailure) => void;
}

export interface DirectDebitProviderFailure {
  status?: number;
  error?: unknown;
  /** The API path called, e.g. `billing_request_flows` or `billing_requests/BRQ…/actions/cancel`. */
  endpoint?: string;
  /** Set when the failed call was the cancel of this Billing Request: it is still open at GoCardless. */
  billingRequestId?: string;
}

const MINUTE = 60_000;
const DEFAULT_RATE_LIMIT = { limit: 10, windowMs: MINUTE };
const DEFAULT_STATUS_RATE_LIMIT = { limit: 120, windowMs: MINUTE };
const DEFAULT_GLOBAL_RATE_LIMIT = { limit: 300, windowMs: 60 * MINUTE };
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
  checkOrigins('createDirectDebitHandler', options.allowedOrigins);
  checkClientAddressOptions('createDirectDebitHandler', options);
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

class ProviderFailure extends Error {}

/**
 * The direct-debit start handler (issue 6, spec §5 direct-debit step). POST the element's request
 * as JSON: it is validated with the element's own schema, the monthly figures recomputed from the
 * configuration ids, then a Billing Request with a mandate request and a Billing Request Flow are
 * created through GoCardless's API; the answer is 201 `{ flowId, environment }` for the drop-in.
 * A Billing Request whose flow or application hook then fails is cancelled before the error answer.
 * GET `?flowId=` answers `{ flowId, status, mandateId? }` as the webhooks recorded it, to an allowed
 * origin or to a caller without an Origin header (a back office, a server). Errors are
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
  const limits = {
    start: clientLimiter('direct-debit', options.rateLimit, DEFAULT_RATE_LIMIT, options, now),
    status: clientLimiter('direct-debit-status', options.statusRateLimit, DEFAULT_STATUS_RATE_LIMIT, options, now),
    all: globalLimiter('direct-debit', options.globalRateLimit, DEFAULT_GLOBAL_RATE_LIMIT, now),
  };

  const allowed = (origin: string, request: Request) =>
    typeof options.allowedOrigins === 'function'
      ? options.allowedOrigins(origin, request)
      : options.allowedOrigins.includes(origin);

  /** One POST to GoCardless's API with its headers and the time limit; network failures throw. */
  const postToProvider = (endpoint: string, body: unknown): Promise<Response> =>
    providerFetch(`${baseUrl}/${endpoint}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'gocardless-version': GOCARDLESS_VERSION,
        'content-type': 'application/json',
        accept: 'application/json',
        // One key per call: should anything between us and GoCardless repeat the POST, it acts only once.
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });

  /** POSTs one resource and returns its id; any failure is reported and becomes a ProviderFailure. */
  async function create(endpoint: string, envelope: string, resource: Record<string, unknown>): Promise<string> {
    let response: Response;
    try {
      response = await postToProvider(endpoint, { [envelope]: resource });
    } catch (error) {
      options.onProviderError?.({ error, endpoint });
      throw new ProviderFailure();
    }
    const body = (await response.json().catch(() => null)) as Record<string, { id?: unknown } | undefined> | null;
    if (!response.ok) {
      options.onProviderError?.({ status: response.status, error: body?.error, endpoint });
      throw new ProviderFailure();
    }
    const id = body?.[envelope]?.id;
    if (typeof id !== 'string' || !RESOURCE_ID.test(id)) {
      options.onProviderError?.({ status: response.status, error: new Error(`${endpoint}: the answer has no usable id`), endpoint });
      throw new ProviderFailure();
    }
    return id;
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
      const response = await postToProvider(endpoint, { data: {} });
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
      failure = { status: response.status, error: body?.error, endpoint, billingRequestId };
    } catch (error) {
      failure = { error, endpoint, billingRequestId };
    }
    try {
      options.onProviderError?.(failure);
    } catch {
      // A throwing report hook must not replace the answer either.
    }
  }

  async function start(
    request: DirectDebitRequest,
    configuration: Configuration,
    cors: Record<string, string>,
    notes: RequestNotes,
  ): Promise<Response> {
    const waitMs = await limits.all(notes);
    if (waitMs !== null) return tooBusy(waitMs, cors);
    const { monthly } = priceConfiguration(catalogue, configuration, directDebitPricingContext(request));
    let billingRequestId: string | undefined;
    let flowId: string;
    try {
      billingRequestId = await create('billing_requests', 'billing_requests', {
        mandate_request: { scheme, currency: 'GBP' },
        metadata: directDebitMetadata(monthly),
      });
      flowId = await create('billing_request_flows', 'billing_request_flows', {
        links: { billing_request: billingRequestId },
        prefilled_customer: directDebitPrefilledCustomer(request),
      });
    } catch (error) {
      // The flow may even exist (a timeout after GoCardless acted): cancelling the request expires it too.
      if (billingRequestId !== undefined) await cancel(billingRequestId);
      if (!(error instanceof ProviderFailure)) throw error;
      return errorResponse(502, 'provider_failed', 'GoCardless did not accept the request; no mandate was started. Try again.', cors);
    }
    try {
      await store.saveFlow({ flowId, billingRequestId, createdAt: now() });
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
    } catch {
      await cancel(billingRequestId);
      return errorResponse(502, 'application_failed', 'The finance application could not be submitted. Try again.', cors);
    }
    const answer: DirectDebitStartAnswer = { flowId, environment };
    return json(201, answer, cors);
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

  return observe('direct-debit', options, async (request, notes, info) => {
    const origin = request.headers.get('origin');
    // A back office or server reading a status sends no Origin (nor does a same-origin page's GET):
    // it is answered without CORS headers. A page of another origin always sends one.
    if (origin === null ? request.method !== 'GET' : !allowed(origin, request)) {
      return errorResponse(403, 'origin_not_allowed', 'Requests from this origin are not accepted.');
    }
    const cors = origin === null ? {} : corsHeaders(origin);
    if (request.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: {
          ...cors,
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': 'content-type',
          'access-control-max-age': '600',
        },
      });
    }
    if (request.method === 'GET') return (await limits.status(request, info, notes, cors)) ?? status(request, cors);
    if (request.method !== 'POST') {
      return errorResponse(405, 'method_not_allowed', 'Use POST to start a flow, GET to read its status.', {
        ...cors,
        allow: 'GET, POST, OPTIONS',
      });
    }
    const limited = await limits.start(request, info, notes, cors);
    if (limited) return limited;
    const body = await readJsonBody(request, maxBodyBytes);
    if (!body.ok) {
      for (const [name, value] of Object.entries(cors)) body.response.headers.set(name, value);
      return body.response;
    }
    const parsed = parseDirectDebitRequest(catalogue, body.value, new Date(now()));
    if (!parsed.ok) {
      const fields = parsed.problems.map((problem) => problem.field || 'the request').join(', ');
      // `problems` at the top, as the element reads them, and under `error`, as the relay puts them.
      return json(
        422,
        { error: { code: 'invalid_request', message: `Check ${fields}.`, problems: parsed.problems }, problems: parsed.problems },
        cors,
      );
    }
    return start(parsed.request, parsed.configuration, cors, notes);
  });
}

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
   * Called for every verified event, billing-request or not, in order. A redelivery repeats its
   * events (same ids). If it throws the answer is 500 and GoCardless delivers the batch again.
   */
  onEvent?: (event: GoCardlessEvent) => void | Promise<void>;
  /** Default 1 MB; a batch holds at most 250 events. */
  maxBodyBytes?: number;
  /** Milliseconds since the epoch, for events without `created_at`. */
  clock?: () => number;
}

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
 * The direct-debit webhook handler (issue 6). The drop-in's onSuccess fires when the payer finishes
 * the flow, which may be before GoCardless has fulfilled the billing request and set up the
 * mandate, and a page's callback proves nothing anyway. So GoCardless's own word is recorded here:
 * a `billing_requests` event `fulfilled` (with the mandate id), `cancelled` or `failed` goes into
 * the store, and the merchant checks `store.status(flowId)` (or the start handler's GET) before
 * fulfilling a monthly order. Each POST is checked against its `Webhook-Signature` (hex HMAC-SHA256
 * of the raw body with the endpoint secret) before anything is read; a bad one answers 498.
 */
export function createDirectDebitWebhookHandler(options: DirectDebitWebhookOptions): Handler {
  if (!singleLine(options.webhookSecret)) {
    throw new TypeError('createDirectDebitWebhookHandler: webhookSecret must be a non-empty single line.');
  }
  const store = options.store ?? memoryDirectDebitStore();
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

  return observe('direct-debit-webhook', options, async (request) => {
    if (request.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST.', { allow: 'POST' });
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
    for (const event of events) {
      const outcome = event.resource_type === 'billing_requests' ? OUTCOMES[event.action] : undefined;
      const billingRequestId = event.links?.billing_request;
      if (outcome && typeof billingRequestId === 'string') {
        const mandateId = outcome === 'fulfilled' ? event.links?.mandate_request_mandate : undefined;
        const at = Date.parse(event.created_at ?? '');
        await store.recordEvent({
          billingRequestId,
          status: outcome,
          ...(typeof mandateId === 'string' && { mandateId }),
          eventId: event.id,
          at: Number.isNaN(at) ? now() : at,
        });
      }
    }
    try {
      for (const event of events) await options.onEvent?.(event);
    } catch {
      return errorResponse(500, 'event_handler_failed', 'An event could not be handled; deliver the batch again.');
    }
    return new Response(null, { status: 204 });
  });
}
