/**
 * The direct-debit handler's calls to GoCardless's API: a create made once by its Idempotency-Key,
 * a read, and the cancel of a Billing Request the handler will not hand out.
 */
import { providerUrlAllowed } from './http';
import type { RequestNotes } from './operations';
import { safely } from './operations';

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

const API_BASE = { sandbox: 'https://api-sandbox.gocardless.com', live: 'https://api.gocardless.com' } as const;
/** The API version every request names (GoCardless's only one). */
const GOCARDLESS_VERSION = '2015-07-06';
/** GoCardless ids (BRQ…, BRF…); exactly the flow ids the element's `DirectDebitStartAnswerSchema` accepts. */
export const RESOURCE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const singleLine = (text: unknown) => typeof text === 'string' && text.trim() !== '' && !/[\r\n]/.test(text);

export function checkGoCardlessOptions(caller: string, options: GoCardlessOptions): void {
  // The token's value stays out of the message: it may end up in a log.
  if (!singleLine(options.accessToken)) throw new TypeError(`${caller}: gocardless.accessToken must be a non-empty single line.`);
  if (options.environment !== 'sandbox' && options.environment !== 'live') {
    throw new TypeError(`${caller}: gocardless.environment must be "sandbox" or "live".`);
  }
  if (options.baseUrl !== undefined && !providerUrlAllowed(options.baseUrl)) {
    throw new TypeError(`${caller}: gocardless.baseUrl must be an https URL (http only to a loopback host): the access token travels with every request.`);
  }
}

/** A GoCardless call that failed; `uncertain` when GoCardless may have acted all the same. */
export class ProviderFailure extends Error {
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

export interface GoCardless {
  /**
   * Creates a resource (`{ [envelope]: resource }` posted with `idempotencyKey`) or reads one
   * (without). A create repeating its key answers the resource that key created before, as
   * GoCardless's 409 `idempotent_creation_conflict` names it: `{ id, repeated: true }`. Any failure
   * is reported and becomes a ProviderFailure, uncertain unless GoCardless refused with a 4xx.
   */
  provide(
    endpoint: string,
    envelope: string,
    notes: RequestNotes,
    create?: { resource: Record<string, unknown>; idempotencyKey: string },
  ): Promise<{ id: string; status?: unknown; repeated: boolean }>;
  /**
   * The attempt's Billing Request: a new one, or the pending one an attempt with the same keys
   * created before (its outcome unknown). One no longer pending (cancelled when that attempt failed)
   * is spent: its id extends the key, so the next create makes a new one.
   */
  openBillingRequest(resource: Record<string, unknown>, keyFor: (name: string) => Promise<string>, notes: RequestNotes): Promise<string>;
  /**
   * Cancels a Billing Request the handler opened but will not hand out (its flow failed, or the
   * merchant's hook did), so it does not stay open at GoCardless; its flows expire with it and
   * GoCardless's `cancelled` webhook records the outcome. Never throws: a failure is only reported
   * (with the id, to cancel later), as the buyer's answer is about the original problem.
   */
  cancel(billingRequestId: string): Promise<void>;
}

export function createGoCardless(options: GoCardlessOptions, onProviderError: ((failure: DirectDebitProviderFailure) => void) | undefined): GoCardless {
  const { accessToken, environment, timeoutMs = 10_000 } = options;
  const baseUrl = (options.baseUrl ?? API_BASE[environment]).replace(/\/+$/, '');
  const providerFetch = options.fetch ?? ((input, init) => fetch(input, init));

  /**
   * One call to GoCardless's API with its headers and the time limit: a GET, or a POST of `body`
   * whose Idempotency-Key makes it act once however often it is repeated. Network failures throw.
   */
  const call = (endpoint: string, post?: { body: unknown; idempotencyKey: string }): Promise<Response> =>
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

  const provide: GoCardless['provide'] = async (endpoint, envelope, notes, create) => {
    let response: Response;
    try {
      response = await call(endpoint, create && { body: { [envelope]: create.resource }, idempotencyKey: create.idempotencyKey });
    } catch (error) {
      notes.provider = timedOut(error) ? 'timeout' : 'network';
      safely(onProviderError, { error, endpoint });
      throw new ProviderFailure(true);
    }
    notes.provider = response.status;
    const body = (await response.json().catch(() => null)) as Record<string, { id?: unknown; status?: unknown } | undefined> | null;
    const repeated = create !== undefined && response.status === 409 ? conflictingResource(body) : undefined;
    if (!response.ok && repeated === undefined) {
      safely(onProviderError, { status: response.status, error: body?.error, endpoint });
      throw new ProviderFailure(response.status >= 500, PERMANENT_STATUSES.has(response.status));
    }
    const id = repeated ?? body?.[envelope]?.id;
    if (typeof id !== 'string' || !RESOURCE_ID.test(id)) {
      safely(onProviderError, { status: response.status, error: new Error(`${endpoint}: the answer has no usable id`), endpoint });
      throw new ProviderFailure(true);
    }
    return { id, status: body?.[envelope]?.status, repeated: repeated !== undefined };
  };

  return {
    provide,
    async openBillingRequest(resource, keyFor, notes) {
      for (let spent = ''; ; ) {
        const created = await provide('billing_requests', 'billing_requests', notes, { resource, idempotencyKey: await keyFor(`billing_requests${spent}`) });
        if (!created.repeated) return created.id;
        const { status } = await provide(`billing_requests/${created.id}`, 'billing_requests', notes);
        if (status === 'pending') return created.id;
        spent += `:${created.id}`;
      }
    },
    async cancel(billingRequestId) {
      const endpoint = `billing_requests/${billingRequestId}/actions/cancel`;
      let failure: DirectDebitProviderFailure;
      try {
        const response = await call(endpoint, { body: { data: {} }, idempotencyKey: crypto.randomUUID() });
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
      safely(onProviderError, failure);
    },
  };
}
