/**
 * Where the direct-debit handlers keep what they learn: the flow each start created, and
 * the outcome GoCardless's webhooks report for its billing request. The start handler writes flows,
 * the webhook handler writes outcomes, and the merchant reads `status(flowId)` before fulfilling a
 * monthly order; all three must see one store.
 */

/** A billing request's state as far as the merchant cares: still open, or how it ended. */
export type DirectDebitStatus = 'pending' | 'fulfilled' | 'cancelled' | 'failed';

export type DirectDebitOutcome = Exclude<DirectDebitStatus, 'pending'>;

export interface DirectDebitFlowRecord {
  flowId: string;
  billingRequestId: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
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
}

/** Async throughout, so a merchant can back it with a database or a KV namespace. */
export interface DirectDebitStore {
  saveFlow(record: DirectDebitFlowRecord): Promise<void>;
  /**
   * Records an event once per `eventId`. Webhooks may arrive late and out of order, so the
   * event that happened last decides the status, not the one that arrived last. `unknown` when no
   * flow of this store started the billing request (yet): nothing is recorded, and the webhook
   * answers so that GoCardless delivers it again.
   */
  recordEvent(update: DirectDebitEventUpdate): Promise<'recorded' | 'unknown'>;
  status(flowId: string): Promise<DirectDebitFlowStatus | undefined>;
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
  const flows = new Map<string, DirectDebitFlowRecord>();
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
      };
    },
  };
}
