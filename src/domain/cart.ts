import type { Catalogue } from './catalogue/schema';
import type { Configuration } from './configuration';
import type { FormValues } from './forms';
import { productLines } from './mail';
import { formatPence } from './money';
import { priceConfiguration } from './pricing';
import type { PricingContext } from './order-items';
import { orderItems } from './order-items';
import type { PartnerContext } from './partner';
import { partnerDiscountCode } from './partner-code';
import type { Flow } from './wizard/steps';

/**
 * The Storefront Cart API inputs built from a configuration (CART-1) and the error-code
 * mapping (CART-4). Lines come from `orderItems`, so the cart holds
 * exactly the items the buyer saw priced.
 */

/** Storefront `AttributeInput`: keys and values are strings. */
export interface AttributeInput {
  key: string;
  value: string;
}

/** Storefront `CartLineInput`. */
export interface CartLineInput {
  merchandiseId: string;
  quantity: number;
  attributes: AttributeInput[];
  /** The monthly plan's selling plan, so the checkout charges only what is due now. */
  sellingPlanId?: string;
}

const toAttributes = (record: Record<string, string>): AttributeInput[] =>
  Object.entries(record).map(([key, value]) => ({ key, value }));

/**
 * CART-1: one line per shop variant, quantity 1; with the monthly plan, each line the shop sells
 * on the plan's selling plan carries it. Where the old SDK sent empty custom
 * attributes, each line names the colours and codes it stands for (base: front and body; hook:
 * its colour; finishes: the colour they are for). Items without a variant (standard warranty,
 * offer, partner discount) are not shop lines.
 */
export function cartLines(
  catalogue: Catalogue,
  config: Configuration,
  context: PricingContext = {},
  sellingPlans: Readonly<Record<string, string>> = {},
): CartLineInput[] {
  const monthly = config.paymentType === 'PAY_MONTHLY';
  return orderItems(catalogue, config, context).flatMap((item) => {
    if (!item.variantId) return [];
    const line: CartLineInput = { merchandiseId: item.variantId, quantity: 1, attributes: toAttributes(item.attributes) };
    const plan = monthly ? sellingPlans[item.variantId] : undefined;
    return [plan ? { ...line, sellingPlanId: plan } : line];
  });
}

/**
 * The finance step's answers that go to the shop with a monthly order. The date of birth
 * is not among them: cart attributes are readable by every app and extension of the shop, so it
 * goes only to the merchant's direct-debit handler (PAY-4, SAVE-1).
 */
export type FinanceAttributeAnswers = Pick<
  FormValues,
  | 'title'
  | 'legalName'
  | 'primaryAddress1'
  | 'primaryCity'
  | 'primaryRegion'
  | 'primaryPostcode'
  | 'primaryCountry'
  | 'gender'
  | 'acceptedMonthlyPaymentTerms'
  | 'acceptedCreditCheck'
>;

export interface MonthlyPlanContext {
  /** The GoCardless Billing Request Flow the buyer completed on the direct-debit step. */
  flowId: string;
  mandateComplete: boolean;
  finance: FinanceAttributeAnswers;
}

/** The monthly plan's part of the form, field by field (never a spread, so nothing else slips in). */
export function monthlyPlanContext(form: FormValues): MonthlyPlanContext {
  return {
    flowId: form.goCardlessFlowId,
    mandateComplete: form.goCardlessMandateComplete,
    finance: {
      title: form.title,
      legalName: form.legalName,
      primaryAddress1: form.primaryAddress1,
      primaryCity: form.primaryCity,
      primaryRegion: form.primaryRegion,
      primaryPostcode: form.primaryPostcode,
      primaryCountry: form.primaryCountry,
      gender: form.gender,
      acceptedMonthlyPaymentTerms: form.acceptedMonthlyPaymentTerms,
      acceptedCreditCheck: form.acceptedCreditCheck,
    },
  };
}

/** The pricing context: a partner discount lowers the monthly plan's initial payment. */
export interface CartAttributesContext extends PricingContext {
  /** CART-10: the referral value read from the "referral" cookie (defaulted by the form). */
  referral?: string | undefined;
  flow: Flow;
  /** With the monthly plan: the mandate's flow and the finance answers. */
  monthly?: MonthlyPlanContext | undefined;
}

const yesNo = (answer: boolean) => (answer ? 'Yes' : 'No');

/** The plan's figures, the mandate and the finance answers, for the merchant's staff. */
function monthlyAttributes(catalogue: Catalogue, config: Configuration, context: CartAttributesContext): Record<string, string> {
  const monthly = context.monthly;
  if (config.paymentType !== 'PAY_MONTHLY' || !monthly) return {};
  const plan = priceConfiguration(catalogue, config, context).monthly;
  const { finance } = monthly;
  const attributes: Record<string, string> = {
    'Initial payment': formatPence(plan.initialPayment),
    'Monthly payments': `${plan.months} × ${formatPence(plan.monthlyPayment)}, then ${formatPence(plan.afterwardsPerYear)} per year`,
    'GoCardless flow ID': monthly.flowId,
    'GoCardless form completed': yesNo(monthly.mandateComplete),
    'Finance: title': finance.title,
    'Finance: legal name': finance.legalName,
    'Finance: address line 1': finance.primaryAddress1,
    'Finance: city': finance.primaryCity,
    'Finance: region': finance.primaryRegion,
    'Finance: postcode': finance.primaryPostcode.trim().toUpperCase(),
    'Finance: country': finance.primaryCountry,
    'Finance: gender': finance.gender,
    'Accepted monthly payment terms': yesNo(finance.acceptedMonthlyPaymentTerms),
    'Accepted credit check': yesNo(finance.acceptedCreditCheck),
  };
  // Optional answers left empty are left out rather than sent blank.
  return Object.fromEntries(Object.entries(attributes).map(([key, value]) => [key, value.trim()]).filter(([, value]) => value !== ''));
}

/**
 * Cart-level attributes: the referral (CART-10), the flow, the whole configuration in words (the
 * same product lines the spec-request mail carries), the payment plan and a chosen offer (an
 * offer is free and has no shop line, so it would otherwise be lost); with the monthly plan, its
 * figures, the mandate's flow id and the finance answers, never the date of birth.
 */
export function cartAttributes(
  catalogue: Catalogue,
  config: Configuration,
  context: CartAttributesContext,
): AttributeInput[] {
  const attributes: Record<string, string> = {};
  const referral = context.referral?.trim();
  if (referral) attributes['Referral'] = referral;
  attributes['Flow'] = context.flow;
  attributes['Configuration'] = productLines(catalogue, config).join('; ');
  const plan = catalogue.paymentPlans.find((candidate) => candidate.id === config.paymentType);
  if (plan) attributes['Payment plan'] = plan.title;
  const offer = orderItems(catalogue, config).find((item) => item.key === 'offer');
  if (offer) attributes['Offer'] = offer.name;
  return toAttributes({ ...attributes, ...monthlyAttributes(catalogue, config, context) });
}

/** The cart's discount codes: the partner discount's shop code, when the order has one (domain/partner.ts). */
export function discountCodes(catalogue: Catalogue, context: PartnerContext): string[] {
  const code = partnerDiscountCode(catalogue, context);
  return code ? [code] : [];
}

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * A phone number in E.164 form, or undefined. UK national numbers ("07700 900123",
 * "(020) 7946 0958") gain +44; "+44 (0)…", "0044…" and "+440…" are normalised.
 */
export function toE164(phone: string | undefined): string | undefined {
  if (!phone) return undefined;
  let digits = phone.trim().replace(/^\+44\s*\(0\)/, '+44').replace(/[\s().-]/g, '');
  if (digits.startsWith('00')) digits = `+${digits.slice(2)}`;
  if (/^0\d{9,10}$/.test(digits)) digits = `+44${digits.slice(1)}`;
  if (digits.startsWith('+440')) digits = `+44${digits.slice(4)}`;
  return E164.test(digits) ? digits : undefined;
}

export interface BuyerIdentityInput {
  email: string;
  phone?: string;
}

/** CART-1 buyer identity: the phone only when it can be given in E.164 form. */
export function buyerIdentity({ email, phone }: { email: string; phone?: string | undefined }): BuyerIdentityInput {
  const e164 = toE164(phone);
  return e164 ? { email: email.trim(), phone: e164 } : { email: email.trim() };
}

/** Storefront `CartDeliveryAddressInput` (cart delivery addresses, API 2025-01 on), the parts this product sets. */
export interface CartDeliveryAddressInput {
  firstName?: string;
  lastName: string;
  address1: string;
  city: string;
  zip: string;
  countryCode: 'GB';
  phone?: string;
}

/** Storefront `CartSelectableAddressInput` holding a full address (`CartAddressInput.deliveryAddress`). */
export interface CartSelectableAddressInput {
  address: { deliveryAddress: CartDeliveryAddressInput };
  selected: boolean;
  oneTimeUse: boolean;
}

/** The answers a delivery address is made of: the contact step's names and phone, the finance step's address. */
export type DeliveryAddressAnswers = Pick<
  FormValues,
  'first-name' | 'last-name' | 'tel' | 'legalName' | 'primaryAddress1' | 'primaryCity' | 'primaryPostcode'
>;

/** The contact step's names when both are given, else the legal name split before its last word. */
function recipientName(form: DeliveryAddressAnswers): { firstName?: string; lastName: string } {
  const firstName = form['first-name'].trim();
  const lastName = form['last-name'].trim();
  if (firstName && lastName) return { firstName, lastName };
  const words = form.legalName.trim().split(/\s+/).filter(Boolean);
  const last = words.pop() ?? '';
  return words.length > 0 ? { firstName: words.join(' '), lastName: last } : { lastName: last };
}

/**
 * PAY-4: the finance step's address as the cart's one delivery address,
 * pre-selected so the checkout opens with it. Only the monthly plan asks for an address, so any
 * other plan (or an address left incomplete) gives none. The service is mainland UK only (STEP-5)
 * and the postcode is checked as a UK one, so the country is GB whatever the optional country
 * field says; the region stays out, as Shopify's UK addresses have none. One-time use: it is not
 * saved to an account the buyer may have (SAVE-1).
 */
export function deliveryAddress(config: Configuration, form: DeliveryAddressAnswers): CartSelectableAddressInput | undefined {
  const address1 = form.primaryAddress1.trim();
  const city = form.primaryCity.trim();
  const zip = form.primaryPostcode.trim().replace(/\s+/g, ' ').toUpperCase();
  const name = recipientName(form);
  if (config.paymentType !== 'PAY_MONTHLY' || !address1 || !city || !zip || !name.lastName) return undefined;
  const phone = toE164(form.tel);
  return {
    address: { deliveryAddress: { ...name, address1, city, zip, countryCode: 'GB', ...(phone ? { phone } : {}) } },
    selected: true,
    oneTimeUse: true,
  };
}

/**
 * CART-2: the checkout URL gets `_fd=0`. The rest of the query and the
 * fragment are kept byte for byte; an existing _fd is replaced.
 */
export function checkoutUrlWithFd(url: string): string {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const kept =
    queryAt === -1
      ? []
      : beforeHash
          .slice(queryAt + 1)
          .split('&')
          .filter((param) => param !== '' && param.split('=')[0] !== '_fd');
  return `${path}?${[...kept, '_fd=0'].join('&')}${hash}`;
}

/** The parts of a fetched cart that carry discount codes. */
export interface DiscountCodeSources {
  discountCodes: readonly { code: string; applicable?: boolean }[];
  lines: readonly { discountAllocations: readonly { code?: string | null }[] }[];
}

/**
 * CART-5: adding a discount collects existing codes from cart-level and line-level discount
 * applications, removes duplicates, appends the new codes". Shop codes are case-insensitive, so
 * duplicates are found ignoring case and the first spelling is kept.
 */
export function mergeDiscountCodes(cart: DiscountCodeSources, newCodes: readonly string[]): string[] {
  const existing = [
    ...cart.discountCodes.map((discount) => discount.code),
    ...cart.lines.flatMap((line) => line.discountAllocations.map((allocation) => allocation.code ?? '')),
  ];
  const seen = new Set<string>();
  return [...existing, ...newCodes]
    .map((code) => code.trim())
    .filter((code) => {
      const key = code.toLowerCase();
      if (!code || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

// The CART-4 codes live apart, so the shop client's errors come without the cart's builders.
export { buyerMessage, CLIENT_ERROR_CODES, mapUserError, mapWarning } from './cart-errors';
export type { ClientErrorCode } from './cart-errors';

/**
 * The checkout URL a cart answered with, resolved against the page, if it is a web address; else
 * undefined. The page goes there with `location.assign`, which would run a `javascript:` URL in the
 * host page (bad input).
 */
export function webCheckoutAddress(url: string, base: string): string | undefined {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url, base);
  } catch {
    return undefined;
  }
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
}
