// The demo server's ordering stand-ins: lead capture (`/api/store-cart`, LEAD-1) and a Shopify
// theme's own cart (Ajax Cart API and `/checkout`, for cart="theme").
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UK_CATALOGUE } from '../../dist/server.js';
import { useHarness } from './harness.mjs';

const harness = useHarness({ browser: false });

const numeric = (gid) => Number(gid.split('/').pop());
const cable = UK_CATALOGUE.cables.find((option) => option.id === 'tethered_22kw_6_5m');
const hook = UK_CATALOGUE.addOns.find((option) => option.id === 'hook');

/** A browser of the theme: it keeps the `cart` cookie the theme sets. */
function themeBrowser() {
  let cookie = '';
  return async (path, body) => {
    const response = await fetch(harness.url(path), {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...(cookie ? { Cookie: cookie } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const set = response.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0];
    return response;
  };
}

/**
 * A discount code the demo shop honours: a partner's single-use code, made by the partner-discount
 * handler for an address verified with the code it mailed (the embedded catalogue has no shared codes).
 */
async function partnerShopCode(email) {
  const post = (path, body) =>
    fetch(harness.url(`/api/partner-discount/${path}`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: new URL(harness.url('/')).origin },
      body: JSON.stringify(body),
    });
  const started = await post('start', { email });
  assert.equal(started.status, 202);
  const { challenge } = await started.json();
  const messages = await (await fetch(harness.url('/api/outbox'))).json();
  const { code } = JSON.parse(messages.findLast((message) => message.to === email)['t:variables']);
  return (await (await post('verify', { email, challenge, code })).json()).discountCode;
}

describe('lead capture stand-in', () => {
  it('records each posted form values object and lists them in order', async () => {
    for (const email of ['a@home.example', 'b@home.example']) {
      const response = await fetch(harness.url('/api/store-cart'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, referral: 'shop' }),
      });
      assert.equal(response.status, 200);
    }
    const leads = await (await fetch(harness.url('/api/store-cart'))).json();
    assert.deepEqual(leads.slice(-2).map((lead) => lead.email), ['a@home.example', 'b@home.example']);
  });

  it('refuses a body that is not a JSON object', async () => {
    const response = await fetch(harness.url('/api/store-cart'), { method: 'POST', body: '[1]' });
    assert.equal(response.status, 400);
  });
});

describe('theme cart stand-in', () => {
  it('clear, add with properties, update attributes, then /checkout lists lines, properties, discount and total', async () => {
    const call = themeBrowser();
    assert.equal((await call('/cart/clear.js', {})).status, 200);
    const added = await call('/cart/add.js', {
      items: [
        { id: numeric(cable.variantId), quantity: 1, properties: { Cable: cable.name } },
        { id: numeric(hook.variantId), quantity: 1, properties: { 'Hook colour': 'Maranello Red' } },
      ],
    });
    assert.equal(added.status, 200);
    const updated = await (await call('/cart/update.js', { attributes: { Referral: 'newsletter' } })).json();
    assert.equal(typeof updated.token, 'string');
    assert.equal(updated.total_price, cable.price + hook.price);
    assert.deepEqual(updated.attributes, { Referral: 'newsletter' });

    const cart = await (await call('/cart.js')).json();
    assert.deepEqual(cart.items.map((item) => [item.variant_id, item.properties]), [
      [numeric(cable.variantId), { Cable: cable.name }],
      [numeric(hook.variantId), { 'Hook colour': 'Maranello Red' }],
    ]);

    const code = await partnerShopCode('theme.buyer@partner-one.example');
    const page = await (await call(`/checkout?discount=${code}`)).text();
    assert.match(page, /Maranello Red/);
    assert.match(page, /Referral/);
    assert.match(page, new RegExp(`Discount ${code}`));
    const total = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format((cable.price + hook.price - 10000) / 100);
    assert.match(page, new RegExp(`<tr class="total">.*${total.replace(/[.£]/g, '\\$&')}`));

    // Clearing empties this browser's cart; another browser's cart is its own.
    assert.equal((await (await call('/cart/clear.js', {})).json()).item_count, 0);
    assert.equal((await (await themeBrowser()('/cart.js')).json()).item_count, 0);
  });

  it('answers an unknown variant as the Ajax Cart API does (404 Cart Error) and adds nothing', async () => {
    const call = themeBrowser();
    const response = await call('/cart/add.js', { items: [{ id: numeric(cable.variantId), quantity: 1 }, { id: 1, quantity: 1 }] });
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), { status: 404, message: 'Cart Error', description: 'Cannot find variant' });
    assert.equal((await (await call('/cart.js')).json()).item_count, 0);
  });
});
