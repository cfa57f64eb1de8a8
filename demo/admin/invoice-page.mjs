// The demo invoice checkout: the page a draft order's `invoiceUrl` opens (`/demo-invoice/{token}`),
// standing in for the shop's checkout of that draft. It lists what the draft holds (each line with
// its price and attributes, the order discount with its title, the total due and the VAT in it, the
// draft's attributes and note, the buyer's e-mail, phone and shipping address) so a person or a test
// can compare it with the wizard's figures. No script, no inline style, the checkout's stylesheet.
import { escapeHtml } from '../http.mjs';
import { page, pairs } from '../storefront/checkout-page.mjs';
import { formattedAddress } from '../storefront/delivery-addresses.mjs';
import { formatGbp } from '../storefront/money.mjs';

const countryNames = new Intl.DisplayNames(['en-GB'], { type: 'region' });

function lineRow(line) {
  const variant = line.variantTitle ? `<span class="variant">${escapeHtml(line.variantTitle)}</span>` : '';
  // Shopify's invoice checkout refuses an item no longer for sale.
  const stock = line.variant.availableForSale ? '' : '<span class="variant">Out of stock: this order cannot be completed</span>';
  return `<tr>
<th scope="row">${escapeHtml(line.title)}${variant}${stock}</th>
<td>${line.customAttributes.length > 0 ? pairs(line.customAttributes) : ''}</td>
<td>${line.quantity}</td>
<td class="amount">${formatGbp(line.unitPence * line.quantity)}</td>
</tr>`;
}

function shippingAddress(address) {
  if (!address) return '<p>None given: the checkout asks for it.</p>';
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ');
  const country = address.countryCode ? countryNames.of(address.countryCode) : undefined;
  const lines = [...formattedAddress({ ...address, name, country }, { withName: true }), address.phone].filter(Boolean).map(escapeHtml);
  return `<address>${lines.join('<br>')}</address>`;
}

function invoicePage(draft) {
  const discount = draft.appliedDiscount;
  const discountRow = discount
    ? `<tr><th scope="row" colspan="3">${escapeHtml(discount.title ?? 'Discount')}${discount.description ? `<span class="variant">${escapeHtml(discount.description)}</span>` : ''}</th><td>−${formatGbp(discount.amountPence)}</td></tr>`
    : '';
  const buyer = [
    { key: 'E-mail', value: draft.email },
    { key: 'Phone', value: draft.phone },
  ].filter(({ value }) => value);
  return page(
    `Invoice ${draft.name}`,
    `<p class="notice">This page stands in for the checkout of the shop's draft order ${escapeHtml(draft.name)} in the demo. Nothing is paid and no order is placed.</p>
<h1>Invoice ${escapeHtml(draft.name)}</h1>
<h2>Your order</h2>
<table>
<thead><tr><th scope="col">Item</th><th scope="col">Details</th><th scope="col">Quantity</th><th scope="col">Price</th></tr></thead>
<tbody>
${draft.lines.map(lineRow).join('\n')}
</tbody>
<tfoot>
<tr><th scope="row" colspan="3">Subtotal</th><td>${formatGbp(draft.subtotal)}</td></tr>
${discountRow}
<tr class="total due-today"><th scope="row" colspan="3">Total due</th><td>${formatGbp(draft.total)}</td></tr>
<tr><th scope="row" colspan="3">Including VAT</th><td>${formatGbp(draft.tax)}</td></tr>
</tfoot>
</table>
<h2>Buyer</h2>
${pairs(buyer)}
<section aria-labelledby="shipping-address">
<h2 id="shipping-address">Shipping address</h2>
${shippingAddress(draft.shippingAddress)}
</section>
<h2>Order details</h2>
${pairs(draft.customAttributes)}
<h2>Note</h2>
<p>${draft.note ? escapeHtml(draft.note) : 'None.'}</p>`,
  );
}

const notFound = () =>
  page(
    'Invoice not found',
    `<h1>Invoice not found</h1>
<p>The draft order was deleted, or the demo server restarted: the demo shop keeps draft orders in memory only.</p>`,
    404,
  );

/** `GET /demo-invoice/{token}` for the Admin API stand-in's draft orders. */
export function invoiceRoutes({ admin }) {
  return [
    {
      method: 'GET',
      pattern: /^\/demo-invoice\/(?<token>[^/]+)$/,
      handler: (_request, { token }) => {
        const draft = admin.draftOrderByToken(token);
        return draft ? invoicePage(draft) : notFound();
      },
    },
  ];
}
