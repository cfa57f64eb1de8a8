// The intranet's own script (a separate file: the page's CSP allows no inline script). It shows the
// running total of each offer under its configurator, from the element's evc-change events, and
// wires the print button. Text only (textContent): the page enforces Trusted Types.
/* global document, window, Element */
document.addEventListener('evc-change', (event) => {
  const offer = event.target instanceof Element ? event.target.id : '';
  const output = document.querySelector(`[data-offer-total="${offer}"]`);
  const total = event.detail?.totals?.total;
  if (!output || typeof total !== 'number') return;
  const amount = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(total);
  output.textContent = `Your choice for this offer so far: ${amount} including VAT.`;
});

document.querySelector('.print-button')?.addEventListener('click', () => window.print());
