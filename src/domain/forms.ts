import type { InstallationId } from './catalogue/schema';
import type { InstallCheckAnswers } from './install-check';
import type { VerifiedPartner } from './partner';
import type { StepName } from './wizard/steps';

/**
 * LEAD-2: what the buyer types or answers, under the form's field names. The
 * configuration choices live in `Configuration`; `specFormValues` (spec-form.ts) merges the two.
 */
export interface FormValues {
  'first-name': string;
  'last-name': string;
  email: string;
  tel: string;
  /** How the buyer heard of the product. */
  hear: string;
  /** CART-10: read from the `referral` cookie; the default is a shop label. */
  referral: string;
  title: string;
  /** ISO date (yyyy-mm-dd), as a date input gives it. SAVE-1: kept in memory only, never sent. */
  dob: string;
  legalName: string;
  primaryAddress1: string;
  primaryCity: string;
  primaryRegion: string;
  primaryPostcode: string;
  primaryCountry: string;
  gender: string;
  acceptedMonthlyPaymentTerms: boolean;
  acceptedCreditCheck: boolean;
  vehicleMake: string;
  vehicleModel: string;
  vehicleReg: string;
  /** VALID-1: the terms accepted for each installation variant, by installation id. */
  installationTerms: Partial<Record<InstallationId, boolean>>;
  goCardlessMandateComplete: boolean;
  goCardlessFlowId: string;
  serialNumber: string;
  region: string;
  /**
   * MOVE-10: the wizard steps walked to the current one, in order, by name. Going back drops the
   * steps left behind, so it is the path that led to where the buyer is (stores: `walkTo`).
   */
  wizardSteps: StepName[];
  /** Specification request step 01: the e-mail of the Mobilize order; step 06's `email` starts as it. */
  orderEmail: string;
  /** Specification request step 05: the installation check's answers. */
  installCheck: InstallCheckAnswers;
  /** With `partner-endpoint`: the partner discount a one-time code to `email` verified. */
  verifiedPartner?: VerifiedPartner | undefined;
}

/**
 * Answers that are not the form values (LEAD-2): the specification request's own (they travel in its
 * request) and the partner verification (its discount is the values' `discount`).
 */
export type SpecRequestAnswers = 'orderEmail' | 'installCheck' | 'verifiedPartner';

/** LEAD-2: title defaults to Mr, gender to Male; CART-10: the default referral names the shop. */
export function defaultFormValues(): FormValues {
  return {
    'first-name': '',
    'last-name': '',
    email: '',
    tel: '',
    hear: '',
    referral: 'shop',
    title: 'Mr',
    dob: '',
    legalName: '',
    primaryAddress1: '',
    primaryCity: '',
    primaryRegion: '',
    primaryPostcode: '',
    primaryCountry: '',
    gender: 'Male',
    acceptedMonthlyPaymentTerms: false,
    acceptedCreditCheck: false,
    vehicleMake: '',
    vehicleModel: '',
    vehicleReg: '',
    installationTerms: {},
    goCardlessMandateComplete: false,
    goCardlessFlowId: '',
    serialNumber: '',
    region: '',
    wizardSteps: [],
    orderEmail: '',
    installCheck: {},
  };
}
