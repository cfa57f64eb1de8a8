/**
 * The direct-debit webhook: GoCardless's own word on each Billing Request, recorded in the start
 * handler's store once its signature is checked.
 */
import type { DirectDebitOutcome, DirectDebitStore } from './direct-debit-store';
import { memoryDirectDebitStore } from './direct-debit-store';
import { singleLine } from './gocardless';
import type { Call } from './handler-shell';
import { handlerShell } from './handler-shell';
import { errorResponse } from './http';
import type { IdempotencyStore } from './idempotency';
import { memoryIdempotencyStore } from './idempotency';
import type { Handler, OperationsOptions, RequestNotes } from './operations';

const MINUTE = 60_000;

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

  /** A signed batch of events, each handled once; a batch with one not handled yet is answered so GoCardless delivers it again. */
  async function receive({ request, body, notes }: Call): Promise<Response> {
    const bytes = body as Uint8Array<ArrayBuffer>;
    if (!(await signed(request.headers.get('webhook-signature'), bytes))) {
      return errorResponse(498, 'invalid_signature', 'The Webhook-Signature does not match the body.');
    }
    let events: unknown;
    try {
      events = (JSON.parse(new TextDecoder().decode(bytes)) as { events?: unknown } | null)?.events;
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
  }

  return handlerShell('direct-debit-webhook', {
    ...options,
    durable: [store, keys],
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    route: () => ({ methods: { POST: { body: 'bytes', run: receive } } }),
  });
}
