/**
 * The direct-debit start: the order priced again from the configuration ids, a Billing Request with
 * a mandate request and its flow created at GoCardless, the flow saved and the merchant's finance
 * hook told, once per idempotency key.
 */
import type { Catalogue } from '../domain/catalogue/schema';
import type { Configuration } from '../domain/configuration';
import type { DirectDebitRequest, DirectDebitStartAnswer, FinanceAnswers } from '../domain/direct-debit';
import { parseDirectDebitRequest } from '../domain/direct-debit';
import type { MonthlyPlanFigures } from '../domain/pricing';
import { priceConfiguration } from '../domain/pricing';
import type { DirectDebitStore } from './direct-debit-store';
import type { GoCardless } from './gocardless';
import { ProviderFailure } from './gocardless';
import type { Call } from './handler-shell';
import { invalidRequest, storedAnswer } from './handler-shell';
import { errorResponse, fingerprint, json } from './http';
import type { IdempotencyStore } from './idempotency';
import { tooBusy } from './limits';
import type { RequestNotes } from './operations';
import { PARTNER_TOKEN_USED, partnerPricing } from './partner-pricing';
import type { PartnerTokenStore } from './partner-token-store';

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

/** The start's answer: the flow for the drop-in, and how the order will be checked out. */
export type StartAnswer = DirectDebitStartAnswer & { checkout: 'draft-order' | 'cart' };

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

/** What a start needs of its handler. */
export interface StartDependencies {
  catalogue: Catalogue;
  now: () => number;
  store: DirectDebitStore;
  keys: IdempotencyStore;
  keyTtl: number;
  partnerTokens: PartnerTokenStore;
  partnerTokenSecret: string | undefined;
  /** The handler-wide cap (limits.ts `globalLimiter`), taken just before GoCardless is asked. */
  limitAll: (notes: RequestNotes) => Promise<number | null>;
  gocardless: GoCardless;
  environment: 'sandbox' | 'live';
  scheme: string;
  checkout: StartAnswer['checkout'];
  onApplication: ((application: DirectDebitApplication) => void | Promise<void>) | undefined;
}

/** How long a start holds its key without news (a crashed instance): beyond its GoCardless calls. */
const START_LEASE_MS = 2 * 60_000;

/** One start's request and what its answer carries. */
interface Attempt {
  request: DirectDebitRequest;
  configuration: Configuration;
  cors: Record<string, string>;
  notes: RequestNotes;
}

/**
 * Prices the order and starts its flow. A partner discount's verification is bound to `orderKey`
 * first, so a verification another order holds is refused (409 `partner_token_used`), and freed
 * again when the start did nothing, for the buyer's next try.
 */
async function start(deps: StartDependencies, attempt: Attempt, providerKeys: ProviderKeys, orderKey: string): Promise<StartOutcome> {
  const { catalogue, now, partnerTokens } = deps;
  const { request, configuration, cors, notes } = attempt;
  const partner = await partnerPricing(catalogue, { token: request.partnerToken, secret: deps.partnerTokenSecret, email: request.customer.email }, now());
  if (!partner.ok) {
    notes.reason = 'invalid_partner_token';
    const problems = [{ field: 'partnerToken', message: partner.message }];
    return { kind: 'refused', response: invalidRequest(problems, cors, { problems }) };
  }
  const waitMs = await deps.limitAll(notes);
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
    outcome = await startFlow(deps, attempt, monthly, providerKeys);
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
async function startFlow(deps: StartDependencies, attempt: Attempt, monthly: MonthlyPlanFigures, providerKeys: ProviderKeys): Promise<StartOutcome> {
  const { gocardless, environment, now } = deps;
  const { request, configuration, cors, notes } = attempt;
  const keyFor = async (name: string) => (providerKeys ? providerKeys(name) : crypto.randomUUID());
  let billingRequestId: string | undefined;
  let flowId: string;
  try {
    billingRequestId = await gocardless.openBillingRequest({ mandate_request: { scheme: deps.scheme, currency: 'GBP' }, metadata: directDebitMetadata(monthly) }, keyFor, notes);
    const flow = await gocardless.provide('billing_request_flows', 'billing_request_flows', notes, {
      resource: { links: { billing_request: billingRequestId }, prefilled_customer: directDebitPrefilledCustomer(request) },
      idempotencyKey: await keyFor(`billing_request_flows:${billingRequestId}`),
    });
    flowId = flow.id;
  } catch (error) {
    if (!(error instanceof ProviderFailure)) throw error;
    if (error.uncertain && providerKeys) return { kind: 'uncertain' };
    // The flow may even exist (a timeout after GoCardless acted): cancelling the request expires it too.
    if (billingRequestId !== undefined) await gocardless.cancel(billingRequestId);
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
    await deps.store.saveFlow({ flowId, billingRequestId, createdAt: now(), request: await orderFingerprint(request, configuration) });
  } catch (error) {
    await gocardless.cancel(billingRequestId);
    throw error;
  }
  try {
    await deps.onApplication?.({
      flowId,
      billingRequestId,
      environment,
      customer: request.customer,
      finance: request.finance,
      configuration,
      monthly,
    });
  } catch (error) {
    await gocardless.cancel(billingRequestId);
    notes.reason = 'application_failed';
    notes.failure = error;
    return {
      kind: 'refused',
      response: errorResponse(502, 'application_failed', 'The finance application could not be submitted. Try again.', cors),
    };
  }
  return { kind: 'started', answer: { flowId, environment, checkout: deps.checkout } };
}

/** The answer to a start: its flow, its refusal, or that GoCardless's side is not known yet. */
function answer(outcome: StartOutcome, { cors, notes }: Attempt): Response {
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
async function startOnce(deps: StartDependencies, attempt: Attempt, idempotencyKey: string): Promise<Response> {
  const { keys, keyTtl, now } = deps;
  const { request, cors, notes } = attempt;
  const key = `direct-debit:${idempotencyKey}`;
  const token = crypto.randomUUID();
  const at = now();
  const print = await fingerprint(request);
  const claim = await keys.claim(key, { fingerprint: print, token, leaseMs: START_LEASE_MS, ttlMs: keyTtl }, at);
  if (claim.outcome === 'done') {
    notes.idempotency = 'replayed';
    return storedAnswer(claim.answer, cors, true);
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
    outcome = await start(deps, attempt, providerKeys, idempotencyKey);
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
  return answer(outcome, attempt);
}

/** The start operation: `POST` of the element's request, answered 201 `{ flowId, environment, checkout }`. */
export function directDebitStart(deps: StartDependencies): (call: Call) => Promise<Response> {
  return async ({ body, headers: cors, notes }) => {
    const parsed = parseDirectDebitRequest(deps.catalogue, body, new Date(deps.now()));
    if (!parsed.ok) return invalidRequest(parsed.problems, cors, { problems: parsed.problems });
    const attempt = { request: parsed.request, configuration: parsed.configuration, cors, notes };
    const { idempotencyKey } = parsed.request;
    if (idempotencyKey !== undefined) return startOnce(deps, attempt, idempotencyKey);
    // Without a key each start is an order of its own.
    return answer(await start(deps, attempt, undefined, crypto.randomUUID()), attempt);
  };
}
