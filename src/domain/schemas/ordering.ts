import * as v from 'valibot';
import { PaymentTypeSchema } from '../catalogue/schema';
import { monthlyPlanOffered } from '../plan-figures';
import { CONTACT_FIELDS, accepted, choice, chosen, financeFields, formObject, requiredWith } from './fields';
import { MESSAGES, requiredMessage } from './messages';

/**
 * VALID-1 installation step: withInstallation true or false; the selected installation variant's
 * terms accepted ("required for each installation variant"). The terms error sits under
 * `installationTerms`, and shows even while other fields are still wrong.
 */
export const InstallationStepSchema = v.pipe(
  formObject({
    withInstallation: choice(MESSAGES.installation),
    installation: chosen(MESSAGES.installation),
    installationTerms: v.optional(v.record(v.string(), v.boolean(MESSAGES.terms), MESSAGES.terms), {}),
  }),
  v.forward(
    v.partialCheck(
      [['installation', 'id'], ['installationTerms']],
      ({ installation, installationTerms }) => installationTerms[installation.id] === true,
      MESSAGES.terms,
    ),
    ['installationTerms'],
  ),
);

const extras = {
  withSurgeProtection: choice(MESSAGES.surgeProtection),
  withAdvancedSolar: choice(MESSAGES.advancedSolar),
  withDisplay: choice(MESSAGES.display),
  withCableHook: choice(MESSAGES.cableHook),
  // VALID-2: the display message is also used for the warranty.
  extendedWarranty: choice(MESSAGES.display),
};

/** VALID-2 extras step: each extra answered true or false. */
export const ExtrasStepSchema = formObject(extras);

/** The cable hook step asks the hook question again, under VALID-2's hook message. */
export const HookStepSchema = formObject({ withCableHook: extras.withCableHook });

/** VALID-3 contact step: first-name, last-name, email, tel required; email a valid address. */
export const ContactStepSchema = formObject(CONTACT_FIELDS);

/** VALID-4 offer step: withOffer true or false. */
export const OfferStepSchema = formObject({ withOffer: choice(MESSAGES.offer) });

/** VALID-5 finance step (see `financeFields`); `today` decides the age check (the domain has no clock). */
export const financeStepSchema = (today: Date) => formObject(financeFields(today));

/** VALID-6 direct debit step: the mandate complete and a flow id. */
export const DirectDebitStepSchema = formObject({
  goCardlessMandateComplete: accepted(MESSAGES.goCardless),
  // The buyer gets the flow id by completing the form: the same message says what to do.
  goCardlessFlowId: requiredWith(MESSAGES.goCardless),
});

/**
 * VALID-7 payment step: paymentType required, one of the plans (CAT-7); the monthly plan only with
 * something paid monthly (`monthlyPayment`, in pence; unknown counts as nothing), as a Direct Debit
 * of £0.00 a month collects nothing.
 */
export const PaymentStepSchema = v.pipe(
  formObject({
    paymentType: v.picklist(PaymentTypeSchema.options, requiredMessage('paymentType')),
    monthlyPayment: v.optional(v.number(), 0),
  }),
  v.forward(
    v.partialCheck(
      [['paymentType'], ['monthlyPayment']],
      ({ paymentType, monthlyPayment }) => paymentType !== 'PAY_MONTHLY' || monthlyPlanOffered({ monthlyPayment }),
      MESSAGES.nothingMonthly,
    ),
    ['paymentType'],
  ),
);
