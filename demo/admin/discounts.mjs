// The Admin API stand-in's code discounts, as far as the partner-discount handler uses them:
// `discountCodeBasicCreate` and `codeDiscountNodeByCode`. It checks what Shopify checks when a code
// discount is created (code, title, startsAt, customerGets and one of context or customerSelection
// required; unique codes; an end after the start), answers the real payload with `userErrors`, and
// adds each created code to the Storefront stand-in's shop: single-use codes are held by the first
// cart they are applied to, so a second cart gets `applicable: false`. The demo shop takes fixed
// amounts off the whole order only; other discount values are refused with INVALID.
const DECIMAL = /^\d{1,9}(\.\d{1,2})?$/;

/** A user error as Shopify words it: the input path, the code and a sentence. */
const userError = (field, code, message) => ({ field: ['basicCodeDiscount', ...field], code, message, extraInfo: null });

/** What Shopify refuses in a new basic code discount, or an empty list. */
function problems(input, taken) {
  const errors = [];
  for (const [field, label] of [['code', 'Code'], ['title', 'Title'], ['startsAt', 'Starts at'], ['customerGets', 'Customer gets']]) {
    if (input[field] == null || input[field] === '') errors.push(userError([field], 'BLANK', `${label} can't be blank`));
  }
  if (input.context == null && input.customerSelection == null) errors.push(userError(['context'], 'BLANK', "Context can't be blank"));
  if (input.context != null && input.customerSelection != null) {
    errors.push(userError(['customerSelection'], 'PRESENT', 'Only one of context or customerSelection can be given'));
  }
  if (input.code && taken(input.code)) errors.push(userError(['code'], 'TAKEN', 'Code must be unique. Please try a different code.'));
  if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
    errors.push(userError(['endsAt'], 'END_DATE_BEFORE_START_DATE', 'Ends at needs to be after starts_at'));
  }
  const value = input.customerGets?.value;
  if (input.customerGets != null) {
    const amount = value?.discountAmount?.amount;
    if (amount == null || value.percentage != null || input.customerGets.items?.all !== true || value.discountAmount.appliesOnEachItem === true) {
      errors.push(userError(['customerGets'], 'INVALID', 'The demo shop takes only a fixed amount off the whole order (discountAmount, items: { all: true }).'));
    } else if (!DECIMAL.test(String(amount)) || Number(amount) <= 0) {
      errors.push(userError(['customerGets', 'value', 'discountAmount', 'amount'], 'GREATER_THAN', 'Value must be greater than 0'));
    }
  }
  return errors;
}

/**
 * The discount root fields and the list of discounts made, in order (what the Admin API holds, and
 * tests read).
 * @param {{ shop: ReturnType<import('../storefront/catalogue.mjs').seedShop>, now: () => Date }} options
 */
export function discountResolvers({ shop, now }) {
  const created = [];

  const node = (discount) => {
    // A held single-use code counts as used: its cart is the one that may use it.
    const usage = shop.discounts.get(discount.code.toLowerCase())?.heldBy === undefined ? 0 : 1;
    const at = now().getTime();
    const status = discount.endsAt && Date.parse(discount.endsAt) <= at ? 'EXPIRED' : Date.parse(discount.startsAt) > at ? 'SCHEDULED' : 'ACTIVE';
    return {
      id: discount.id,
      codeDiscount: {
        __typename: 'DiscountCodeBasic',
        title: discount.title,
        appliesOncePerCustomer: discount.appliesOncePerCustomer,
        asyncUsageCount: usage,
        codes: { nodes: [{ id: `gid://shopify/DiscountRedeemCode/${discount.number}`, code: discount.code, asyncUsageCount: usage }] },
        createdAt: discount.createdAt,
        startsAt: discount.startsAt,
        endsAt: discount.endsAt,
        status,
        usageLimit: discount.usageLimit,
      },
    };
  };

  const query = {
    codeDiscountNodeByCode: ({ code }) => {
      const found = created.find((discount) => discount.code.toLowerCase() === code.toLowerCase());
      return found ? node(found) : null;
    },
  };
  const mutation = {
    discountCodeBasicCreate: ({ basicCodeDiscount: input }) => {
      const userErrors = problems(input, (code) => shop.discounts.has(code.toLowerCase()));
      if (userErrors.length > 0) return { codeDiscountNode: null, userErrors };
      const number = created.length + 1;
      const amount = String(input.customerGets.value.discountAmount.amount);
      const discount = {
        id: `gid://shopify/DiscountCodeNode/${number}`,
        number,
        code: input.code,
        title: input.title,
        amount,
        startsAt: input.startsAt,
        endsAt: input.endsAt ?? null,
        usageLimit: input.usageLimit ?? null,
        appliesOncePerCustomer: input.appliesOncePerCustomer ?? false,
        createdAt: now().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      };
      created.push(discount);
      const value = Math.round(Number(amount) * 100);
      if (discount.usageLimit === 1) shop.addSingleUseCode({ code: discount.code, title: discount.title, value });
      else shop.discounts.set(discount.code.toLowerCase(), { code: discount.code, title: discount.title, value });
      return { codeDiscountNode: node(discount), userErrors: [] };
    },
  };
  return { query, mutation, created, clear: () => created.splice(0) };
}
