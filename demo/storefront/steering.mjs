// Steering the demo shop for price and availability tests (DEMO-3): the
// prices, availability and honoured discount codes that the Storefront stand-in and the theme cart
// stand-in share. Carts hold variant ids, so they follow on their next read, as in Shopify.

/** Pounds with 2 decimals, as a MoneyV2 amount is written: "649.00". */
const AMOUNT = /^(\d{1,7})\.(\d{2})$/;

const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

const variantsOf = (shop) => shop.products.flatMap((product) => product.variantList);

/** The problem with the steering keys of a control body, naming the id or value; null when none. */
export function steeringProblem(shop, { prices, unavailable, rejectDiscountCodes, reset }) {
  if (prices !== undefined) {
    if (!isRecord(prices)) return 'prices must be an object of variant ids to amounts, such as { "gid://shopify/ProductVariant/1": "649.00" }.';
    for (const [id, amount] of Object.entries(prices)) {
      if (!shop.variant(id)) return `prices: the demo shop has no variant ${id}.`;
      if (typeof amount !== 'string' || !AMOUNT.test(amount)) {
        return `prices["${id}"]: ${JSON.stringify(amount)} is not an amount in pounds with 2 decimals, such as "649.00".`;
      }
    }
  }
  if (unavailable !== undefined) {
    if (!Array.isArray(unavailable)) return 'unavailable must be a list of variant ids.';
    const unknown = unavailable.find((id) => typeof id !== 'string' || !shop.variant(id));
    if (unknown !== undefined) return `unavailable: the demo shop has no variant ${JSON.stringify(unknown)}.`;
  }
  if (rejectDiscountCodes !== undefined) {
    if (!Array.isArray(rejectDiscountCodes)) return 'rejectDiscountCodes must be a list of discount codes.';
    const unknown = rejectDiscountCodes.find((code) => typeof code !== 'string' || shop.codeStanding(code) === 'unknown');
    if (unknown !== undefined) {
      const codes = [...shop.discounts.values()].map((discount) => discount.code).join(', ');
      return `rejectDiscountCodes: the demo shop has no discount code ${JSON.stringify(unknown)}; its codes are ${codes}.`;
    }
  }
  if (reset !== undefined && typeof reset !== 'boolean') return 'reset must be true or false.';
  return null;
}

/** Applies a body `steeringProblem` passed: the reset first, then prices, availability and codes. */
export function steer(shop, { prices = {}, unavailable = [], rejectDiscountCodes = [], reset = false }) {
  if (reset) {
    for (const variant of variantsOf(shop)) {
      variant.pricePence = variant.seedPence;
      variant.availableForSale = true;
    }
    shop.rejectedCodes.clear();
  }
  for (const [id, amount] of Object.entries(prices)) {
    const [, pounds, pence] = AMOUNT.exec(amount);
    shop.variant(id).pricePence = Number(pounds) * 100 + Number(pence);
  }
  for (const id of unavailable) shop.variant(id).availableForSale = false;
  for (const code of rejectDiscountCodes) shop.rejectedCodes.add(code.toLowerCase());
}

/** What is steered away from the catalogue: changed prices, variants off sale, rejected codes. */
export function steeringState(shop) {
  const variants = variantsOf(shop);
  return {
    prices: Object.fromEntries(variants.filter((variant) => variant.pricePence !== variant.seedPence).map((variant) => [variant.id, (variant.pricePence / 100).toFixed(2)])),
    unavailable: variants.filter((variant) => !variant.availableForSale).map((variant) => variant.id),
    rejectDiscountCodes: [...shop.rejectedCodes].map((key) => shop.discounts.get(key).code),
  };
}
