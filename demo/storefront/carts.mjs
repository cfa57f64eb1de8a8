// In-memory carts with the Storefront Cart API's behaviour: ids with a key, lines merged by
// variant, selling plan and attributes, user errors that leave the cart untouched, warnings for
// stock and discount codes, costs with the order discount at cart level and the selling plans'
// checkout charge (CART-5 mutations, CART-4 error codes).
import { randomBytes, randomUUID } from 'node:crypto';
import { MAX_QUANTITY } from './catalogue.mjs';
import { notServedError } from './graphql.mjs';
import { replaceAddresses, selectableAddressView } from './delivery-addresses.mjs';
import { moneyV2 } from './money.mjs';
import { sellingPlanAllocation } from './selling-plans.mjs';

/** Limits where the Storefront API documents none we could rely on; each is a demo choice. */
export const MAX_CART_LINES = 500;
/** "The input must not contain more than 250 values" (Storefront API, attributes and codes). */
export const MAX_INPUT_VALUES = 250;
/** Carts kept in memory; the least recently changed one goes first. */
export const MAX_CARTS = 1000;

const CART_ID = /^gid:\/\/shopify\/Cart\/([0-9a-f]{32})\?key=([0-9a-f]{32})$/;
const LINE_ID = /^gid:\/\/shopify\/CartLine\/[0-9a-f-]{36}\?cart=([0-9a-f]{32})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+[1-9]\d{6,14}$/;

const userError = (code, field, message) => ({ code, field: field.map(String), message });

/** A line's selling plan: `sellingPlanId` must be one of the variant's allocations (Storefront 2025-07 on). */
function sellingPlanError(variant, sellingPlanId, field) {
  if (sellingPlanId == null || variant.sellingPlans.some((sellingPlan) => sellingPlan.id === sellingPlanId)) return undefined;
  return userError('SELLING_PLAN_NOT_APPLICABLE', field, `The selling plan ${sellingPlanId} is not applicable to the merchandise ${variant.id}.`);
}

/**
 * The line's selling plan allocation and what checkout charges for it: the plan's checkout charge
 * per unit, or the whole line without a plan.
 */
function lineCharge(line, variant, subtotal) {
  const sellingPlan = line.sellingPlanId && variant.sellingPlans.find((candidate) => candidate.id === line.sellingPlanId);
  if (!sellingPlan) return { allocation: null, checkoutPence: subtotal };
  const allocation = sellingPlanAllocation(sellingPlan, variant.pricePence);
  return { allocation, checkoutPence: allocation.checkoutPence * line.quantity };
}

const cartIdOf = (cart) => `gid://shopify/Cart/${cart.token}?key=${cart.key}`;
const attributeKey = (attributes) => JSON.stringify(attributes.map(({ key, value }) => [key, value]).sort());

/** Codes trimmed, blanks dropped, a code given twice kept once as first spelt (shop codes ignore case). */
export function uniqueCodes(codes) {
  const byCase = new Map();
  for (const code of codes.map((text) => text.trim()).filter(Boolean)) if (!byCase.has(code.toLowerCase())) byCase.set(code.toLowerCase(), code);
  return [...byCase.values()];
}

/** Storefront timestamps are whole seconds in UTC. */
const timestamp = (date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The cart store for one stand-in. Every mutation returns `{ cart, userErrors, warnings }` as the
 * Storefront payloads do; a mutation with user errors changes nothing.
 */
export function createCartStore({ shop, now = () => new Date() }) {
  const carts = new Map();

  /** A variant the Storefront API sells: its product published to the storefront app. */
  const sellable = (id) => {
    const variant = shop.variant(id);
    return variant && shop.publishedOn(variant.product, 'storefront') ? variant : undefined;
  };
  shop.onEmptied(() => carts.clear());

  function find(id) {
    const match = CART_ID.exec(id ?? '');
    const cart = match ? carts.get(match[1]) : undefined;
    return cart && cart.key === match[2] ? cart : undefined;
  }

  function save(cart) {
    // A single-use code belongs to the first cart saved with it.
    shop.holdCodes(cart.discountCodes, cart.token);
    carts.delete(cart.token);
    carts.set(cart.token, cart);
    if (carts.size > MAX_CARTS) carts.delete(carts.keys().next().value);
  }

  function addLines(draft, lines, path, errors) {
    lines.forEach((input, index) => {
      const at = [...path, index];
      const quantity = input.quantity ?? 1;
      const variant = sellable(input.merchandiseId);
      if (!variant) {
        errors.push(userError('INVALID_MERCHANDISE_LINE', [...at, 'merchandiseId'], `The merchandise with id ${input.merchandiseId} does not exist.`));
        return;
      }
      const attributes = (input.attributes ?? []).map(({ key, value }) => ({ key, value }));
      const sellingPlanId = input.sellingPlanId ?? null;
      // Lines with other selling plans stay apart, as lines with other attributes do.
      const same = draft.lines.find(
        (line) => line.variantId === variant.id && line.sellingPlanId === sellingPlanId && attributeKey(line.attributes) === attributeKey(attributes),
      );
      const total = quantity + (same?.quantity ?? 0);
      const planError = sellingPlanError(variant, sellingPlanId, [...at, 'sellingPlanId']);
      if (planError) {
        errors.push(planError);
      } else if (quantity < 1) {
        errors.push(userError('MINIMUM_NOT_MET', [...at, 'quantity'], 'The quantity must be at least 1.'));
      } else if (total > MAX_QUANTITY) {
        errors.push(userError('MAXIMUM_EXCEEDED', [...at, 'quantity'], `At most ${MAX_QUANTITY} of ${variant.product.title} can be in one cart.`));
      } else if (same) {
        same.quantity = total;
      } else {
        draft.lines.push({ id: `gid://shopify/CartLine/${randomUUID()}?cart=${draft.token}`, seq: draft.nextSeq++, variantId: variant.id, sellingPlanId, quantity, attributes });
      }
    });
    if (draft.lines.length > MAX_CART_LINES) {
      errors.push(userError('CART_TOO_LARGE', path, `A cart holds at most ${MAX_CART_LINES} lines.`));
    }
  }

  function setAttributes(draft, attributes, path, errors) {
    if (attributes.length > MAX_INPUT_VALUES) {
      errors.push(userError('INVALID', path, `The input must not contain more than ${MAX_INPUT_VALUES} values.`));
      return;
    }
    draft.attributes = attributes.map(({ key, value }) => ({ key, value }));
  }

  function setBuyer(draft, input, path, errors) {
    const before = errors.length;
    if (input.email != null && !EMAIL.test(input.email)) errors.push(userError('INVALID', [...path, 'email'], 'Email is invalid'));
    if (input.phone != null && !E164.test(input.phone)) errors.push(userError('INVALID', [...path, 'phone'], 'Phone is invalid'));
    if (input.customerAccessToken != null) {
      errors.push(userError('INVALID', [...path, 'customerAccessToken'], 'The demo shop has no customer accounts.'));
    }
    if (input.companyLocationId != null) {
      errors.push(userError('INVALID_COMPANY_LOCATION', [...path, 'companyLocationId'], 'The demo shop has no company locations.'));
    }
    if (errors.length > before) return;
    // Fields left out keep their value; a null clears it (the country falls back to the shop's).
    if (input.email !== undefined) draft.buyer.email = input.email;
    if (input.phone !== undefined) draft.buyer.phone = input.phone;
    if (input.countryCode !== undefined) draft.buyer.countryCode = input.countryCode ?? 'GB';
    if (input.preferences !== undefined) draft.buyer.preferences = input.preferences;
  }

  function setDiscountCodes(draft, codes, path, errors) {
    if (codes.length > MAX_INPUT_VALUES) {
      errors.push(userError('INVALID', path, `The input must not contain more than ${MAX_INPUT_VALUES} values.`));
      return;
    }
    draft.discountCodes = uniqueCodes(codes);
  }

  /** Why each code is not applicable: unknown, or known and not honoured now (warnings since 2025-07, so in every served version). */
  function discountWarnings(draft) {
    return draft.discountCodes.flatMap((code) => {
      const standing = shop.codeStanding(code, draft.token);
      if (standing === 'unknown') return [{ code: 'DISCOUNT_NOT_FOUND', message: `The discount code ${code} was not found.`, target: cartIdOf(draft) }];
      if (standing === 'rejected') return [{ code: 'DISCOUNT_CODE_NOT_HONOURED', message: `The discount code ${code} cannot be honored.`, target: cartIdOf(draft) }];
      if (standing === 'used') return [{ code: 'DISCOUNT_USAGE_LIMIT_REACHED', message: `The discount code ${code} has been used.`, target: cartIdOf(draft) }];
      return [];
    });
  }

  /**
   * Since Storefront 2024-10 stock problems are warnings, not user errors: the mutation succeeds and
   * each line of a variant that is not for sale is named by a MERCHANDISE_OUT_OF_STOCK warning.
   */
  const stockWarnings = (draft) =>
    draft.lines
      .filter((line) => !shop.variant(line.variantId).availableForSale)
      .map((line) => ({ code: 'MERCHANDISE_OUT_OF_STOCK', message: `${shop.variant(line.variantId).product.title} is out of stock.`, target: line.id }));

  /** Applies `apply` to a copy of the cart; the copy is kept only when it raised no user error. */
  function change(cartId, apply) {
    const cart = find(cartId);
    if (!cart) {
      return { cart: null, userErrors: [userError('INVALID', ['cartId'], 'The specified cart does not exist.')], warnings: [] };
    }
    const draft = structuredClone(cart);
    const userErrors = [];
    const warnings = apply(draft, userErrors) ?? [];
    if (userErrors.length > 0) return { cart: view(cart), userErrors, warnings: [] };
    draft.updatedAt = timestamp(now());
    save(draft);
    return { cart: view(draft), userErrors, warnings: [...stockWarnings(draft), ...warnings] };
  }

  /**
   * The cart as the API shows it, priced at the variants' current prices (a re-priced variant
   * re-prices the carts holding it, as in Shopify); the shop's order discount for the cart's codes;
   * prices include VAT, so the tax is the VAT part, a sixth of the total (PRICE-1). The checkout
   * charge is before discounts: the lines' selling plan checkout charges, or the line subtotal.
   */
  function view(cart) {
    const lineViews = cart.lines.map((line) => {
      const variant = shop.variant(line.variantId);
      const subtotal = variant.pricePence * line.quantity;
      const { allocation, checkoutPence } = lineCharge(line, variant, subtotal);
      const cost = {
        amountPerQuantity: moneyV2(variant.pricePence),
        subtotalAmount: moneyV2(subtotal),
        totalAmount: moneyV2(subtotal),
      };
      return {
        __typename: 'CartLine',
        id: line.id,
        seq: line.seq,
        quantity: line.quantity,
        attributes: line.attributes,
        merchandise: variant,
        cost,
        estimatedCost: { amount: cost.amountPerQuantity, subtotalAmount: cost.subtotalAmount, totalAmount: cost.totalAmount },
        instructions: { canRemove: true, canUpdateQuantity: true },
        sellingPlanAllocation: allocation,
        subtotalPence: subtotal,
        checkoutPence,
      };
    });
    const subtotal = lineViews.reduce((sum, line) => sum + line.subtotalPence, 0);
    const checkoutCharge = lineViews.reduce((sum, line) => sum + line.checkoutPence, 0);
    const best = shop.orderDiscount(cart.discountCodes, subtotal, cart.token);
    const discount = best?.pence ?? 0;
    const total = subtotal - discount;
    const tax = Math.round(total / 6);
    const cost = {
      subtotalAmount: moneyV2(subtotal),
      totalAmount: moneyV2(total),
      checkoutChargeAmount: moneyV2(checkoutCharge),
      totalTaxAmount: moneyV2(tax),
      subtotalAmountEstimated: false,
      totalAmountEstimated: false,
      totalTaxAmountEstimated: false,
      totalDutyAmountEstimated: false,
    };
    return {
      __typename: 'Cart',
      id: cartIdOf(cart),
      token: cart.token,
      createdAt: cart.createdAt,
      updatedAt: cart.updatedAt,
      note: cart.note,
      attributes: cart.attributes,
      lineViews,
      totalQuantity: lineViews.reduce((sum, line) => sum + line.quantity, 0),
      cost,
      estimatedCost: cost,
      discountCodes: cart.discountCodes.map((code) => ({ code, applicable: code === best?.code })),
      discountAllocations: best
        ? [
            {
              __typename: 'CartCodeDiscountAllocation',
              code: best.code,
              title: best.title,
              targetType: 'LINE_ITEM',
              discountedAmount: moneyV2(discount),
              discountedPence: discount,
              discountApplication: { allocationMethod: 'ACROSS', targetSelection: 'ALL', targetType: 'LINE_ITEM', value: moneyV2(best.value) },
            },
          ]
        : [],
      buyerIdentity: {
        email: cart.buyer.email,
        phone: cart.buyer.phone,
        countryCode: cart.buyer.countryCode,
        // As given: what the input leaves out the fallback resolver answers.
        preferences: cart.buyer.preferences,
      },
      delivery: { addressList: cart.delivery.map(selectableAddressView) },
      pence: { subtotal, discount, total, tax, checkoutCharge },
    };
  }

  return {
    /** `cartCreate(input)`: nothing is created when any part of the input is refused. */
    create(input) {
      // A note and gift cards are not modelled: a cart that dropped them would be made up.
      for (const field of ['note', 'giftCardCodes']) {
        if (input?.[field] != null) throw notServedError(`CartInput.${field}`, 'Storefront');
      }
      const at = timestamp(now());
      const draft = {
        token: randomBytes(16).toString('hex'),
        key: randomBytes(16).toString('hex'),
        createdAt: at,
        updatedAt: at,
        nextSeq: 1,
        lines: [],
        attributes: [],
        note: null,
        discountCodes: [],
        buyer: { email: null, phone: null, countryCode: 'GB', preferences: null },
        delivery: [],
      };
      const errors = [];
      const deliveryWarnings = [];
      if (input?.lines) addLines(draft, input.lines, ['input', 'lines'], errors);
      if (input?.attributes) setAttributes(draft, input.attributes, ['input', 'attributes'], errors);
      if (input?.buyerIdentity) setBuyer(draft, input.buyerIdentity, ['input', 'buyerIdentity'], errors);
      if (input?.delivery?.addresses) {
        draft.delivery = replaceAddresses(input.delivery.addresses, ['input', 'delivery', 'addresses'], errors, deliveryWarnings, cartIdOf(draft));
      }
      if (input?.discountCodes) setDiscountCodes(draft, input.discountCodes, ['input', 'discountCodes'], errors);
      if (errors.length > 0) return { cart: null, userErrors: errors, warnings: [] };
      save(draft);
      const warnings = [...deliveryWarnings, ...stockWarnings(draft), ...discountWarnings(draft)];
      return { cart: view(draft), userErrors: [], warnings };
    },
    linesAdd: (cartId, lines) => change(cartId, (draft, errors) => addLines(draft, lines, ['lines'], errors)),
    linesRemove: (cartId, lineIds) =>
      change(cartId, (draft, errors) => {
        lineIds.forEach((id, index) => {
          if (!draft.lines.some((line) => line.id === id)) {
            errors.push(userError('INVALID_MERCHANDISE_LINE', ['lineIds', index], `The merchandise line with id ${id} does not exist.`));
          }
        });
        draft.lines = draft.lines.filter((line) => !lineIds.includes(line.id));
      }),
    /** Replaces the whole attribute list, as the Storefront API does. */
    attributesUpdate: (cartId, attributes) =>
      change(cartId, (draft, errors) => setAttributes(draft, attributes, ['attributes'], errors)),
    buyerIdentityUpdate: (cartId, input) =>
      change(cartId, (draft, errors) => setBuyer(draft, input, ['buyerIdentity'], errors)),
    /** The address list becomes these (delivery-addresses.mjs), with the warnings that gives. */
    deliveryAddressesReplace: (cartId, addresses) =>
      change(cartId, (draft, errors) => {
        const warnings = [];
        draft.delivery = replaceAddresses(addresses, ['addresses'], errors, warnings, cartIdOf(draft));
        return warnings;
      }),
    /** Replaces the code list; unknown codes stay with `applicable: false`. */
    discountCodesUpdate: (cartId, codes) =>
      change(cartId, (draft, errors) => {
        setDiscountCodes(draft, codes, ['discountCodes'], errors);
        return discountWarnings(draft);
      }),
    /** The priced cart for an id with its key, or undefined. */
    get: (id) => {
      const cart = find(id);
      return cart && view(cart);
    },
    /** The priced cart behind a checkout URL's token, or undefined. */
    byToken: (token) => {
      const cart = carts.get(token);
      return cart && view(cart);
    },
    /** A cart line by its global id, or undefined. */
    line: (id) => {
      const match = LINE_ID.exec(id ?? '');
      const cart = match ? carts.get(match[1]) : undefined;
      return cart && view(cart).lineViews.find((line) => line.id === id);
    },
    get size() {
      return carts.size;
    },
    clear: () => carts.clear(),
  };
}
