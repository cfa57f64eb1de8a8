import * as v from 'valibot';
import type { Catalogue } from './catalogue/schema';
import type { Configuration } from './configuration';
import { ConfigurationShape } from './configuration-shape';
import type { RequestProblem } from './schemas/problems';
import { checkRequest } from './schemas/problems';
import type { FormValues } from './forms';
import { monthlyPlanOffered } from './plan-figures';
import { priceConfiguration } from './pricing';
import { normaliseConfiguration } from './selection';
import { CONTACT_FIELDS, IdempotencyKeySchema, financeFields } from './schemas/fields';
import { MESSAGES } from './schemas/messages';
import { withoutInvisibleTexts } from './mail';

/**
 * The request the element sends to `direct-debit-endpoint` to start a mandate flow (VALID-5,
 * VALID-6): the configuration as ids (the handler recomputes the monthly
 * figures), the contact details and the finance answers. The same schema runs in the element
 * before sending and in the handler on receipt. The date of birth travels only here, to the
 * merchant's own handler (for its credit check), never into the cart. Version 1.
 */
export const DIRECT_DEBIT_REQUEST_VERSION = 1;

/** GoCardless's drop-in, version 2 (GoCardless: backward compatible within a major version; never vendored). */
export const GOCARDLESS_DROPIN_SRC = 'https://pay.gocardless.com/billing/static/dropin/v2/initialise.js';

/** The finance step's answers (VALID-5), checked as the form checks them. */
export const financeAnswersSchema = (today: Date) => v.object(financeFields(today));

export const directDebitRequestSchema = (today: Date) =>
  v.object({
    version: v.literal(DIRECT_DEBIT_REQUEST_VERSION, `must be ${DIRECT_DEBIT_REQUEST_VERSION}`),
    /**
     * One per page session and request content: a retry or a reload resends it and the handler hands
     * back the flow it started for it. Optional, so a page built before it still starts flows.
     */
    idempotencyKey: v.optional(IdempotencyKeySchema),
    /** VALID-3 contact step, checked as the form checks it. */
    customer: v.object(CONTACT_FIELDS),
    finance: financeAnswersSchema(today),
    configuration: ConfigurationShape,
    /**
     * The partner-discount handler's verification token for `customer.email`: the only way a
     * partner discount comes off the initial payment. The handler checks it whole; the e-mail alone never counts.
     */
    partnerToken: v.optional(v.string('must be a string')),
  });

export type DirectDebitRequest = v.InferOutput<ReturnType<typeof directDebitRequestSchema>>;
export type FinanceAnswers = DirectDebitRequest['finance'];

/** Where a monthly order is paid: a draft order the handler makes once the mandate is set up, or the shop's cart (selling plans). */
export const MONTHLY_CHECKOUTS = ['draft-order', 'cart'] as const;
export type MonthlyCheckout = (typeof MONTHLY_CHECKOUTS)[number];

/**
 * What a direct-debit endpoint answers: the Billing Request Flow to open and its environment, and
 * where the order is then paid (a handler without it predates draft orders: the cart).
 */
export const DirectDebitStartAnswerSchema = v.object({
  flowId: v.pipe(v.string('must be a string'), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a flow id')),
  environment: v.picklist(['sandbox', 'live'], 'must be "sandbox" or "live"'),
  checkout: v.optional(v.picklist(MONTHLY_CHECKOUTS, 'must be "draft-order" or "cart"')),
});

export type DirectDebitStartAnswer = v.InferOutput<typeof DirectDebitStartAnswerSchema>;

const wholePence = v.pipe(v.number('must be a number'), v.integer('must be whole pence'), v.minValue(0, 'must not be negative'));

/**
 * The handler's answer to `…/checkout` (docs/decisions/monthly-plan-draft-order.md): the draft order's
 * checkout, what it charges now, what the Direct Debit finances, and each line at the shop's price.
 */
export const DraftCheckoutAnswerSchema = v.object({
  checkoutUrl: v.pipe(v.string('must be a string'), v.url('must be a URL')),
  draftOrderId: v.pipe(v.string('must be a string'), v.nonEmpty('must not be empty')),
  dueNow: wholePence,
  financed: wholePence,
  currency: v.literal('GBP', 'must be "GBP"'),
  lines: v.array(v.object({ variantId: v.string('must be a string'), name: v.string('must be a string'), amount: wholePence }), 'must be a list'),
});

export type DraftCheckoutAnswer = v.InferOutput<typeof DraftCheckoutAnswerSchema>;

/** A field the request got wrong, as the handler names it. */
export type DirectDebitProblem = RequestProblem;

export type DirectDebitRequestResult =
  | { ok: true; request: DirectDebitRequest; configuration: Configuration }
  | { ok: false; problems: DirectDebitProblem[] };

/**
 * Validates a request against the schema and its configuration against the catalogue; only a
 * monthly-plan configuration with something paid monthly may start a mandate (a Direct Debit of
 * £0.00 a month collects nothing). `today` decides the age check.
 */
export function parseDirectDebitRequest(catalogue: Catalogue, input: unknown, today: Date): DirectDebitRequestResult {
  const parsed = checkRequest(catalogue, directDebitRequestSchema(today), input);
  if (!parsed.ok) return parsed;
  // What the buyer typed reaches GoCardless and the shop as the relay's mail does: without invisible characters.
  const checked = { ...parsed, request: { ...parsed.request, customer: withoutInvisibleTexts(parsed.request.customer), finance: withoutInvisibleTexts(parsed.request.finance) } };
  if (checked.configuration.paymentType !== 'PAY_MONTHLY') {
    return { ok: false, problems: [{ field: 'configuration.paymentType', message: 'configuration.paymentType: must be "PAY_MONTHLY" for a direct-debit mandate' }] };
  }
  const configuration = normaliseConfiguration(catalogue, checked.configuration, 'order');
  if (!monthlyPlanOffered(priceConfiguration(catalogue, configuration).monthly)) {
    // The buyer reads this message: the field takes them back to the payment step.
    return { ok: false, problems: [{ field: 'configuration.paymentType', message: MESSAGES.nothingMonthly }] };
  }
  return { ...checked, configuration };
}

/** A request as built from the form, before the schema has checked the acceptances. */
export type DirectDebitRequestBody = Omit<DirectDebitRequest, 'finance'> & {
  finance: Omit<FinanceAnswers, 'acceptedMonthlyPaymentTerms' | 'acceptedCreditCheck'> & {
    acceptedMonthlyPaymentTerms: boolean;
    acceptedCreditCheck: boolean;
  };
};

/**
 * The request for the current answers (the element's side); `parseDirectDebitRequest` checks it.
 * A partner discount verified by its one-time code travels as its token.
 */
export function directDebitRequest(config: Configuration, form: FormValues): DirectDebitRequestBody {
  return {
    ...(form.verifiedPartner && { partnerToken: form.verifiedPartner.token }),
    version: DIRECT_DEBIT_REQUEST_VERSION,
    customer: { 'first-name': form['first-name'], 'last-name': form['last-name'], email: form.email, tel: form.tel },
    finance: {
      title: form.title,
      legalName: form.legalName,
      primaryAddress1: form.primaryAddress1,
      primaryCity: form.primaryCity,
      primaryRegion: form.primaryRegion,
      primaryPostcode: form.primaryPostcode,
      primaryCountry: form.primaryCountry,
      dob: form.dob,
      gender: form.gender,
      acceptedMonthlyPaymentTerms: form.acceptedMonthlyPaymentTerms,
      acceptedCreditCheck: form.acceptedCreditCheck,
    },
    configuration: { ...config },
  };
}

/** The ordering step where a field the handler refused is answered (take the buyer back to it). */
export function stepForDirectDebitField(field: string | undefined): 'finance' | 'contact' | 'payment' | null {
  if (field?.startsWith('finance.')) return 'finance';
  // The partner discount is verified on the contact step, so a refused token is answered there.
  if (field?.startsWith('customer.') || field === 'partnerToken') return 'contact';
  if (field === 'configuration.paymentType') return 'payment';
  return null;
}
