// The demo checkout: the page each cart's `checkoutUrl` opens (DEMO-2).
// It lists what the shop received (lines with their attributes, the cart's
// attributes, discount codes and allocations, the buyer's e-mail, the delivery address the
// checkout opens with, subtotal, total and what is due today) so a person or a test can compare it with the wizard's
// summary. No script, no inline style. On a phone each line's details go under it, so the page fits the screen.
import { escapeHtml } from '../http.mjs';
import { SHOP_NAME } from './catalogue.mjs';
import { formattedAddress } from './delivery-addresses.mjs';
import { formatGbp } from './money.mjs';

const HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
};

const CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#16181b;background:#f4f5f7}
main{max-width:56rem;margin:0 auto;padding:1.5rem}
.notice{background:#fff4ce;border:1px solid #e0c96b;padding:.75rem 1rem;border-radius:6px}
table{width:100%;border-collapse:collapse;background:#fff}
th,td{text-align:left;padding:.5rem .75rem;border-bottom:1px solid #dde1e6;vertical-align:top}
td.amount,tfoot td{text-align:right;white-space:nowrap}
tfoot tr.total th,tfoot tr.total td{font-weight:700;font-size:1.1em}
tfoot tr.due-today th,tfoot tr.due-today td{font-weight:700}
dl{margin:0;display:grid;grid-template-columns:max-content 1fr;gap:0 .75rem}
dt{color:#555}dd{margin:0}
address{font-style:normal}
.variant{display:block;color:#555;font-size:.9em}
dd,th{overflow-wrap:anywhere}
@media (max-width:40rem){
main{padding:1rem}
table,tbody,tfoot{display:block}
thead{display:none}
tr{display:grid;grid-template-columns:minmax(0,1fr) auto auto;border-bottom:1px solid #dde1e6}
th,td{border:0}
tbody td:nth-of-type(1){grid-row:2;grid-column:1/-1;padding-top:0}
tbody td:nth-of-type(2)::before{content:"× "}
tfoot th{grid-column:1/3}
dl{grid-template-columns:minmax(0,max-content) minmax(0,1fr)}
}
`;

/** A demo shop page with the checkout's stylesheet: no script, no inline style. */
export function page(title, body, status = 200) {
  return new Response(
    `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(SHOP_NAME)}</title>
<link rel="stylesheet" href="/demo-checkout/checkout.css">
</head>
<body>
<main>
${body}
<p><a href="/">Back to the examples</a></p>
</main>
</body>
</html>
`,
    { status, headers: HEADERS },
  );
}

export const pairs = (list) =>
  list.length === 0
    ? '<p>None.</p>'
    : `<dl>${list.map(({ key, value }) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(value ?? '')}</dd>`).join('')}</dl>`;

/** The line's selling plan, as Shopify's checkout names it under the item. */
const sellingPlanNote = (line) =>
  line.sellingPlanAllocation ? `<span class="variant">${escapeHtml(line.sellingPlanAllocation.sellingPlan.name)}</span>` : '';

/**
 * What the buyer pays now and later: the checkout charge (the selling plans' checkout charges, or
 * the lines' whole price) less the order discount, never below nothing; the rest is deferred.
 */
function chargeRows({ total, discount, checkoutCharge }) {
  const dueToday = Math.max(0, checkoutCharge - discount);
  const later = total - dueToday;
  return [
    `<tr class="due-today"><th scope="row" colspan="3">Due today</th><td>${formatGbp(dueToday)}</td></tr>`,
    later > 0 ? `<tr><th scope="row" colspan="3">Deferred (selling plan)</th><td>${formatGbp(later)}</td></tr>` : '',
  ].join('\n');
}

function lineRow(line) {
  const variant = line.merchandise;
  const variantTitle = variant.title === 'Default Title' ? '' : `<span class="variant">${escapeHtml(variant.title)}</span>`;
  return `<tr>
<th scope="row">${escapeHtml(variant.product.title)}${variantTitle}${sellingPlanNote(line)}</th>
<td>${line.attributes.length > 0 ? pairs(line.attributes) : ''}</td>
<td>${line.quantity}</td>
<td class="amount">${formatGbp(line.subtotalPence)}</td>
</tr>`;
}

/** The selected delivery address, as Shopify's checkout would open with it filled in. */
function deliveryAddress(cart) {
  const selected = cart.delivery.addressList.find((entry) => entry.selected);
  if (!selected) return '<p>None given: the checkout asks for it.</p>';
  const { address } = selected;
  const lines = [...formattedAddress(address, { withName: true }), address.phone].filter(Boolean).map(escapeHtml);
  const use = selected.oneTimeUse ? '<p>For this order only: not saved to an account.</p>' : '';
  return `<address>${lines.join('<br>')}</address>${use}`;
}

function checkoutPage(cart) {
  const { subtotal, total, tax } = cart.pence;
  const allocations = cart.discountAllocations
    .map((allocation) => `<tr><th scope="row" colspan="3">Discount ${escapeHtml(allocation.code)}</th><td>−${formatGbp(allocation.discountedPence)}</td></tr>`)
    .join('\n');
  const codes =
    cart.discountCodes.length === 0
      ? '<p>None.</p>'
      : `<ul>${cart.discountCodes.map(({ code, applicable }) => `<li>${escapeHtml(code)}: ${applicable ? 'applied' : 'not applicable'}</li>`).join('')}</ul>`;
  const buyer = [
    { key: 'E-mail', value: cart.buyerIdentity.email },
    { key: 'Phone', value: cart.buyerIdentity.phone },
    { key: 'Country', value: cart.buyerIdentity.countryCode },
  ].filter(({ value }) => value);
  return page(
    'Checkout',
    `<p class="notice">This page stands in for the shop's checkout in the demo. Nothing is paid and no order is placed.</p>
<h1>Checkout</h1>
<h2>Your order</h2>
<table>
<thead><tr><th scope="col">Item</th><th scope="col">Details</th><th scope="col">Quantity</th><th scope="col">Line total</th></tr></thead>
<tbody>
${cart.lineViews.length > 0 ? cart.lineViews.map(lineRow).join('\n') : '<tr><td colspan="4">Your cart is empty.</td></tr>'}
</tbody>
<tfoot>
<tr><th scope="row" colspan="3">Subtotal</th><td>${formatGbp(subtotal)}</td></tr>
${allocations}
<tr class="total"><th scope="row" colspan="3">Total</th><td>${formatGbp(total)}</td></tr>
<tr><th scope="row" colspan="3">Including VAT</th><td>${formatGbp(tax)}</td></tr>
${chargeRows(cart.pence)}
</tfoot>
</table>
<h2>Discount codes</h2>
${codes}
<h2>Buyer</h2>
${pairs(buyer)}
<section aria-labelledby="delivery-address">
<h2 id="delivery-address">Delivery address</h2>
${deliveryAddress(cart)}
</section>
<h2>Order details</h2>
${pairs(cart.attributes)}`,
  );
}

const notFound = (what) =>
  page(
    'Not found',
    `<h1>${escapeHtml(what)} not found</h1>
<p>The demo shop keeps carts in memory only, so a checkout link stops working when the demo server restarts.</p>`,
    404,
  );

export function checkoutRoutes({ shop, carts }) {
  return [
    // Before the checkout route: that pattern would take "checkout.css" for a token.
    {
      method: 'GET',
      pattern: /^\/demo-checkout\/checkout\.css$/,
      handler: () => new Response(CSS, { headers: { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } }),
    },
    {
      method: 'GET',
      // The query (CART-2 adds `_fd=0`) plays no part: the token alone names the cart.
      pattern: /^\/demo-checkout\/(?<token>[^/]+)$/,
      handler: (_request, { token }) => {
        const cart = carts.byToken(token);
        return cart ? checkoutPage(cart) : notFound('Checkout');
      },
    },
    {
      method: 'GET',
      pattern: /^\/demo-policies\/(?<handle>[a-z-]+)$/,
      handler: (_request, { handle }) => {
        const policy = shop.policies.find((candidate) => candidate.handle === handle);
        // The policy bodies are the shop's own HTML, written in catalogue.mjs.
        return policy ? page(policy.title, `<h1>${escapeHtml(policy.title)}</h1>\n${policy.body}`) : notFound('Policy');
      },
    },
  ];
}
