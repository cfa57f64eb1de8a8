/**
 * The monthly plan's checkout by a draft order (docs/decisions/monthly-plan-draft-order.md): the
 * start's request again with its `flowId`, once GoCardless's webhook has recorded the mandate. The
 * order is priced again here from the configuration ids and the shop's own prices, one draft order
 * is made for the flow, and the answer is its invoice link, where the buyer pays exactly the
 * initial payment the wizard showed (less a verified partner discount).
 */
import type { Catalogue } from '../domain/catalogue/schema';
import type { Configuration } from '../domain/configuration';
import type { DirectDebitRequest } from '../domain/direct-debit';
import { draftItems, draftOrderInput, monthlyDraft } from '../domain/draft-order';
import { CURRENCY, formatPence } from '../domain/money';
import type { DirectDebitDraftOrder, DirectDebitFlowStatus, DirectDebitStore } from './direct-debit-store';
import type { AdminOutcome, DraftOrders } from './draft-orders';
import { errorResponse, json } from './http';
import type { IdempotencyStore } from './idempotency';
import type { RequestNotes } from './operations';
import { partnerPricing } from './partner-pricing';

export interface DraftCheckoutOptions {
  catalogue: Catalogue;
  store: DirectDebitStore;
  /** Where `direct-debit-checkout:{flowId}` is claimed, so one instance makes one draft at a time. */
  keys: IdempotencyStore;
  keyTtl: number;
  now: () => number;
  shop: DraftOrders;
  partnerTokenSecret: string | undefined;
}

/** The checkout's answer: the draft's link, what it charges and what the Direct Debit finances, in pence. */
export interface DraftCheckoutAnswer {
  checkoutUrl: string;
  draftOrderId: string;
  dueNow: number;
  financed: number;
  currency: typeof CURRENCY;
  lines: DirectDebitDraftOrder['lines'];
}

/** How long a checkout holds its flow's key without news (a crashed instance): beyond its four Admin calls. */
const CHECKOUT_LEASE_MS = 2 * 60_000;
/** How long the draft holds its items' stock: the buyer goes to its checkout at once. */
const RESERVE_MS = 24 * 60 * 60_000;
/** The webhook usually records a mandate within seconds of the drop-in's success. */
const MANDATE_RETRY_AFTER = '3';

const answerOf = (draft: DirectDebitDraftOrder): DraftCheckoutAnswer => ({
  checkoutUrl: draft.invoiceUrl,
  draftOrderId: draft.id,
  dueNow: draft.dueNow,
  financed: draft.financed,
  currency: CURRENCY,
  lines: draft.lines,
});

type Made = { kind: 'made'; status: 200 | 201; answer: DraftCheckoutAnswer } | { kind: 'refused'; response: Response };

/** The answer to a failed Admin call; nothing the shop refused is told the buyer, only the operator. */
function shopProblem(outcome: Exclude<AdminOutcome<unknown>, { ok: true }>, cors: Record<string, string>, notes: RequestNotes): Response {
  if (outcome.kind === 'rejected') {
    notes.permanent = true;
    notes.reason = 'shop_rejected';
    const message = 'The shop refused this service, so the order cannot be placed online now; nothing was charged. Contact the shop to complete it.';
    return json(503, { error: { code: 'shop_rejected', retryable: false, message } }, cors);
  }
  if (outcome.kind === 'refused') {
    notes.reason = 'shop_refused';
    notes.failure = new Error(`The shop refused the draft order: ${outcome.messages.join('; ')}`);
    return errorResponse(502, 'shop_refused', 'The shop could not take this order just now; nothing was charged. Try again later or contact the shop.', cors);
  }
  notes.reason = 'shop_failed';
  return errorResponse(502, 'shop_failed', 'The shop did not answer in time; nothing was charged. Try again.', cors);
}

function totalDiffers(dueNow: number, shopTotal: number, cors: Record<string, string>, notes: RequestNotes): Made {
  notes.reason = 'shop_total_differs';
  const message = `The shop would charge ${formatPence(shopTotal)} today, not the ${formatPence(dueNow)} you were shown; no order was made.`;
  return { kind: 'refused', response: json(409, { error: { code: 'shop_total_differs', message, dueNow, shopTotal } }, cors) };
}

/** `POST …/checkout` for a request already validated and its flow id; the handler has checked origin, method and limits. */
export function draftOrderCheckout(options: DraftCheckoutOptions) {
  const { catalogue, store, keys, keyTtl, now, shop } = options;

  /** Deletes a draft whose link no buyer was given; its failure is only reported, and its status stays out of the log line. */
  const discard = (id: string) => shop.remove(id, {});

  /** Prices the order at the shop, checks the draft's total, makes the draft and keeps the first one made for the flow. */
  async function make(
    request: DirectDebitRequest,
    configuration: Configuration,
    flow: DirectDebitFlowStatus & { mandateId: string },
    cors: Record<string, string>,
    notes: RequestNotes,
  ): Promise<Made> {
    // The start verified this very token (the fingerprints match): it counts as of the flow's start.
    const partner = await partnerPricing(catalogue, { token: request.partnerToken, secret: options.partnerTokenSecret, email: request.customer.email }, flow.createdAt);
    if (!partner.ok) {
      notes.reason = 'invalid_partner_token';
      const problems = [{ field: 'partnerToken', message: partner.message }];
      return { kind: 'refused', response: json(422, { error: { code: 'invalid_request', message: 'Check partnerToken.', problems }, problems }, cors) };
    }
    const items = draftItems(catalogue, configuration, partner.context);
    const prices = await shop.prices([...new Set(items.map((item) => item.variantId))], notes);
    if (!prices.ok) return { kind: 'refused', response: shopProblem(prices, cors, notes) };
    const { currencyCode, taxesIncluded, variants } = prices.value;
    if (currencyCode !== CURRENCY || !taxesIncluded) {
      notes.failure = new Error(`The shop's prices are in ${currencyCode}${taxesIncluded ? '' : ' and exclude taxes'}: the monthly plan needs GBP prices that include VAT.`);
      return { kind: 'refused', response: shopProblem({ ok: false, kind: 'rejected' }, cors, notes) };
    }
    const unavailable = items.filter((item) => !variants.get(item.variantId)?.availableForSale).map((item) => item.name);
    if (unavailable.length > 0) {
      notes.reason = 'items_unavailable';
      const message = `Not available from the shop at the moment: ${unavailable.join(', ')}. Nothing was charged.`;
      return { kind: 'refused', response: json(409, { error: { code: 'items_unavailable', message, items: unavailable } }, cors) };
    }
    const draft = monthlyDraft(catalogue, configuration, partner.context, items.map((item) => ({ ...item, amount: variants.get(item.variantId)!.price })));
    if (draft.financed <= 0) {
      notes.reason = 'nothing_financed';
      const message = `The shop's prices (${formatPence(draft.full)}) leave nothing to pay by Direct Debit after the initial payment; no order was made.`;
      return { kind: 'refused', response: errorResponse(422, 'nothing_financed', message, cors) };
    }
    const input = draftOrderInput(draft, {
      request,
      catalogue,
      configuration,
      context: partner.context,
      flowId: flow.flowId,
      mandateId: flow.mandateId,
      reserveInventoryUntil: new Date(now() + RESERVE_MS).toISOString(),
    });
    const calculated = await shop.calculate(input, notes);
    if (!calculated.ok) return { kind: 'refused', response: shopProblem(calculated, cors, notes) };
    if (calculated.value !== draft.dueNow) return totalDiffers(draft.dueNow, calculated.value, cors, notes);
    const created = await shop.create(input, notes);
    if (!created.ok) return { kind: 'refused', response: shopProblem(created, cors, notes) };
    // A price may change between the calculation and the creation: the draft's own total decides.
    if (created.value.total !== draft.dueNow) {
      await discard(created.value.id);
      return totalDiffers(draft.dueNow, created.value.total, cors, notes);
    }
    const record: DirectDebitDraftOrder = {
      id: created.value.id,
      invoiceUrl: created.value.invoiceUrl,
      dueNow: draft.dueNow,
      financed: draft.financed,
      lines: draft.lines.map(({ variantId, name, amount }) => ({ variantId, name, amount })),
    };
    let kept: DirectDebitDraftOrder | undefined;
    try {
      kept = await store.saveDraftOrder(flow.flowId, record);
    } catch (error) {
      await discard(record.id);
      throw error;
    }
    if (kept === undefined) {
      await discard(record.id);
      notes.reason = 'flow_unknown';
      return { kind: 'refused', response: errorResponse(404, 'flow_unknown', 'No direct-debit flow with this id is known here.', cors) };
    }
    // Another instance's draft was kept first: one draft, one link per mandate.
    if (kept.id !== record.id) {
      await discard(record.id);
      return { kind: 'made', status: 200, answer: answerOf(kept) };
    }
    return { kind: 'made', status: 201, answer: answerOf(record) };
  }

  return async function checkout(
    request: DirectDebitRequest,
    configuration: Configuration,
    flowId: string,
    cors: Record<string, string>,
    notes: RequestNotes,
    fingerprint: string,
  ): Promise<Response> {
    const flow = await store.status(flowId);
    if (!flow) {
      notes.reason = 'flow_unknown';
      return errorResponse(404, 'flow_unknown', 'No direct-debit flow with this id is known here.', cors);
    }
    if (flow.request !== fingerprint) {
      notes.reason = 'flow_mismatch';
      return errorResponse(422, 'flow_mismatch', 'This request is not the one the direct-debit flow was started with; send that request again.', cors);
    }
    if (flow.status === 'pending') {
      notes.reason = 'mandate_pending';
      return errorResponse(409, 'mandate_pending', 'GoCardless has not confirmed the Direct Debit yet; try again shortly.', { ...cors, 'retry-after': MANDATE_RETRY_AFTER });
    }
    if (flow.status !== 'fulfilled' || flow.mandateId === undefined) {
      notes.reason = 'mandate_not_set_up';
      return errorResponse(422, 'mandate_not_set_up', 'The Direct Debit was not set up, so the monthly plan cannot be checked out; set it up again.', cors);
    }
    if (flow.draftOrder) {
      notes.idempotency = 'replayed';
      return json(200, answerOf(flow.draftOrder), cors);
    }
    const key = `direct-debit-checkout:${flowId}`;
    const token = crypto.randomUUID();
    const claim = await keys.claim(key, { fingerprint, token, leaseMs: CHECKOUT_LEASE_MS, ttlMs: keyTtl }, now());
    if (claim.outcome === 'done') {
      notes.idempotency = 'replayed';
      return json(claim.answer.status, claim.answer.body, cors);
    }
    if (claim.outcome === 'pending') {
      notes.idempotency = 'in_progress';
      return errorResponse(409, 'request_in_progress', 'The order is being made; try again shortly.', { ...cors, 'retry-after': '2' });
    }
    if (claim.outcome === 'mismatch') {
      notes.idempotency = 'mismatch';
      return errorResponse(422, 'flow_mismatch', 'This request is not the one the direct-debit flow was started with; send that request again.', cors);
    }
    let made: Made;
    try {
      made = await make(request, configuration, { ...flow, mandateId: flow.mandateId }, cors, notes);
    } catch (error) {
      await keys.release(key, token, now());
      throw error;
    }
    if (made.kind === 'refused') {
      await keys.release(key, token, now());
      notes.idempotency = 'released';
      return made.response;
    }
    await keys.complete(key, token, { status: 200, body: made.answer }, keyTtl, now());
    notes.idempotency = made.status === 201 ? 'fresh' : 'replayed';
    return json(made.status, made.answer, cors);
  }
}
