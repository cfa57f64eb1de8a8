// The demo's partner-discount handler over HTTP: `/api/partner-discount/start` mails a code (it
// reaches `GET /api/outbox`) and answers the start's challenge, `/api/partner-discount/verify` answers
// the code with that challenge with a single-use shop code made through the Admin API stand-in, which
// the Storefront stand-in then honours in one cart only; wrong codes lock that challenge only, so
// another start for the address and its wrong codes leave the buyer's code working; a non-partner
// address is refused; the direct-debit handler takes the partner discount off the initial payment
// only with the verification token.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { useHarness } from './harness.mjs';

const harness = useHarness({ browser: false });

const origin = () => new URL(harness.url('/')).origin;
const TEMPLATE = 'partner-discount-code';

const post = (path, body) =>
  fetch(harness.url(path), { method: 'POST', headers: { Origin: origin(), 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const outbox = async () => (await fetch(harness.url('/api/outbox'))).json();

/** Asks for a code for `email`: the start's challenge, and the code read from the outbox as the buyer reads the mail. */
async function codeFor(email) {
  const response = await post('/api/partner-discount/start', { email });
  assert.equal(response.status, 202);
  const { challenge, ...sent } = await response.json();
  assert.deepEqual(sent, { status: 'sent', expiresInSeconds: 600, resendAfterSeconds: 30 });
  assert.match(challenge, /^[\w-]{22}$/);
  const message = (await outbox()).findLast((entry) => entry.template === TEMPLATE && entry.to === email);
  assert.ok(message, `a ${TEMPLATE} message to ${email} is in the outbox`);
  return { challenge, code: JSON.parse(message['t:variables']).code };
}

const verify = (email, { challenge, code }) => post('/api/partner-discount/verify', { email, challenge, code });
const wrongOf = (code) => String((Number(code) + 1) % 1e9).padStart(9, '0');

/** A Storefront cart with the charger and `code`: whether the code applies, and the total. */
async function cartWithCode(code) {
  const query = `mutation Create($input: CartInput) {
    cartCreate(input: $input) { cart { discountCodes { code applicable } cost { totalAmount { amount } } } userErrors { message } }
  }`;
  const { UK_CATALOGUE } = await import('../../dist/server.js');
  const response = await fetch(harness.url('/api/2025-07/graphql.json'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Shopify-Storefront-Access-Token': 'demo' },
    body: JSON.stringify({ query, variables: { input: { lines: [{ merchandiseId: UK_CATALOGUE.baseProduct.variantId }], discountCodes: [code] } } }),
  });
  const { cart } = (await response.json()).data.cartCreate;
  return { applicable: cart.discountCodes[0].applicable, total: cart.cost.totalAmount.amount };
}

describe('the partner-discount handler on the demo server', () => {
  it('mails a code, answers it with a single-use shop code that one Storefront cart gets and a second does not', async () => {
    const email = 'alex.e2e@partner-one.example';
    const started = await codeFor(email);
    const { code } = started;
    assert.match(code, /^\d{9}$/);
    const message = (await outbox()).findLast((entry) => entry.template === TEMPLATE && entry.to === email);
    assert.deepEqual(Object.keys(message), ['from', 'to', 'subject', 'template', 't:variables']);
    assert.deepEqual(JSON.parse(message['t:variables']), { code, partnerName: 'Partner Discount', minutesValid: 10 });

    const response = await verify(email, started);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), origin());
    const verified = await response.json();
    assert.match(verified.discountCode, /^PARTNER-[0-9A-Z]{12}$/);
    assert.equal(verified.partnerId, 'partner');
    assert.equal(verified.amountPence, 10000);
    assert.ok(Date.parse(verified.expiresAt) > Date.now());

    const { created } = await (await fetch(harness.url('/api/partner-discount/_log'))).json();
    const made = created.filter((discount) => discount.code === verified.discountCode);
    assert.equal(made.length, 1);
    assert.equal(made[0].amount, '100.00');
    assert.equal(made[0].usageLimit, 1);
    assert.equal(made[0].appliesOncePerCustomer, true);
    assert.ok(Date.parse(made[0].endsAt) - Date.parse(made[0].startsAt) <= 48 * 3600_000);

    assert.deepEqual(await cartWithCode(verified.discountCode), { applicable: true, total: '499.0' });
    assert.deepEqual(await cartWithCode(verified.discountCode), { applicable: false, total: '599.0' });

    // A repeat (an answer lost on the way) gets the same shop code; none is made again.
    const repeated = await (await verify(email, started)).json();
    assert.equal(repeated.discountCode, verified.discountCode);
    const after = (await (await fetch(harness.url('/api/partner-discount/_log'))).json()).created;
    assert.equal(after.filter((discount) => discount.code === verified.discountCode).length, 1);
  });

  it('locks a code after five wrong ones, until a new code is asked for', async () => {
    const email = 'kim.e2e@sportscars.example';
    const started = await codeFor(email);
    for (const attemptsLeft of [4, 3, 2, 1, 0]) {
      const response = await verify(email, { ...started, code: wrongOf(started.code) });
      assert.equal(response.status, 422);
      assert.deepEqual((await response.json()).error.attemptsLeft, attemptsLeft);
    }
    const locked = await verify(email, started);
    assert.equal(locked.status, 423);
    assert.equal((await locked.json()).error.code, 'code_locked');
    const fresh = await verify(email, await codeFor(email));
    assert.equal(fresh.status, 200);
    assert.equal((await fresh.json()).amountPence, 7500);
  });

  it("leaves the buyer's code working when someone else starts for the address and guesses wrong on that start", async () => {
    const email = 'jo.e2e@partner-two.example';
    const buyer = await codeFor(email);
    const other = await codeFor(email);
    for (let guess = 0; guess < 6; guess++) await verify(email, { ...other, code: wrongOf(other.code) });
    assert.equal((await verify(email, other)).status, 423);
    assert.equal((await verify(email, { ...other, code: buyer.code })).status, 423, "the buyer's code is no code for another start");
    const response = await verify(email, buyer);
    assert.equal(response.status, 200);
  });

  it('refuses an address outside the partner domains, mailing nothing', async () => {
    const before = (await outbox()).length;
    const response = await post('/api/partner-discount/start', { email: 'alex@example.com' });
    assert.equal(response.status, 422);
    assert.equal((await response.json()).error.code, 'not_partner_domain');
    assert.equal((await outbox()).length, before);
  });

  it('lets the direct-debit handler take the discount off the initial payment only with the token', async () => {
    const email = 'sam.e2e@partner-one.example';
    const { token } = await (await verify(email, await codeFor(email))).json();
    const valid = JSON.parse(readFileSync(new URL('../fixtures/relay-fuzz/direct-debit.json', import.meta.url), 'utf8')).valid;
    const body = { ...valid, customer: { ...valid.customer, email } };
    const initialPayment = async (request) => {
      const response = await post('/api/direct-debit', request);
      assert.equal(response.status, 201);
      const { requests } = await (await fetch(harness.url('/api/direct-debit/_log'))).json();
      return requests.findLast((entry) => entry.method === 'POST' && entry.path === '/billing_requests').body.billing_requests.metadata.initial_payment_pence;
    };
    assert.equal(await initialPayment(body), '35000');
    assert.equal(await initialPayment({ ...body, partnerToken: token }), '25000');
    const other = await post('/api/direct-debit', { ...body, customer: { ...body.customer, email: 'eve@partner-one.example' }, partnerToken: token });
    assert.equal(other.status, 422);
    assert.deepEqual((await other.json()).problems.map((problem) => problem.field), ['partnerToken']);
  });
});
