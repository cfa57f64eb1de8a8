// The monthly plan as a Shopify merchant sells it (PRICE-4: £350.00 today, then monthly payments
// collected by a GoCardless Direct Debit): a deferred purchase option, that is a selling plan with a
// fixed billing policy whose checkout charge is what the buyer pays at checkout. Shopify gives
// every plan of a group to every variant in that group, and a plan has one checkout charge, so the
// two charges (the plan's initial payment on the charger, nothing today on everything else) are
// two groups, both named "Monthly plan"; a product sees the one its variants belong to. Each plan is
// named "Monthly plan" too: a variant's allocation shows the plan's name, not its group's, and the
// element finds the plan by the catalogue's `monthlyPlan.sellingPlanName`.
import { formatGbp, moneyV2 } from './money.mjs';

export const MONTHLY_PLAN_NAME = 'Monthly plan';
const OPTION = 'Payment';

/** Fixed ids, so a cart line input written for the demo keeps working across restarts. */
export const INITIAL_PAYMENT_PLAN_ID = 'gid://shopify/SellingPlan/4610001';
export const PAID_LATER_PLAN_ID = 'gid://shopify/SellingPlan/4610002';

const numericTail = (gid) => Number(/\d+$/.exec(gid)[0]);

function plan({ id, groupId, option, description, checkoutCharge, chargeOf }) {
  const record = {
    __typename: 'SellingPlan',
    id,
    name: MONTHLY_PLAN_NAME,
    description,
    options: [{ name: OPTION, value: option }],
    recurringDeliveries: false,
    priceAdjustments: [],
    billingPolicy: null,
    deliveryPolicy: null,
    checkoutCharge,
    chargeOf,
  };
  const group = {
    __typename: 'SellingPlanGroup',
    // The Storefront API shows no group id; the Ajax Product API does.
    ajaxId: groupId,
    name: MONTHLY_PLAN_NAME,
    appName: null,
    options: [{ name: OPTION, values: [option] }],
    planList: [record],
  };
  record.group = group;
  return record;
}

/**
 * The two plans of the monthly plan: the charger's (checkout charge PRICE, the plan's initial
 * payment) and every other variant's (checkout charge PERCENTAGE 0).
 */
function monthlyPlans(catalogue) {
  const { initialPayment, months } = catalogue.monthlyPlan;
  const initial = formatGbp(initialPayment);
  return {
    initialPayment: plan({
      id: INITIAL_PAYMENT_PLAN_ID,
      groupId: 4610001,
      option: `${initial} today`,
      description: `${initial} today, then ${months} monthly payments by Direct Debit`,
      checkoutCharge: { type: 'PRICE', value: moneyV2(initialPayment) },
      // A fixed charge never exceeds the price (a re-priced charger may cost less than the deposit).
      chargeOf: (pricePence) => Math.min(initialPayment, pricePence),
    }),
    paidLater: plan({
      id: PAID_LATER_PLAN_ID,
      groupId: 4610002,
      option: 'Nothing today',
      description: `Nothing today: paid by the ${months} monthly payments`,
      checkoutCharge: { type: 'PERCENTAGE', value: { __typename: 'SellingPlanCheckoutChargePercentageValue', percentage: 0 } },
      chargeOf: () => 0,
    }),
  };
}

/**
 * Puts every variant in the monthly plan: the charger (the catalogue's base variant) with the
 * initial payment, every other variant with nothing today. Sets `variant.sellingPlans` and
 * `product.sellingPlanGroupList`.
 */
export function offerMonthlyPlan(products, catalogue) {
  const plans = monthlyPlans(catalogue);
  for (const product of products) {
    for (const variant of product.variantList) {
      variant.sellingPlans = [variant.id === catalogue.baseProduct.variantId ? plans.initialPayment : plans.paidLater];
    }
    product.sellingPlanGroupList = [...new Set(product.variantList.flatMap((variant) => variant.sellingPlans.map((sellingPlan) => sellingPlan.group)))];
  }
}

/**
 * A variant's allocation of `sellingPlan` at its current price: what checkout charges per unit,
 * the remainder charged later, and the price (the plan adjusts none, so it is the variant's).
 */
export function sellingPlanAllocation(sellingPlan, pricePence) {
  const checkoutPence = sellingPlan.chargeOf(pricePence);
  const price = moneyV2(pricePence);
  return {
    __typename: 'SellingPlanAllocation',
    sellingPlan,
    checkoutPence,
    checkoutChargeAmount: moneyV2(checkoutPence),
    remainingBalanceChargeAmount: moneyV2(pricePence - checkoutPence),
    priceAdjustments: [{ __typename: 'SellingPlanAllocationPriceAdjustment', price, compareAtPrice: price, perDeliveryPrice: price, unitPrice: null }],
  };
}

/** The Ajax Product API's `selling_plan_groups` of a product (prices in pence). */
export function ajaxSellingPlanGroups(product) {
  return product.sellingPlanGroupList.map((group) => ({
    id: group.ajaxId,
    name: group.name,
    options: group.options.map((option, index) => ({ name: option.name, position: index + 1, values: option.values })),
    selling_plans: group.planList.map((sellingPlan) => ({
      id: numericTail(sellingPlan.id),
      name: sellingPlan.name,
      description: sellingPlan.description,
      options: sellingPlan.options.map((option, index) => ({ name: option.name, position: index + 1, value: option.value })),
      recurring_deliveries: sellingPlan.recurringDeliveries,
    })),
  }));
}

/** The Ajax Product API's `selling_plan_allocations` of a variant, with Liquid's charge amounts. */
export function ajaxSellingPlanAllocations(variant) {
  return variant.sellingPlans.map((sellingPlan) => {
    const checkout = sellingPlan.chargeOf(variant.pricePence);
    return {
      price: variant.pricePence,
      compare_at_price: variant.pricePence,
      per_delivery_price: variant.pricePence,
      checkout_charge_amount: checkout,
      remaining_balance_charge_amount: variant.pricePence - checkout,
      selling_plan_id: numericTail(sellingPlan.id),
      selling_plan_group_id: sellingPlan.group.ajaxId,
    };
  });
}

/**
 * A cart item's `selling_plan_allocation` (Ajax Cart API, prices in pence, per unit): the fields the
 * Ajax Cart reference shows on an item bought with a plan (price, compare at, per delivery, the plan)
 * and those Liquid's `selling_plan_allocation`, which that reference names for a line item's plan, adds
 * (the checkout and remaining charges, the price adjustments). Nothing else.
 */
export function cartSellingPlanAllocation(sellingPlan, pricePence) {
  const checkout = sellingPlan.chargeOf(pricePence);
  return {
    price_adjustments: [],
    price: pricePence,
    compare_at_price: pricePence,
    per_delivery_price: pricePence,
    checkout_charge_amount: checkout,
    remaining_balance_charge_amount: pricePence - checkout,
    selling_plan: {
      id: numericTail(sellingPlan.id),
      name: sellingPlan.name,
      description: sellingPlan.description,
      options: sellingPlan.options.map((option, index) => ({ name: option.name, position: index + 1, value: option.value })),
      recurring_deliveries: sellingPlan.recurringDeliveries,
    },
  };
}
