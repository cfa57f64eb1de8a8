/**
 * Where the direct-debit handlers keep what they learn: the flow each start created, the outcome
 * GoCardless's webhooks report for its billing request, and the shop's draft order made for its
 * mandate. The start handler writes flows, the webhook handler writes outcomes, the checkout writes
 * the draft, and the merchant reads `status(flowId)` before fulfilling a monthly order; all of them
 * must see one store. Nothing personal is kept: the request is kept as a fingerprint only.
 */
import type { StoreDurability } from './store-durability';

/** A billing request's state as far as the merchant cares: still open, or how it ended. */
export type DirectDebitStatus = 'pending' | 'fulfilled' | 'cancelled' | 'failed';

export type DirectDebitOutcome = Exclude<DirectDebitStatus, 'pending'>;

export interface DirectDebitFlowRecord {
  flowId: string;
  billingRequestId: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /**
   * A hex SHA-256 of the start request's fields that make the order (configuration, contact,
   * address, partner token): a checkout request is matched to its start by it.
   */
  request: string;
}

/** A line of a draft order: the shop's variant, the name the buyer saw, the shop's price in pence. */
export interface DirectDebitDraftOrderLine {
  variantId: string;
  name: string;
  amount: number;
}

/** The shop's draft order made for a flow's mandate: one per flow, as the checkout answered it. */
export interface DirectDebitDraftOrder {
  /** The Admin API's id (`gid://shopify/DraftOrder/…`). */
  id: string;
  /** The draft's checkout: whoever holds the link can pay the draft. */
  invoiceUrl: string;
  /** What the checkout charges, in pence. */
  dueNow: number;
  /** What the Direct Debit finances of the shop's prices, in pence. */
  financed: number;
  lines: DirectDebitDraftOrderLine[];
}

/** One webhook event about a billing request. */
export interface DirectDebitEventUpdate {
  billingRequestId: string;
  status: DirectDebitOutcome;
  /** The mandate a fulfilled request created (`links.mandate_request_mandate`). */
  mandateId?: string;
  /** GoCardless's event id: a redelivered event carries the same one. */
  eventId: string;
  /** When the event happened (its `created_at`), milliseconds since the epoch. */
  at: number;
}

export interface DirectDebitFlowStatus {
  flowId: string;
  billingRequestId: string;
  status: DirectDebitStatus;
  mandateId?: string;
  /** When the flow was started, milliseconds since the epoch. */
  createdAt: number;
  /** The start request's fingerprint (`DirectDebitFlowRecord.request`). */
  request: string;
  /** The shop's draft order, once the checkout made it. */
  draftOrder?: DirectDebitDraftOrder;
}

/** Async throughout, so a merchant can back it with a database or a KV namespace. */
export interface DirectDebitStore extends StoreDurability {
  saveFlow(record: DirectDebitFlowRecord): Promise<void>;
  /**
   * Records an event once per `eventId`. Webhooks may arrive late and out of order, so the
   * event that happened last decides the status, not the one that arrived last. `unknown` when no
   * flow of this store started the billing request (yet): nothing is recorded, and the webhook
   * answers so that GoCardless delivers it again.
   */
  recordEvent(update: DirectDebitEventUpdate): Promise<'recorded' | 'unknown'>;
  status(flowId: string): Promise<DirectDebitFlowStatus | undefined>;
  /**
   * Keeps the flow's draft order unless it has one: the first one saved stays, and is answered,
   * so a caller whose draft was not kept knows to delete its own. Undefined when no such flow.
   */
  saveDraftOrder(flowId: string, draft: DirectDebitDraftOrder): Promise<DirectDebitDraftOrder | undefined>;
}

/** Most flows, outcomes and event ids remembered; past it the oldest go first, so memory stays bounded. */
const MAX_ENTRIES = 50_000;

function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
}

/**
 * One process's store: enough for the demo and a single instance. Several instances (or a
 * serverless platform) need a shared store, or a webhook lands where the flow is unknown.
 */
export function memoryDirectDebitStore(): DirectDebitStore {
  const flows = new Map<string, DirectDebitFlowRecord & { draftOrder?: DirectDebitDraftOrder }>();
  const billingRequests = new Map<string, true>();
  const outcomes = new Map<string, DirectDebitEventUpdate>();
  const seenEvents = new Map<string, true>();
  return {
    async saveFlow(record) {
      remember(flows, record.flowId, { ...record });
      remember(billingRequests, record.billingRequestId, true);
    },
    async recordEvent(update) {
      if (!billingRequests.has(update.billingRequestId)) return 'unknown';
      if (seenEvents.has(update.eventId)) return 'recorded';
      remember(seenEvents, update.eventId, true);
      const latest = outcomes.get(update.billingRequestId);
      if (latest && latest.at > update.at) return 'recorded';
      remember(outcomes, update.billingRequestId, { ...update });
      return 'recorded';
    },
    async status(flowId) {
      const flow = flows.get(flowId);
      if (!flow) return undefined;
      const outcome = outcomes.get(flow.billingRequestId);
      return {
        flowId,
        billingRequestId: flow.billingRequestId,
        status: outcome?.status ?? 'pending',
        ...(outcome?.mandateId !== undefined && { mandateId: outcome.mandateId }),
        createdAt: flow.createdAt,
        request: flow.request,
        ...(flow.draftOrder && { draftOrder: structuredClone(flow.draftOrder) }),
      };
    },
    async saveDraftOrder(flowId, draft) {
      const flow = flows.get(flowId);
      if (!flow) return undefined;
      flow.draftOrder ??= structuredClone(draft);
      return structuredClone(flow.draftOrder);
    },
  };
}
