// Stand-in for a Shopify theme's own cart (`cart="theme"`): the Ajax Cart API endpoints the
// element uses (`POST /cart/clear.js`, `/cart/add.js`, `/cart/update.js` with attributes, note and
// `discount`, `GET /cart.js`) with one cart per browser (the `cart` cookie, as in a theme), the Ajax
// Product API (`GET /products/{handle}.js`, prices in pence), and `GET /checkout` listing the cart's
// lines, line-item properties, attributes, discount and total. It sells from the Storefront
// stand-in's shop, so `POST /api/_control` prices, availability and rejected codes apply here too,
// and carts re-price on every read.
import { randomUUID } from 'node:crypto';
import { escapeHtml } from './http.mjs';
import { jsonResponse, readJson } from './json-body.mjs';
import { uniqueCodes } from './storefront/carts.mjs';
import { page, pairs } from './storefront/checkout-page.mjs';
import { decimalAmount, formatGbp } from './storefront/money.mjs';
import { ajaxSellingPlanAllocations, ajaxSellingPlanGroups, cartSellingPlanAllocation } from './storefront/selling-plans.mjs';

/** Carts kept at most; the oldest is dropped first. */
const MAX_CARTS = 500;
const COOKIE = 'cart';

/** The numeric id the Ajax APIs use for a Storefront global id. */
const numericId = (gid) => Number(/\d+$/.exec(gid)[0]);
const variantGid = (id) => `gid://shopify/ProductVariant/${id}`;

const cartError = (status, description) => jsonResponse(status, { status, message: 'Cart Error', description });

function cookieToken(request) {
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

const isKeyValuePairs = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringRecord = (value) => isKeyValuePairs(value) && Object.values(value).every((entry) => typeof entry === 'string');

/** The Ajax Product API's JSON of a product, at the shop's current prices and availability. */
function productJson(product) {
  const prices = product.variantList.map((variant) => variant.pricePence);
  const image = product.featuredImage?.path ?? null;
  return {
    id: numericId(product.id),
    title: product.title,
    handle: product.handle,
    description: product.descriptionHtml,
    published_at: product.publishedAt,
    created_at: product.createdAt,
    vendor: product.vendor,
    type: product.productType,
    tags: product.tags,
    price: Math.min(...prices),
    price_min: Math.min(...prices),
    price_max: Math.max(...prices),
    available: product.availableForSale,
    price_varies: Math.min(...prices) !== Math.max(...prices),
    compare_at_price: null,
    compare_at_price_min: 0,
    compare_at_price_max: 0,
    compare_at_price_varies: false,
    variants: product.variantList.map((variant) => ({
      id: numericId(variant.id),
      title: variant.title,
      options: [variant.title],
      option1: variant.title,
      option2: null,
      option3: null,
      price: variant.pricePence,
      weight: 0,
      compare_at_price: null,
      inventory_management: 'shopify',
      available: variant.availableForSale,
      sku: variant.sku,
      requires_shipping: variant.requiresShipping,
      taxable: variant.taxable,
      barcode: null,
      requires_selling_plan: false,
      selling_plan_allocations: ajaxSellingPlanAllocations(variant),
    })),
    images: image ? [image] : [],
    featured_image: image,
    options: product.optionList.map((option, index) => ({ name: option.name, position: index + 1, values: option.values })),
    url: `/products/${product.handle}`,
    requires_selling_plan: product.requiresSellingPlan,
    selling_plan_groups: ajaxSellingPlanGroups(product),
  };
}

export function createThemeCartStandIn({ shop }) {
  const carts = new Map();
  shop.onEmptied(() => carts.clear());

  /** The browser's cart, made on first use; `setCookie` is the header to send when it is new. */
  function cartFor(request) {
    const token = cookieToken(request);
    const existing = token ? carts.get(token) : undefined;
    if (existing) return { cart: existing, setCookie: undefined };
    const cart = { token: randomUUID().replaceAll('-', ''), items: [], attributes: {}, note: null, discountCodes: [] };
    carts.set(cart.token, cart);
    if (carts.size > MAX_CARTS) carts.delete(carts.keys().next().value);
    return { cart, setCookie: `${COOKIE}=${cart.token}; Path=/; SameSite=Lax; HttpOnly` };
  }

  /** An item as the Ajax Cart API shows it, at the variant's current price; no line-level discounts. */
  function itemView(item) {
    const variant = shop.variant(variantGid(item.variantId));
    const variantTitle = variant.title === 'Default Title' ? null : variant.title;
    const price = variant.pricePence;
    const linePrice = price * item.quantity;
    const plan = item.sellingPlanId === undefined ? undefined : variant.sellingPlans.find((candidate) => numericId(candidate.id) === item.sellingPlanId);
    const allocation = plan && cartSellingPlanAllocation(plan, variant.pricePence);
    return {
      key: item.key,
      id: item.variantId,
      variant_id: item.variantId,
      product_id: numericId(variant.product.id),
      handle: variant.product.handle,
      sku: variant.sku,
      product_title: variant.product.title,
      variant_title: variantTitle,
      title: variantTitle ? `${variant.product.title} - ${variantTitle}` : variant.product.title,
      quantity: item.quantity,
      price,
      original_price: price,
      discounted_price: price,
      final_price: price,
      line_price: linePrice,
      original_line_price: linePrice,
      final_line_price: linePrice,
      total_discount: 0,
      discounts: [],
      line_level_discount_allocations: [],
      properties: item.properties,
      requires_shipping: variant.requiresShipping,
      taxable: variant.taxable,
      gift_card: false,
      url: `/products/${variant.product.handle}?variant=${item.variantId}`,
      // Only an item bought with a selling plan has one.
      ...(allocation ? { selling_plan_allocation: allocation } : {}),
    };
  }

  /** What the checkout charges today: each item's checkout charge (its price without a selling plan), less the order discount. */
  function dueToday(cart, discountPence) {
    const charges = cart.items.map(itemView).reduce((sum, item) => sum + (item.selling_plan_allocation?.checkout_charge_amount ?? item.price) * item.quantity, 0);
    return Math.max(0, charges - discountPence);
  }

  /** The cart's prices: item subtotal, the shop's order discount for `codes`, the total. */
  function pricing(cart, codes) {
    const subtotal = cart.items.reduce((sum, item) => sum + shop.variant(variantGid(item.variantId)).pricePence * item.quantity, 0);
    const discount = shop.orderDiscount(codes, subtotal, cart.token);
    return { subtotal, discount, total: subtotal - (discount?.pence ?? 0) };
  }

  /**
   * The JSON of the cart (Ajax Cart API `GET /cart.js`): the order discount is cart level, so it is
   * in `cart_level_discount_applications` and `total_discount`, and items keep their prices.
   */
  function cartView(cart) {
    const { subtotal, discount, total } = pricing(cart, cart.discountCodes);
    const items = cart.items.map(itemView);
    return {
      token: cart.token,
      note: cart.note,
      attributes: cart.attributes,
      original_total_price: subtotal,
      total_price: total,
      total_discount: subtotal - total,
      total_weight: 0,
      item_count: items.reduce((sum, item) => sum + item.quantity, 0),
      items,
      requires_shipping: items.some((item) => item.requires_shipping),
      currency: 'GBP',
      items_subtotal_price: subtotal,
      cart_level_discount_applications: discount
        ? [
            {
              type: 'discount_code',
              key: discount.code,
              title: discount.code,
              description: discount.title,
              value: decimalAmount(discount.value),
              value_type: 'fixed_amount',
              allocation_method: 'across',
              target_selection: 'all',
              target_type: 'line_item',
              total_allocated_amount: discount.pence,
            },
          ]
        : [],
      discount_codes: cart.discountCodes.map((code) => ({ code, applicable: code === discount?.code })),
    };
  }

  /** Runs `change` on the browser's cart and answers with `view(result)`, setting the cookie when new. */
  const withCart = (change) => async (request) => {
    const { cart, setCookie } = cartFor(request);
    const response = await change(cart, request);
    if (setCookie) response.headers.append('Set-Cookie', setCookie);
    return response;
  };

  async function add(cart, request) {
    const body = await readJson(request);
    if (!body.ok) return cartError(400, body.error);
    const items = Array.isArray(body.value?.items) ? body.value.items : [body.value];
    const resolved = [];
    for (const entry of items) {
      const quantity = entry?.quantity ?? 1;
      if (!Number.isInteger(entry?.id) || !Number.isInteger(quantity) || quantity < 1) return cartError(422, 'Each item needs a numeric id and a whole quantity of at least 1.');
      // The reference's properties are key-value pairs, `true` among the values it shows.
      if (entry.properties != null && !isKeyValuePairs(entry.properties)) return cartError(422, 'Line-item properties must be key-value pairs.');
      const variant = shop.variant(variantGid(entry.id));
      // A theme sells what is published to its Online Store.
      if (!variant || !shop.publishedOn(variant.product, 'online-store')) return cartError(404, 'Cannot find variant');
      if (!variant.availableForSale) return cartError(422, `The product '${variant.product.title}' is already sold out.`);
      const sellingPlan = entry.selling_plan ?? undefined;
      if (sellingPlan !== undefined && !variant.sellingPlans.some((plan) => numericId(plan.id) === sellingPlan)) {
        return cartError(422, `The selling plan ${String(sellingPlan)} is not available for '${variant.product.title}'.`);
      }
      resolved.push({ variant, quantity, properties: entry.properties ?? {}, sellingPlan });
    }
    // The Ajax Cart API adds all the items or none of them; the same variant on a selling plan is an item of its own.
    const added = resolved.map(({ variant, quantity, properties, sellingPlan }) => {
      const key = `${numericId(variant.id)}:${sellingPlan ?? ''}:${JSON.stringify(properties)}`;
      let item = cart.items.find((candidate) => candidate.key === key);
      if (item) item.quantity += quantity;
      else {
        item = { key, variantId: numericId(variant.id), quantity, properties, ...(sellingPlan === undefined ? {} : { sellingPlanId: sellingPlan }) };
        cart.items.push(item);
      }
      return itemView(item);
    });
    return jsonResponse(200, { items: added });
  }

  async function update(cart, request) {
    const body = await readJson(request);
    if (!body.ok) return cartError(400, body.error);
    const { attributes, note, discount } = body.value ?? {};
    if (attributes !== undefined && !isStringRecord(attributes)) return cartError(422, 'Cart attributes must be text.');
    if (note !== undefined && note !== null && typeof note !== 'string') return cartError(422, 'The note must be text.');
    if (discount !== undefined && typeof discount !== 'string') return cartError(422, 'The discount must be text: codes separated by commas.');
    for (const [key, value] of Object.entries(attributes ?? {})) {
      // As in the Ajax Cart API, an empty value removes the attribute.
      if (value === '') delete cart.attributes[key];
      else cart.attributes[key] = value;
    }
    if (note !== undefined) cart.note = note;
    // Replaces the codes; an empty string removes them all. Codes the shop does not honour stay, not applicable.
    if (discount !== undefined) cart.discountCodes = uniqueCodes(discount.split(','));
    shop.holdCodes(cart.discountCodes, cart.token);
    return jsonResponse(200, cartView(cart));
  }

  function checkout(cart, request) {
    // The element sends the buyer here with `?discount=CODE`; without one, the cart's codes count.
    const code = new URL(request.url).searchParams.get('discount')?.trim() ?? '';
    const codes = code ? [code] : cart.discountCodes;
    shop.holdCodes(codes, cart.token);
    const { subtotal, discount, total } = pricing(cart, codes);
    const properties = (record) => (Object.keys(record).length > 0 ? pairs(Object.entries(record).map(([key, value]) => ({ key, value }))) : '');
    const rows = cart.items
      .map(itemView)
      .map(
        (item) => `<tr>
<th scope="row">${escapeHtml(item.product_title)}${item.variant_title ? `<span class="variant">${escapeHtml(item.variant_title)}</span>` : ''}</th>
<td>${properties(item.properties)}</td>
<td>${item.quantity}</td>
<td class="amount">${formatGbp(item.final_line_price)}</td>
</tr>`,
      )
      .join('\n');
    const discountRows = codes
      .map((candidate) =>
        candidate === discount?.code
          ? `<tr><th scope="row" colspan="3">Discount ${escapeHtml(candidate)}</th><td>−${formatGbp(discount.pence)}</td></tr>`
          : `<tr><th scope="row" colspan="3">Discount ${escapeHtml(candidate)} (not applicable)</th><td>−${formatGbp(0)}</td></tr>`,
      )
      .join('\n');
    return page(
      'Checkout · theme cart',
      `<p class="notice">This page stands in for a Shopify theme's checkout in the demo. Nothing is paid and no order is placed.</p>
<h1>Checkout</h1>
<h2>Your order</h2>
<table>
<thead><tr><th scope="col">Item</th><th scope="col">Details</th><th scope="col">Quantity</th><th scope="col">Line total</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="4">Your cart is empty.</td></tr>'}
</tbody>
<tfoot>
<tr><th scope="row" colspan="3">Subtotal</th><td>${formatGbp(subtotal)}</td></tr>
${discountRows}
<tr class="total"><th scope="row" colspan="3">Total</th><td>${formatGbp(total)}</td></tr>
<tr class="due-today"><th scope="row" colspan="3">Due today</th><td>${formatGbp(dueToday(cart, discount?.pence ?? 0))}</td></tr>
</tfoot>
</table>
<h2>Order details</h2>
${properties(cart.attributes) || '<p>None.</p>'}
<h2>Note</h2>
<p>${cart.note ? escapeHtml(cart.note) : 'None.'}</p>`,
    );
  }

  function productByHandle(_request, { handle }) {
    const product = shop.productByHandle(handle);
    return product && shop.publishedOn(product, 'online-store') ? jsonResponse(200, productJson(product)) : jsonResponse(404, { status: 404, message: 'Not Found', description: `No product with the handle ${handle}.` });
  }

  const routes = [
    {
      method: 'POST',
      pattern: /^\/cart\/clear\.js$/,
      handler: withCart((cart) => {
        cart.items = [];
        return jsonResponse(200, cartView(cart));
      }),
    },
    { method: 'POST', pattern: /^\/cart\/add\.js$/, handler: withCart(add) },
    { method: 'POST', pattern: /^\/cart\/update\.js$/, handler: withCart(update) },
    { method: 'GET', pattern: /^\/cart\.js$/, handler: withCart((cart) => jsonResponse(200, cartView(cart))) },
    { method: 'GET', pattern: /^\/products\/(?<handle>[a-z0-9-]+)\.js$/, handler: productByHandle },
    { method: 'GET', pattern: /^\/checkout$/, handler: withCart(checkout) },
  ];
  return { routes, carts };
}
