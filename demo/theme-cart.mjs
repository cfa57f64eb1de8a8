// Stand-in for a Shopify theme's own cart (`cart="theme"`, issue 4): the Ajax Cart API endpoints the
// element uses (`POST /cart/clear.js`, `/cart/add.js`, `/cart/update.js`, `GET /cart.js`) with one
// cart per browser (the `cart` cookie, as in a theme), and `GET /checkout` listing the cart's lines,
// line-item properties, attributes, discount and total. Variants and prices are the demo shop's.
import { randomUUID } from 'node:crypto';
import { UK_CATALOGUE } from '../dist/server.js';
import { jsonResponse, readJson } from './json-body.mjs';
import { seedShop } from './storefront/catalogue.mjs';
import { formatGbp } from './storefront/money.mjs';

/** Carts kept at most; the oldest is dropped first. */
const MAX_CARTS = 500;
const COOKIE = 'cart';

const escapeHtml = (text) => String(text).replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The numeric id the Ajax Cart API uses for a variant. */
const numericId = (variant) => Number(/\d+$/.exec(variant.id)[0]);

const cartError = (status, description) => jsonResponse(status, { status, message: 'Cart Error', description });

function cookieToken(request) {
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

const isStringRecord = (value) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((entry) => typeof entry === 'string');

export function createThemeCartStandIn({ catalogue }) {
  const shop = seedShop(catalogue);
  const carts = new Map();

  /** The browser's cart, made on first use; `setCookie` is the header to send when it is new. */
  function cartFor(request) {
    const token = cookieToken(request);
    const existing = token ? carts.get(token) : undefined;
    if (existing) return { cart: existing, setCookie: undefined };
    const cart = { token: randomUUID().replaceAll('-', ''), items: [], attributes: {}, note: null };
    carts.set(cart.token, cart);
    if (carts.size > MAX_CARTS) carts.delete(carts.keys().next().value);
    return { cart, setCookie: `${COOKIE}=${cart.token}; Path=/; SameSite=Lax; HttpOnly` };
  }

  const itemView = (item) => ({
    key: item.key,
    id: item.variantId,
    variant_id: item.variantId,
    product_title: item.productTitle,
    variant_title: item.variantTitle,
    title: item.variantTitle ? `${item.productTitle} - ${item.variantTitle}` : item.productTitle,
    quantity: item.quantity,
    price: item.price,
    line_price: item.price * item.quantity,
    properties: item.properties,
  });

  const cartView = (cart) => ({
    token: cart.token,
    note: cart.note,
    attributes: cart.attributes,
    currency: 'GBP',
    item_count: cart.items.reduce((sum, item) => sum + item.quantity, 0),
    total_price: cart.items.reduce((sum, item) => sum + item.price * item.quantity, 0),
    items: cart.items.map(itemView),
  });

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
      if (entry.properties !== undefined && !isStringRecord(entry.properties)) return cartError(422, 'Line-item properties must be text.');
      const variant = shop.variant(`gid://shopify/ProductVariant/${entry.id}`);
      if (!variant) return cartError(404, 'Cannot find variant');
      resolved.push({ variant, quantity, properties: entry.properties ?? {} });
    }
    // The Ajax Cart API adds all the items or none of them.
    const added = resolved.map(({ variant, quantity, properties }) => {
      const key = `${numericId(variant)}:${JSON.stringify(properties)}`;
      let item = cart.items.find((candidate) => candidate.key === key);
      if (item) item.quantity += quantity;
      else {
        item = {
          key,
          variantId: numericId(variant),
          productTitle: variant.product.title,
          variantTitle: variant.title === 'Default Title' ? null : variant.title,
          price: variant.pricePence,
          quantity,
          properties,
        };
        cart.items.push(item);
      }
      return itemView(item);
    });
    return jsonResponse(200, { items: added });
  }

  async function update(cart, request) {
    const body = await readJson(request);
    if (!body.ok) return cartError(400, body.error);
    const { attributes, note } = body.value ?? {};
    if (attributes !== undefined && !isStringRecord(attributes)) return cartError(422, 'Cart attributes must be text.');
    if (note !== undefined && note !== null && typeof note !== 'string') return cartError(422, 'The note must be text.');
    for (const [key, value] of Object.entries(attributes ?? {})) {
      // As in the Ajax Cart API, an empty value removes the attribute.
      if (value === '') delete cart.attributes[key];
      else cart.attributes[key] = value;
    }
    if (note !== undefined) cart.note = note;
    return jsonResponse(200, cartView(cart));
  }

  function checkout(cart, request) {
    const code = new URL(request.url).searchParams.get('discount')?.trim() ?? '';
    const discount = code ? shop.discounts.get(code.toLowerCase()) : undefined;
    const subtotal = cart.items.reduce((sum, item) => sum + item.price * item.quantity, 0);
    const off = discount ? Math.min(discount.value, subtotal) : 0;
    const pairs = (record) => {
      const entries = Object.entries(record);
      return entries.length === 0 ? '' : `<dl>${entries.map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
    };
    const rows = cart.items
      .map(
        (item) => `<tr>
<th scope="row">${escapeHtml(item.productTitle)}${item.variantTitle ? `<span class="variant">${escapeHtml(item.variantTitle)}</span>` : ''}</th>
<td>${pairs(item.properties)}</td>
<td>${item.quantity}</td>
<td class="amount">${formatGbp(item.price * item.quantity)}</td>
</tr>`,
      )
      .join('\n');
    const discountRow = code
      ? `<tr><th scope="row" colspan="3">Discount ${escapeHtml(code)}${discount ? '' : ' (not applicable)'}</th><td>−${formatGbp(off)}</td></tr>`
      : '';
    const html = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout · theme cart · ${escapeHtml(shop.shop.name)}</title>
<link rel="stylesheet" href="/demo-checkout/checkout.css">
</head>
<body>
<main>
<p class="notice">This page stands in for a Shopify theme's checkout in the demo. Nothing is paid and no order is placed.</p>
<h1>Checkout</h1>
<h2>Your order</h2>
<table>
<thead><tr><th scope="col">Item</th><th scope="col">Details</th><th scope="col">Quantity</th><th scope="col">Line total</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="4">Your cart is empty.</td></tr>'}
</tbody>
<tfoot>
<tr><th scope="row" colspan="3">Subtotal</th><td>${formatGbp(subtotal)}</td></tr>
${discountRow}
<tr class="total"><th scope="row" colspan="3">Total</th><td>${formatGbp(subtotal - off)}</td></tr>
</tfoot>
</table>
<h2>Order details</h2>
${pairs(cart.attributes) || '<p>None.</p>'}
<h2>Note</h2>
<p>${cart.note ? escapeHtml(cart.note) : 'None.'}</p>
<p><a href="/">Back to the examples</a></p>
</main>
</body>
</html>
`;
    return new Response(html, {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      },
    });
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
    { method: 'GET', pattern: /^\/checkout$/, handler: withCart(checkout) },
  ];
  return { routes, carts };
}

/** The demo server's theme cart, on the embedded catalogue (`npm start` builds dist/ first). */
export const themeCartRoutes = createThemeCartStandIn({ catalogue: UK_CATALOGUE }).routes;
