// DESIGN, Demo server: the demo server answers the Storefront API stand-in at
// /api/{version}/graphql.json and the demo checkout page at the cart's checkoutUrl, over HTTP.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UK_CATALOGUE } from '../../dist/server.js';
import { useHarness } from './harness.mjs';

const harness = useHarness({ browser: false });

const graphql = (query, headers = { 'X-Shopify-Storefront-Access-Token': 'demo-token' }) =>
  fetch(harness.url('/api/2025-04/graphql.json'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
  });

describe('demo server: Storefront API stand-in', () => {
  it('wants an access token', async () => {
    const response = await graphql('{ shop { name } }', {});
    assert.equal(response.status, 401);
  });

  it('creates a cart whose checkoutUrl, on the demo origin, shows its total', async () => {
    const response = await graphql(`mutation {
      cartCreate(input: { lines: [{ merchandiseId: "${UK_CATALOGUE.baseProduct.variantId}" }] }) { cart { checkoutUrl } userErrors { code } }
    }`);
    const { data } = await response.json();
    assert.deepEqual(data.cartCreate.userErrors, []);
    const checkoutUrl = new URL(data.cartCreate.cart.checkoutUrl);
    assert.equal(checkoutUrl.origin, new URL(harness.url('/')).origin);
    const page = await fetch(`${checkoutUrl.href}?_fd=0`);
    assert.equal(page.status, 200);
    const total = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(UK_CATALOGUE.baseProduct.price / 100);
    assert.ok((await page.text()).includes(`<tr class="total"><th scope="row" colspan="3">Total</th><td>${total}</td></tr>`));
  });
});
