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
import type { FormValues, SpecRequestAnswers } from './forms';
import { poundsFromPence } from './money';
import { orderItems, partnerDiscount } from './order-items';
import { partnerContext } from './partner';

/*
 * Catalogue entries as the form values carry them (LEAD-2), each with its catalogue id added.
 * Prices are pounds, as the catalogue tables write them: this object leaves the app (LEAD-1).
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

/** A front or body colour with the finish surcharge it adds (PAGE-5). */
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
  /** The extended warranty when chosen, otherwise the standard 3 year one (MAIL-1). */
  warranty: ItemValue;
}

/** LEAD-1: the whole form values object, without the date of birth (SAVE-1). */
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
 * LEAD-2: the configuration and the buyer's answers as one object under the
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
