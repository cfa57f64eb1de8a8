import * as v from 'valibot';
import type { DirectDebitRequestBody, DirectDebitStartAnswer, DraftCheckoutAnswer, MonthlyCheckout } from '../domain/direct-debit';
import { DirectDebitStartAnswerSchema, DraftCheckoutAnswerSchema } from '../domain/direct-debit';

/**
 * The direct-debit step's calls: ask `direct-debit-endpoint` for a GoCardless Billing
 * Request Flow, then open GoCardless's drop-in for it. The drop-in script is loaded only when the
 * buyer reaches that step.
 */

export const DIRECT_DEBIT_TIMEOUT_MS = 20_000;

/** The codes a direct-debit call fails with; the handler's other answers are `HTTP_<status>`. */
export const DIRECT_DEBIT_ERROR_CODES = [
  'TIMEOUT',
  'ABORTED',
  'NETWORK_ERROR',
  'INVALID_ANSWER',
  'INVALID_REQUEST',
  'RATE_LIMITED',
  'PARTNER_TOKEN_USED',
  'IN_PROGRESS',
  'UNAVAILABLE',
  'MANDATE_PENDING',
  'MANDATE_NOT_SET_UP',
  'SHOP_TOTAL_DIFFERS',
  'DROPIN_UNAVAILABLE',
] as const;

export type DirectDebitErrorCode = (typeof DIRECT_DEBIT_ERROR_CODES)[number] | `HTTP_${number}`;

/** A failure the buyer is shown: a sentence to act on, whether trying again may help, the field at fault. */
export class DirectDebitError extends Error {
  readonly code: DirectDebitErrorCode;
  readonly buyerMessage: string;
  readonly retryable: boolean;
  readonly field: string | undefined;
  constructor(code: DirectDebitErrorCode, buyerMessage: string, options: { retryable?: boolean; field?: string; cause?: unknown } = {}) {
    super(buyerMessage, { cause: options.cause });
    this.name = 'DirectDebitError';
    this.code = code;
    this.buyerMessage = buyerMessage;
    this.retryable = options.retryable ?? true;
    this.field = options.field;
  }
}

export const START_FAILED = 'We could not start the Direct Debit set-up. Please try again.';
export const START_IN_PROGRESS = 'Your Direct Debit set-up is still starting. Please try again in a moment.';
export const PARTNER_TOKEN_USED = 'Your partner discount was already used for another order. Please enter your e-mail address again to be sent a new code.';
export const DIRECT_DEBIT_UNAVAILABLE = 'Direct Debit cannot be set up online at the moment. Please choose another way to pay, or contact us.';
export const DROPIN_UNAVAILABLE = 'The GoCardless form could not be loaded. Please check your connection and try again.';

/**
 * Where a start's idempotency key comes from (stores/direct-debit-key.ts): the same key for the same
 * request, so the endpoint starts one flow however often the buyer tries.
 */
export interface StartKey {
  /** The key to send with a request of this content (its JSON). */
  keyFor(content: string): string;
  /** The endpoint had the key with another request: the next `keyFor` gives a new one. */
  renew(): void;
}

/** Where the order of each mandate flow is paid, as its start answered (stores/direct-debit-key.ts keeps it). */
export interface FlowCheckouts {
  remember(flowId: string, checkout: MonthlyCheckout): void;
  /** "cart" for a flow it never heard of: a handler that predates draft orders. */
  of(flowId: string): MonthlyCheckout;
}

export interface StartOptions {
  endpoint: string;
  key: StartKey;
  fetch?: typeof fetch | undefined;
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
}

interface ProblemAnswer {
  error?: { code?: unknown; message?: unknown; retryable?: unknown };
  problems?: { field?: unknown; message?: unknown }[];
}

/**
 * POSTs the request with its idempotency key to the endpoint and returns the flow to open. A
 * refusal naming a field (422) comes back with that field and the handler's message, so the buyer
 * is told what to fix. A key the endpoint knew with another request (changed before a reload) is
 * renewed and the request sent once more.
 */
export async function startMandateFlow(request: DirectDebitRequestBody, options: StartOptions): Promise<DirectDebitStartAnswer> {
  const timeoutMs = options.timeoutMs ?? DIRECT_DEBIT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const content = JSON.stringify(request);
  const send = async (): Promise<{ response: Response; body: unknown }> => {
    let response: Response;
    try {
      response = await fetchImpl(options.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ ...request, idempotencyKey: options.key.keyFor(content) }),
        signal,
      });
    } catch (cause) {
      const code = timeout.aborted ? 'TIMEOUT' : options.signal?.aborted ? 'ABORTED' : 'NETWORK_ERROR';
      throw new DirectDebitError(code, START_FAILED, { cause });
    }
    return { response, body: await response.json().catch(() => undefined) };
  };
  let { response, body } = await send();
  if (response.status === 422 && (body as ProblemAnswer | undefined)?.error?.code === 'idempotency_key_reused') {
    options.key.renew();
    ({ response, body } = await send());
  }
  if (response.ok) {
    const answer = v.safeParse(DirectDebitStartAnswerSchema, body);
    if (answer.success) return answer.output;
    throw new DirectDebitError('INVALID_ANSWER', START_FAILED);
  }
  if (response.status === 422) {
    const problem = (body as ProblemAnswer | undefined)?.problems?.[0];
    const message = typeof problem?.message === 'string' ? problem.message : START_FAILED;
    const field = typeof problem?.field === 'string' ? problem.field : undefined;
    throw new DirectDebitError('INVALID_REQUEST', message, { retryable: false, ...(field && { field }) });
  }
  if (response.status === 429) {
    throw new DirectDebitError('RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.');
  }
  if (response.status === 409 && (body as ProblemAnswer | undefined)?.error?.code === 'partner_token_used') {
    // One verification prices one order: the contact step asks for a new code.
    throw new DirectDebitError('PARTNER_TOKEN_USED', PARTNER_TOKEN_USED, { retryable: false, field: 'partnerToken' });
  }
  if (response.status === 409) throw new DirectDebitError('IN_PROGRESS', START_IN_PROGRESS);
  if (response.status >= 500 && (body as ProblemAnswer | undefined)?.error?.retryable === false) {
    // Trying again fails alike until the merchant fixes the service: the way on is another way to pay.
    throw new DirectDebitError('UNAVAILABLE', DIRECT_DEBIT_UNAVAILABLE, { retryable: false, field: 'configuration.paymentType' });
  }
  throw new DirectDebitError(`HTTP_${response.status}`, START_FAILED);
}

export const CHECKOUT_FAILED = 'We could not prepare your checkout. Please try again.';
export const MANDATE_PENDING = 'GoCardless has not yet confirmed your Direct Debit. Please try again in a minute.';
export const MANDATE_NOT_SET_UP = 'Your Direct Debit was not set up. Please set it up again.';
export const SHOP_TOTAL_DIFFERS = 'The shop could not prepare your order at the price shown. Please contact us to complete it.';
export const MONTHLY_CHECKOUT_UNAVAILABLE = 'Monthly orders cannot be completed online at the moment. Please choose another way to pay, or contact us.';

/** Asks for the checkout again while GoCardless confirms the mandate, for this long at most. */
export const MANDATE_WAIT_MS = 60_000;

export interface DraftCheckoutOptions {
  /** `direct-debit-endpoint`, absolute; the checkout is asked of `…/checkout` beside it. */
  endpoint: string;
  fetch?: typeof fetch | undefined;
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Waits between asks (the handler's Retry-After); tests pass one that does not wait. */
  wait?: ((ms: number) => Promise<void>) | undefined;
  waitLimitMs?: number | undefined;
}

/** `…/checkout` beside the endpoint, its query kept. */
export function draftCheckoutUrl(endpoint: string): string {
  const url = new URL(endpoint);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/checkout`;
  return url.href;
}

/**
 * The monthly order's checkout: the handler makes a draft order at the shop's prices once the mandate
 * is set up (docs/decisions/monthly-plan-draft-order.md) and answers where to pay it. While GoCardless
 * has not confirmed the mandate (409 `mandate_pending`) it is asked again after the handler's
 * Retry-After, for `MANDATE_WAIT_MS` at most.
 */
export async function draftOrderCheckout(request: DirectDebitRequestBody, flowId: string, options: DraftCheckoutOptions): Promise<DraftCheckoutAnswer> {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const limit = options.waitLimitMs ?? MANDATE_WAIT_MS;
  let waited = 0;
  const url = draftCheckoutUrl(options.endpoint);
  for (;;) {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? DIRECT_DEBIT_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ ...request, flowId }),
        signal,
      });
    } catch (cause) {
      const code = timeout.aborted ? 'TIMEOUT' : options.signal?.aborted ? 'ABORTED' : 'NETWORK_ERROR';
      throw new DirectDebitError(code, CHECKOUT_FAILED, { cause });
    }
    const body = (await response.json().catch(() => undefined)) as ProblemAnswer | undefined;
    const code = body?.error?.code;
    if (response.ok) {
      const answer = v.safeParse(DraftCheckoutAnswerSchema, body);
      if (answer.success) return answer.output;
      throw new DirectDebitError('INVALID_ANSWER', CHECKOUT_FAILED);
    }
    if (response.status === 409 && code === 'mandate_pending') {
      const retryAfter = Number(response.headers.get('retry-after'));
      const ms = (Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 3) * 1000;
      if (waited + ms > limit) throw new DirectDebitError('MANDATE_PENDING', MANDATE_PENDING);
      waited += ms;
      await wait(ms);
      continue;
    }
    if (code === 'mandate_not_set_up') throw new DirectDebitError('MANDATE_NOT_SET_UP', MANDATE_NOT_SET_UP, { retryable: false, field: 'goCardlessMandateComplete' });
    if (code === 'shop_total_differs') throw new DirectDebitError('SHOP_TOTAL_DIFFERS', SHOP_TOTAL_DIFFERS, { retryable: false });
    if (response.status === 422) {
      const problem = body?.problems?.[0];
      const field = typeof problem?.field === 'string' ? problem.field : undefined;
      throw new DirectDebitError('INVALID_REQUEST', typeof problem?.message === 'string' ? problem.message : CHECKOUT_FAILED, { retryable: false, ...(field && { field }) });
    }
    if (response.status === 429) throw new DirectDebitError('RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.');
    if (response.status >= 500 && body?.error?.retryable === false) {
      // The shop refuses the handler itself until the merchant fixes it: the way on is another way to pay.
      throw new DirectDebitError('UNAVAILABLE', MONTHLY_CHECKOUT_UNAVAILABLE, { retryable: false, field: 'configuration.paymentType' });
    }
    throw new DirectDebitError(`HTTP_${response.status}`, CHECKOUT_FAILED);
  }
}

/** The part of GoCardless's drop-in API the step uses: `create(options)` gives a handler to open. */
export interface GoCardlessDropinApi {
  create(options: {
    billingRequestFlowID: string;
    environment: 'sandbox' | 'live';
    onSuccess: (billingRequest: unknown, billingRequestFlow: unknown) => void;
    onExit: (error: unknown, metadata: unknown) => void;
  }): { open(): void; exit(): void };
}

type DropinWindow = Window & { GoCardlessDropin?: Partial<GoCardlessDropinApi> };

const dropinOf = (view: Window | null): GoCardlessDropinApi | undefined => {
  const api = (view as DropinWindow | null)?.GoCardlessDropin;
  return typeof api?.create === 'function' ? (api as GoCardlessDropinApi) : undefined;
};

/** The part of the Trusted Types API the loader uses (TypeScript's DOM types do not have it yet). */
interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}
type TrustedTypesWindow = Window & {
  trustedTypes?: { createPolicy(name: string, rules: { createScriptURL(url: string): string }): ScriptUrlPolicy };
};

/**
 * The Trusted Types policy that sets the drop-in script's URL. A page whose CSP names the policies
 * it allows (`trusted-types`) lists this one for the monthly plan to work.
 */
const TRUSTED_TYPES_POLICY = 'ev-charger-configurator';
const policies = new WeakMap<Window, ScriptUrlPolicy | null>();

/**
 * `src` as a value `script.src` accepts: under a CSP with `require-trusted-types-for 'script'` a
 * plain string is refused, so it goes through the element's own policy, which passes http(s) URLs
 * only. Without Trusted Types, or when the page does not allow the policy, the plain string.
 */
function scriptUrl(view: Window | null, src: string): string {
  const factory = (view as TrustedTypesWindow | null)?.trustedTypes;
  if (!view || !factory) return src;
  let policy = policies.get(view);
  if (policy === undefined) {
    try {
      policy = factory.createPolicy(TRUSTED_TYPES_POLICY, {
        createScriptURL: (url) => {
          const { protocol } = new URL(url, view.document.baseURI);
          if (protocol !== 'https:' && protocol !== 'http:') throw new TypeError(`Not a script URL: ${url}`);
          return url;
        },
      });
    } catch {
      policy = null; // the page's `trusted-types` directive does not allow the name
    }
    policies.set(view, policy);
  }
  return policy ? (policy.createScriptURL(src) as string) : src;
}

/** One load per document and script, shared by every element on the page; a failure is retried. */
const loads = new WeakMap<Document, Map<string, Promise<GoCardlessDropinApi>>>();

/**
 * Loads the drop-in script (a classic script from GoCardless, which defines `GoCardlessDropin`)
 * once per document. Under a strict page CSP the script's origin must be allowed in script-src.
 */
export function loadDropin(doc: Document, src: string, timeoutMs = DIRECT_DEBIT_TIMEOUT_MS): Promise<GoCardlessDropinApi> {
  const ready = dropinOf(doc.defaultView);
  if (ready) return Promise.resolve(ready);
  let perDocument = loads.get(doc);
  if (!perDocument) loads.set(doc, (perDocument = new Map()));
  const known = perDocument.get(src);
  if (known) return known;
  const loading = new Promise<GoCardlessDropinApi>((resolve, reject) => {
    const script = doc.createElement('script');
    const fail = (cause?: unknown) => {
      clearTimeout(timer);
      script.remove();
      perDocument.delete(src);
      reject(new DirectDebitError('DROPIN_UNAVAILABLE', DROPIN_UNAVAILABLE, { cause }));
    };
    const timer = setTimeout(() => fail(new Error(`timeout of ${timeoutMs}ms exceeded`)), timeoutMs);
    script.async = true;
    try {
      script.src = scriptUrl(doc.defaultView, src);
    } catch (error) {
      // Refused by the page's Trusted Types enforcement; failed once this load is on record, so it is forgotten.
      queueMicrotask(() => fail(error));
      return;
    }
    script.addEventListener('load', () => {
      const api = dropinOf(doc.defaultView);
      if (!api) return fail(new Error(`${src} did not define GoCardlessDropin`));
      clearTimeout(timer);
      resolve(api);
    });
    script.addEventListener('error', () => fail(new Error(`${src} failed to load`)));
    doc.head.append(script);
  });
  perDocument.set(src, loading);
  return loading;
}

export interface DropinCallbacks {
  /** The payer finished the flow. The mandate may not be set up yet: the handler's webhook records that. */
  onSuccess(): void;
  /** The payer left the flow, or it failed (`error` set). */
  onExit(error: unknown): void;
}

/** Opens the drop-in on a flow; each callback fires at most once per opening. */
export function openDropin(api: GoCardlessDropinApi, flow: DirectDebitStartAnswer, callbacks: DropinCallbacks): { exit(): void } {
  let settled = false;
  const once =
    <A extends unknown[]>(run: (...args: A) => void) =>
    (...args: A) => {
      if (settled) return;
      settled = true;
      run(...args);
    };
  const handler = api.create({
    billingRequestFlowID: flow.flowId,
    environment: flow.environment,
    onSuccess: once(() => callbacks.onSuccess()),
    onExit: once((error: unknown) => callbacks.onExit(error ?? null)),
  });
  handler.open();
  return {
    exit() {
      if (settled) return;
      settled = true;
      handler.exit();
    },
  };
}
