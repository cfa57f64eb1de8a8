import type { Catalogue, ColourOption, InstallationId, PaymentPlan, PaymentType } from './catalogue/schema';
import type { Configuration } from './configuration';
import {
  bodyColour,
  cableOption,
  frontColour,
  hookColour,
  installationOption,
  solarItem,
  surgeItem,
  withInstallation,
} from './configuration';
import type { InstallCheckAnswers } from './install-check';
import { poundsFromPence } from './money';
import { orderItems, partnerDiscount } from './order-items';
import type { VerifiedPartner } from './partner';
import { partnerContext } from './partner';
import type { StepName } from './wizard/steps';

/**
 * Spec §3 "Form values": what the buyer types or answers, under the spec's field names. The
 * configuration choices live in `Configuration`; `specFormValues` merges the two.
 */
export interface FormValues {
  'first-name': string;
  'last-name': string;
  email: string;
  tel: string;
  /** How the buyer heard of the product. */
  hear: string;
  /** Spec §6: read from the `referral` cookie; the default is a shop label. */
  referral: string;
  title: string;
  /** ISO date (yyyy-mm-dd), as a date input gives it. DESIGN: kept in memory only, never sent. */
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
  /** Spec §5: the terms accepted for each installation variant, by installation id. */
  installationTerms: Partial<Record<InstallationId, boolean>>;
  goCardlessMandateComplete: boolean;
  goCardlessFlowId: string;
  serialNumber: string;
  region: string;
  /**
   * Spec §3: the wizard steps walked to the current one, in order, by name. Going back drops the
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
 * Answers that are not the form values of §7.2: the specification request's own (they travel in its
 * request) and the partner verification (its discount is the values' `discount`).
 */
type SpecRequestAnswers = 'orderEmail' | 'installCheck' | 'verifiedPartner';

/** Spec §3: title defaults to Mr, gender to Male; spec §6: the default referral source is the shop. */
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

/**
 * Step 01's order e-mail prefills step 06's contact e-mail: the contact e-mail follows it until the
 * customer makes it different, so a contact address of their own is never overwritten.
 */
export function orderEmailChanges(form: Pick<FormValues, 'email' | 'orderEmail'>, orderEmail: string): Partial<FormValues> {
  return form.email === form.orderEmail ? { orderEmail, email: orderEmail } : { orderEmail };
}

/*
 * Catalogue entries as spec §3 lists them inside the form values, each with its catalogue id added.
 * Prices are pounds, as the spec's tables write them: this object leaves the app (spec §7.2).
 */

export interface ColourValue {
  id: string;
  name: string;
  code: string;
  path: string;
  arPath: string;
  index: number;
  color?: string | undefined;
  metallic: boolean;
}

/** A front or body colour with the finish surcharge it adds (spec §9 "Surcharge labels"). */
export interface PricedColourValue extends ColourValue {
  price: number;
}

export interface CableValue {
  id: string;
  variantId: string;
  name: string;
  price: number;
}

export interface InstallationValue {
  id: InstallationId;
  variantId: string;
  name: string;
  longName: string;
  price: number;
}

/** An extra as priced in the order; `id` is its order-item key. */
export interface ItemValue {
  id: string;
  name: string;
  price: number;
  variantId?: string | undefined;
}

export interface DiscountValue {
  id: string;
  name: string;
  value: number;
  domains: string[];
}

export interface OfferValue {
  id: string;
  name: string;
}

/** The configuration under the spec's field names; each `withX` says whether its item is in the order. */
export interface ConfigurationValues {
  withInstallation: boolean;
  installation: InstallationValue;
  frontColor: PricedColourValue;
  sideColor: PricedColourValue;
  cable: CableValue;
  withSurgeProtection: boolean;
  surgeProtection: ItemValue | null;
  withAdvancedSolar: boolean;
  advancedSolar: ItemValue | null;
  /** Not among the spec's field names; kept so the renewable choice is not lost on the way out. */
  withRenewable: boolean;
  renewable: ItemValue | null;
  discount: DiscountValue;
  withOffer: boolean;
  offer: OfferValue | null;
  paymentType: PaymentType | null;
  paymentPlan: PaymentPlan | null;
  withCableHook: boolean;
  cableHook: ItemValue | null;
  cableHookColor: ColourValue | null;
  withDisplay: boolean;
  display: ItemValue | null;
  extendedWarranty: boolean;
  /** The extended warranty when chosen, otherwise the standard 3 year one (spec §7.4). */
  warranty: ItemValue;
}

/** Spec §7.2 "the whole form values object", without the date of birth (DESIGN: personal data). */
export type SpecFormValues = Omit<FormValues, 'dob' | SpecRequestAnswers> & ConfigurationValues;

const colourValue = ({ id, name, code, path, arPath, index, color, metallic }: ColourOption): ColourValue => ({
  id,
  name,
  code,
  path,
  arPath,
  index,
  color,
  metallic,
});

/**
 * Spec §3 "Form values" / §7.2: the configuration and the buyer's answers as one object under the
 * spec's field names. Prices come from `orderItems`, so they are the very ones the summary shows;
 * with `verifiedPartnerDiscounts` (`partner-endpoint`) the discount is the verified partner's.
 */
export function specFormValues(
  catalogue: Catalogue,
  config: Configuration,
  form: FormValues,
  verifiedPartnerDiscounts = false,
): SpecFormValues {
  const answers: Omit<FormValues, 'dob' | SpecRequestAnswers> & Partial<Pick<FormValues, 'dob' | SpecRequestAnswers>> = { ...form };
  delete answers.dob;
  delete answers.orderEmail;
  delete answers.installCheck;
  delete answers.verifiedPartner;
  const context = partnerContext(form, verifiedPartnerDiscounts);
  const items = orderItems(catalogue, config, context);
  const item = (key: string): ItemValue | null => {
    const found = items.find((candidate) => candidate.key === key);
    return found ? { id: found.key, name: found.name, price: poundsFromPence(found.price), variantId: found.variantId } : null;
  };
  const surcharge = (key: string) => item(key)?.price ?? 0;

  const installation = installationOption(catalogue, config.installation);
  const cable = cableOption(catalogue, config.cable);
  const surgeProtection = item(surgeItem(catalogue, config).id);
  const advancedSolar = item(solarItem(catalogue, config).id);
  const renewable = item('renewable');
  const cableHook = item('hook');
  const display = item('display');
  const offer = catalogue.offers.find((candidate) => candidate.id === config.offer);
  const plan = catalogue.paymentPlans.find((candidate) => candidate.id === config.paymentType);
  // The catalogue schema guarantees a value-0 "No Discount" entry.
  const discount = partnerDiscount(catalogue, context) ?? catalogue.discounts.find((entry) => entry.value === 0)!;

  return {
    ...answers,
    installationTerms: { ...form.installationTerms },
    wizardSteps: [...form.wizardSteps],
    withInstallation: withInstallation(catalogue, config),
    installation: {
      id: installation.id,
      variantId: installation.variantId,
      name: installation.name,
      longName: installation.longName,
      price: poundsFromPence(installation.price),
    },
    frontColor: { ...colourValue(frontColour(catalogue, config.front)), price: surcharge('front_finish') },
    sideColor: { ...colourValue(bodyColour(catalogue, config.body)), price: surcharge('body_finish') },
    cable: { id: cable.id, variantId: cable.variantId, name: cable.name, price: poundsFromPence(cable.price) },
    withSurgeProtection: surgeProtection !== null,
    surgeProtection,
    withAdvancedSolar: advancedSolar !== null,
    advancedSolar,
    withRenewable: renewable !== null,
    renewable,
    discount: { id: discount.id, name: discount.name, value: poundsFromPence(discount.value), domains: [...discount.domains] },
    withOffer: offer !== undefined,
    offer: offer ? { id: offer.id, name: offer.name } : null,
    paymentType: config.paymentType,
    paymentPlan: plan ? { ...plan } : null,
    withCableHook: cableHook !== null,
    cableHook,
    cableHookColor: cableHook ? colourValue(hookColour(catalogue, config.hookColour)) : null,
    withDisplay: display !== null,
    display,
    extendedWarranty: config.extendedWarranty,
    warranty: item(config.extendedWarranty ? 'warranty' : 'standard_warranty')!,
  };
}
