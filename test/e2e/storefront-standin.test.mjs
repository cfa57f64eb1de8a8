// DEMO-2, DEMO-3: the demo server answers the Storefront API stand-in at
// /api/{version}/graphql.json and the demo checkout page at the cart's checkoutUrl, over HTTP, and
// `/api/_control` steers it and the theme cart stand-in as one shop.
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

  it('is one shop with the theme cart: a price and availability set through /api/_control show in both, until the reset', async () => {
    const base = UK_CATALOGUE.baseProduct.variantId;
    const control = (body) => fetch(harness.url('/api/_control'), { method: 'POST', body: JSON.stringify(body) });
    const storefrontPrice = async () => {
      const { data } = await (await graphql(`{ node(id: "${base}") { ... on ProductVariant { price { amount } availableForSale } } }`)).json();
      return data.node;
    };
    const themePrice = async () => {
      const { variants } = await (await fetch(harness.url('/products/charge-point.js'))).json();
      return { price: variants[0].price, available: variants[0].available };
    };
    assert.equal((await control({ prices: { [base]: '649.00' }, unavailable: [base] })).status, 200);
    try {
      assert.deepEqual(await storefrontPrice(), { price: { amount: '649.0' }, availableForSale: false });
      assert.deepEqual(await themePrice(), { price: 64900, available: false });
    } finally {
      assert.equal((await control({ reset: true })).status, 200);
    }
    assert.deepEqual(await themePrice(), { price: UK_CATALOGUE.baseProduct.price, available: true });
  });
});
