// The Admin API stand-in's draft orders: `draftOrderCalculate`, `draftOrderCreate`,
// `draftOrderDelete` and `draftOrder(id)`, over the demo shop's variants, as Shopify's schema
// documents them. A line with a `variantId` takes the variant's current price ("This field is ignored
// when `variantId` is provided" on each of a line's price fields); a draft has at most one
// order-level `appliedDiscount` (FIXED_AMOUNT in the shop's currency, or PERCENTAGE), taken off the
// lines' total and never below nothing. The demo shop's prices include VAT (UK), so the tax is the
// VAT within the total. What the demo shop does not model (custom lines, line discounts, price
// overrides, discount codes, shipping lines, payment terms, customers) is refused with a user error
// rather than ignored. A created draft's `invoiceUrl` is its checkout at `/demo-invoice/{token}` on the
// origin the Admin request came to, as Shopify's is on the shop's domain; deleting a draft ends it.
import { adminMoney, moneyV2 } from '../storefront/money.mjs';
import { paginate } from '../storefront/paging.mjs';

/** Shopify takes at most 499 line items in a draft order (DraftOrderInput.lineItems). */
const MAX_LINE_ITEMS = 499;

const UNMODELLED_INPUT = ['discountCodes', 'shippingLine', 'paymentTerms', 'purchasingEntity', 'customerId', 'metafields', 'localizedFields', 'localizationExtensions'];
const UNMODELLED_LINE = ['appliedDiscount', 'priceOverride', 'generatePriceOverride', 'components', 'bundleComponents'];

const userError = (field, message) => ({ field, message });

const moneyBag = (pence) => ({ shopMoney: moneyV2(pence), presentmentMoney: moneyV2(pence) });
const penceOf = (pounds) => Math.round(Number(pounds) * 100);
const present = (value) => value != null && !(Array.isArray(value) && value.length === 0);

/** What Shopify refuses in a DraftOrderInput, or an empty list. */
function problems(input, shop) {
  const errors = [];
  for (const field of UNMODELLED_INPUT) {
    if (present(input[field])) errors.push(userError([field], `The demo shop does not model ${field} on draft orders.`));
  }
  const lines = input.lineItems ?? [];
  if (lines.length === 0) errors.push(userError(['lineItems'], 'Each draft order must include at least one line item.'));
  if (lines.length > MAX_LINE_ITEMS) errors.push(userError(['lineItems'], `A draft order accepts a maximum of ${MAX_LINE_ITEMS} line items.`));
  lines.forEach((line, index) => {
    const at = ['lineItems', String(index)];
    for (const field of UNMODELLED_LINE) {
      if (present(line[field])) errors.push(userError([...at, field], `The demo shop does not model ${field} on draft order lines.`));
    }
    if (line.variantId == null) errors.push(userError([...at, 'variantId'], 'The demo shop does not model custom line items: give a variantId.'));
    else if (!shop.variant(line.variantId)) errors.push(userError([...at, 'variantId'], `Product variant ${line.variantId} does not exist.`));
    if (line.quantity < 1) errors.push(userError([...at, 'quantity'], 'Quantity must be greater than or equal to 1.'));
  });
  const discount = input.appliedDiscount;
  if (discount != null) {
    if (discount.value < 0) errors.push(userError(['appliedDiscount', 'value'], 'Value must be greater than or equal to 0.'));
    if (discount.valueType === 'PERCENTAGE' && discount.value > 100) errors.push(userError(['appliedDiscount', 'value'], 'Value must be less than or equal to 100.'));
  }
  return errors;
}

/** The lines at the variants' prices now, the discount and the totals the input comes to. */
function calculation(input, shop) {
  const lines = input.lineItems.map((line, index) => {
    const variant = shop.variant(line.variantId);
    return {
      uuid: `line-${index + 1}`,
      variant,
      title: variant.product.title,
      variantTitle: variant.title === 'Default Title' ? null : variant.title,
      sku: variant.sku ?? null,
      quantity: line.quantity,
      unitPence: variant.pricePence,
      customAttributes: (line.customAttributes ?? []).map(({ key, value }) => ({ key, value: value ?? null })),
    };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.unitPence * line.quantity, 0);
  const applied = input.appliedDiscount;
  const wanted = applied == null ? 0 : applied.valueType === 'PERCENTAGE' ? Math.round((subtotal * applied.value) / 100) : penceOf(applied.value);
  const discountPence = Math.min(wanted, subtotal);
  const total = subtotal - discountPence;
  return {
    lines,
    subtotal,
    total,
    // The VAT within a VAT-inclusive total at 20%: a sixth of it.
    tax: Math.round(total / 6),
    appliedDiscount:
      applied == null
        ? null
        : { title: applied.title ?? null, description: applied.description ?? '', value: applied.value, valueType: applied.valueType, amountPence: discountPence },
  };
}

const appliedDiscountView = (discount) =>
  discount && {
    title: discount.title,
    description: discount.description,
    value: discount.value,
    valueType: discount.valueType,
    amountSet: moneyBag(discount.amountPence),
    amountV2: moneyV2(discount.amountPence),
    amount: adminMoney(discount.amountPence),
  };

/** A line as both `CalculatedDraftOrderLineItem` and `DraftOrderLineItem` show it; no line discounts are modelled. */
function lineView(line, id) {
  const total = line.unitPence * line.quantity;
  return {
    ...(id && { id }),
    uuid: line.uuid,
    custom: false,
    name: line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title,
    title: line.title,
    variantTitle: line.variantTitle,
    sku: line.sku,
    quantity: line.quantity,
    taxable: line.variant.taxable,
    requiresShipping: line.variant.requiresShipping,
    isGiftCard: false,
    customAttributes: line.customAttributes,
    variant: { __typename: 'ProductVariant', id: line.variant.id, title: line.variant.title, price: adminMoney(line.unitPence), sku: line.sku },
    originalUnitPriceSet: moneyBag(line.unitPence),
    originalTotalSet: moneyBag(total),
    discountedTotalSet: moneyBag(total),
    totalDiscountSet: moneyBag(0),
  };
}

/** The totals both views share (`CalculatedDraftOrder` and `DraftOrder`). */
const totalsView = (calc) => ({
  currencyCode: 'GBP',
  presentmentCurrencyCode: 'GBP',
  taxesIncluded: true,
  appliedDiscount: appliedDiscountView(calc.appliedDiscount),
  subtotalPriceSet: moneyBag(calc.total),
  lineItemsSubtotalPrice: moneyBag(calc.subtotal),
  totalLineItemsPriceSet: moneyBag(calc.subtotal),
  totalDiscountsSet: moneyBag(calc.subtotal - calc.total),
  totalShippingPriceSet: moneyBag(0),
  totalTaxSet: moneyBag(calc.tax),
  totalPriceSet: moneyBag(calc.total),
  totalQuantityOfLineItems: calc.lines.reduce((sum, line) => sum + line.quantity, 0),
  discountCodes: [],
  platformDiscounts: [],
  taxLines: [],
});

function mailingAddressView(address) {
  if (!address) return null;
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ');
  return {
    firstName: address.firstName ?? null,
    lastName: address.lastName ?? null,
    name: name || null,
    address1: address.address1 ?? null,
    address2: address.address2 ?? null,
    city: address.city ?? null,
    zip: address.zip ?? null,
    provinceCode: address.provinceCode ?? null,
    countryCodeV2: address.countryCode ?? null,
    phone: address.phone ?? null,
    company: address.company ?? null,
  };
}

/**
 * The draft-order root fields, the drafts made (in order, for tests) and the link each opens.
 * @param {{ shop: ReturnType<import('../storefront/catalogue.mjs').seedShop>, now: () => Date }} options
 */
export function draftOrderResolvers({ shop, now }) {
  /** The live drafts; a deleted one leaves the list and its link. */
  const draftOrders = [];
  let made = 0;
  const stamp = () => now().toISOString().replace(/\.\d{3}Z$/, 'Z');

  function draftView(draft) {
    return {
      __typename: 'DraftOrder',
      id: draft.id,
      legacyResourceId: String(draft.number),
      name: draft.name,
      status: draft.status,
      ready: true,
      invoiceUrl: draft.invoiceUrl,
      createdAt: draft.createdAt,
      updatedAt: draft.createdAt,
      email: draft.email,
      phone: draft.phone,
      note2: draft.note,
      tags: draft.tags,
      customAttributes: draft.customAttributes,
      shippingAddress: mailingAddressView(draft.shippingAddress),
      billingAddress: mailingAddressView(draft.billingAddress),
      reserveInventoryUntil: draft.reserveInventoryUntil,
      acceptAutomaticDiscounts: draft.acceptAutomaticDiscounts,
      allowDiscountCodesInCheckout: draft.allowDiscountCodesInCheckout,
      visibleToCustomer: draft.visibleToCustomer,
      taxExempt: false,
      allVariantPricesOverridden: false,
      anyVariantPricesOverridden: false,
      lineItems: (page) => paginate(draft.lines.map((line, index) => lineView(line, `gid://shopify/DraftOrderLineItem/${draft.number * 1000 + index + 1}`)), page),
      ...totalsView(draft),
    };
  }

  function create(input, origin) {
    made += 1;
    const number = 46_100_000 + made;
    const token = crypto.randomUUID().replace(/-/g, '');
    const draft = {
      id: `gid://shopify/DraftOrder/${number}`,
      number,
      name: `#D${made}`,
      token,
      status: 'OPEN',
      invoiceUrl: `${origin}/demo-invoice/${token}`,
      createdAt: stamp(),
      email: input.email ?? null,
      phone: input.phone ?? null,
      note: input.note ?? null,
      tags: input.tags ?? [],
      customAttributes: (input.customAttributes ?? []).map(({ key, value }) => ({ key, value: value ?? null })),
      shippingAddress: input.shippingAddress ?? null,
      billingAddress: input.billingAddress ?? null,
      reserveInventoryUntil: input.reserveInventoryUntil ?? null,
      acceptAutomaticDiscounts: input.acceptAutomaticDiscounts ?? null,
      allowDiscountCodesInCheckout: input.allowDiscountCodesInCheckout ?? false,
      visibleToCustomer: input.visibleToCustomer ?? false,
      ...calculation(input, shop),
    };
    draftOrders.push(draft);
    return draft;
  }

  const byId = (id) => draftOrders.find((draft) => draft.id === id);

  return {
    query: {
      draftOrder: ({ id }) => {
        const draft = byId(id);
        return draft ? draftView(draft) : null;
      },
    },
    mutation: {
      draftOrderCalculate: ({ input }) => {
        const userErrors = problems(input, shop);
        if (userErrors.length > 0) return { calculatedDraftOrder: null, userErrors };
        const calc = calculation(input, shop);
        return {
          calculatedDraftOrder: {
            ...totalsView(calc),
            lineItems: calc.lines.map((line) => lineView(line)),
            email: input.email ?? null,
            phone: input.phone ?? null,
            availableShippingRates: [],
            billingAddressMatchesShippingAddress: input.billingAddress == null,
            acceptAutomaticDiscounts: input.acceptAutomaticDiscounts ?? null,
            allVariantPricesOverridden: false,
            anyVariantPricesOverridden: false,
            alerts: [],
            warnings: [],
          },
          userErrors: [],
        };
      },
      draftOrderCreate: ({ input }, { origin }) => {
        const userErrors = problems(input, shop);
        if (userErrors.length > 0) return { draftOrder: null, userErrors };
        return { draftOrder: draftView(create(input, origin)), userErrors: [] };
      },
      draftOrderDelete: ({ input: { id } }) => {
        const draft = byId(id);
        if (!draft) return { deletedId: null, userErrors: [userError(['id'], 'Draft order does not exist.')] };
        draftOrders.splice(draftOrders.indexOf(draft), 1);
        return { deletedId: id, userErrors: [] };
      },
    },
    /** A draft as a node (`nodes(ids)`), or undefined. */
    node: (id) => {
      const draft = byId(id);
      return draft && draftView(draft);
    },
    /** The live draft whose invoice link holds `token`. */
    byToken: (token) => draftOrders.find((draft) => draft.token === token),
    draftOrders,
    clear: () => draftOrders.splice(0),
  };
}
