import type { AttributeInput, CartDeliveryAddressInput } from './cart';
import { cartAttributes, deliveryAddress, toE164 } from './cart';
import type { Catalogue } from './catalogue/schema';
import type { Configuration } from './configuration';
import type { DirectDebitRequest } from './direct-debit';
import type { Pence } from './money';
import { formatPence, sumPence } from './money';
import type { PricingContext } from './order-items';
import { orderItems, partnerDiscount } from './order-items';
import type { MonthlyPlanFigures } from './pricing';
import { priceConfiguration } from './pricing';

/**
 * The monthly plan's order as a Shopify draft order (docs/decisions/monthly-plan-draft-order.md):
 * every item the shop sells, at the shop's own price, less one order-level discount that leaves
 * exactly the initial payment the wizard showed (less a verified partner discount) to pay at the
 * draft's checkout. Built here as the Admin API's `DraftOrderInput`.
 */

/** An item of the order the shop sells: its variant, the name the buyer saw, its line attributes. */
export interface DraftItem {
  variantId: string;
  name: string;
  attributes: Record<string, string>;
}

/** A draft item at the shop's current price. */
export interface PricedDraftItem extends DraftItem {
  amount: Pence;
}

/** What the draft charges and what it leaves to the Direct Debit, all from the shop's prices. */
export interface MonthlyDraft {
  lines: PricedDraftItem[];
  /** The shop's prices of every line together. */
  full: Pence;
  /** The initial payment less the partner discount, never below nothing nor above `full`. */
  dueNow: Pence;
  /** What the Direct Debit pays for: `full` less the initial payment before the partner discount. */
  financed: Pence;
  /** The part of the partner discount that came off the initial payment, and the partner's discount name. */
  partner: { amount: Pence; name: string } | undefined;
  /** The draft's one order-level discount: `full` less `dueNow`, the financed balance and the partner discount. */
  discount: Pence;
  /** The catalogue's plan figures the Direct Debit collects. */
  monthly: MonthlyPlanFigures;
}

/** The order's items the shop sells (those with a variant), one line each, as the cart path adds them. */
export function draftItems(catalogue: Catalogue, config: Configuration, context: PricingContext): DraftItem[] {
  return orderItems(catalogue, config, context).flatMap((item) =>
    item.variantId ? [{ variantId: item.variantId, name: item.name, attributes: item.attributes }] : [],
  );
}

/** The draft's figures for the order's items at the shop's prices; the plan's figures come from the catalogue. */
export function monthlyDraft(catalogue: Catalogue, config: Configuration, context: PricingContext, lines: PricedDraftItem[]): MonthlyDraft {
  const { monthly } = priceConfiguration(catalogue, config, context);
  const full = sumPence(lines.map((line) => line.amount));
  const dueNow = Math.min(monthly.initialPayment, full);
  const financed = Math.max(full - catalogue.monthlyPlan.initialPayment, 0);
  const discount = full - dueNow;
  const partnerAmount = discount - financed;
  const partnerName = partnerDiscount(catalogue, context)?.name;
  return {
    lines,
    full,
    dueNow,
    financed,
    partner: partnerAmount > 0 && partnerName !== undefined ? { amount: partnerAmount, name: partnerName } : undefined,
    discount,
    monthly,
  };
}

/** The Admin API's `DraftOrderInput`, as far as the monthly plan fills it in. */
export interface DraftOrderInput {
  lineItems: { variantId: string; quantity: number; customAttributes: AttributeInput[] }[];
  appliedDiscount: { valueType: 'FIXED_AMOUNT'; value: number; title: string; description: string };
  acceptAutomaticDiscounts: false;
  allowDiscountCodesInCheckout: false;
  email: string;
  phone?: string;
  shippingAddress?: CartDeliveryAddressInput;
  customAttributes: AttributeInput[];
  note: string;
  tags: string[];
  reserveInventoryUntil: string;
}

/** The discount's name: the buyer's to read, as Shopify shows an order discount's title to the customer. */
export const DRAFT_DISCOUNT_TITLE = 'Monthly plan: balance by Direct Debit';

/** The tag every monthly-plan draft carries, so the merchant finds them in the admin. */
export const DRAFT_ORDER_TAG = 'monthly-plan';

export interface DraftOrderDetails {
  /** The start request the checkout repeated: its contact and finance address. */
  request: Pick<DirectDebitRequest, 'customer' | 'finance'>;
  catalogue: Catalogue;
  configuration: Configuration;
  /** The partner discount verified for the order, as it priced the draft. */
  context: PricingContext;
  flowId: string;
  mandateId: string;
  /** Until when the draft holds its items' stock (an ISO date-time). */
  reserveInventoryUntil: string;
}

const toAttributes = (record: Record<string, string>): AttributeInput[] => Object.entries(record).map(([key, value]) => ({ key, value }));

/**
 * The draft order: each line by variant only, so Shopify prices it from the catalogue (no price
 * fields), one fixed order discount, no codes or automatic discounts beside it, the buyer's contact
 * and the finance address as the shipping address (docs/decisions/finance-address-is-the-delivery-address.md),
 * and the plan, the mandate and the financed balance for the merchant's staff.
 */
export function draftOrderInput(draft: MonthlyDraft, details: DraftOrderDetails): DraftOrderInput {
  const { request, catalogue, configuration, context, flowId, mandateId } = details;
  const { customer, finance } = request;
  const { partner, financed } = draft;
  const partnerText = partner && `${formatPence(partner.amount)} (${partner.name})`;
  const address = deliveryAddress(configuration, {
    'first-name': customer['first-name'],
    'last-name': customer['last-name'],
    tel: customer.tel,
    legalName: finance.legalName,
    primaryAddress1: finance.primaryAddress1,
    primaryCity: finance.primaryCity,
    primaryPostcode: finance.primaryPostcode,
  });
  const phone = toE164(customer.tel);
  return {
    lineItems: draft.lines.map((line) => ({ variantId: line.variantId, quantity: 1, customAttributes: toAttributes(line.attributes) })),
    appliedDiscount: {
      valueType: 'FIXED_AMOUNT',
      // The Admin API takes this amount as a Float of pounds in the shop's currency.
      value: draft.discount / 100,
      title: DRAFT_DISCOUNT_TITLE,
      description: `${formatPence(financed)} financed by GoCardless Direct Debit, mandate ${mandateId}${partnerText ? `; partner discount ${partnerText}` : ''}`,
    },
    acceptAutomaticDiscounts: false,
    allowDiscountCodesInCheckout: false,
    email: customer.email.trim(),
    ...(phone && { phone }),
    ...(address && { shippingAddress: address.address.deliveryAddress }),
    // The order attributes a cart of the same order carries (the configuration, plan figures and finance answers), then the mandate's.
    customAttributes: [
      ...cartAttributes(catalogue, configuration, { ...context, flow: 'order', monthly: { flowId, mandateComplete: true, finance } }),
      ...toAttributes({
        'GoCardless mandate': mandateId,
        'Financed balance': formatPence(financed),
        ...(partnerText && { 'Partner discount': partnerText }),
      }),
    ],
    note:
      `Monthly plan: ${formatPence(draft.dueNow)} paid at checkout; ${formatPence(financed)} of these prices financed by ` +
      `GoCardless Direct Debit (mandate ${mandateId}), whose collections are recorded outside Shopify.`,
    tags: [DRAFT_ORDER_TAG],
    reserveInventoryUntil: details.reserveInventoryUntil,
  };
}
