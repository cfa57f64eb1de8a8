// Issue 5 "Tests", end to end on the Mobilize example page: a full specification request lands
// exactly one message in the outbox; provider failures are retried into exactly one message; a
// reload during submission sends nothing twice (same idempotency key).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SPEC_REQUEST_SENT as SENT, fillRequest, outboxFor } from './flows.mjs';
import { useHarness } from './harness.mjs';

const harness = useHarness();

async function failNext(count) {
  const response = await fetch(harness.url('/api/mail/_control'), { method: 'POST', body: JSON.stringify({ failNext: count, status: 503 }) });
  assert.equal(response.status, 200);
}

describe('specification request on mobilize-portal.html (issue 5)', () => {
  it('a full request lands exactly one message with the expected variables', async () => {
    const { page, errors } = await harness.open('/dist-examples/mobilize-portal.html');
    const email = 'full@example.com';
    const sent = page.evaluate(() => new Promise((resolve) => globalThis.document.addEventListener('evc-request-sent', (event) => resolve(event.detail), { once: true })));
    const { wizard, next } = await fillRequest(page, email);
    await next();
    await wizard.getByText(SENT).waitFor();
    assert.match((await sent).requestId, /\S/);
    const messages = await outboxFor(harness.url, email);
    assert.equal(messages.length, 1);
    const variables = JSON.parse(messages[0]['t:variables']);
    assert.equal(variables.customerEmail, email);
    assert.match(variables.customerName, /Ada Lovelace/);
    assert.equal(variables.customerPhone, '07700 900123');
    assert.match(Object.values(variables).join('\n'), /8\.5m/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('with the provider failing twice, the retries land exactly one message', async () => {
    const { page } = await harness.open('/dist-examples/mobilize-portal.html');
    const email = 'retry@example.com';
    const { wizard, next } = await fillRequest(page, email);
    await failNext(2);
    await next();
    await wizard.getByText(SENT).waitFor({ timeout: 15_000 });
    assert.equal((await outboxFor(harness.url, email)).length, 1);
    await page.close();
  });

  it('a reload during submission sends nothing twice', async () => {
    const { page } = await harness.open('/dist-examples/mobilize-portal.html');
    const email = 'reload@example.com';
    const { element, next } = await fillRequest(page, email);
    const bodies = [];
    let reachedRelay;
    const relayed = new Promise((resolve) => (reachedRelay = resolve));
    await page.route('**/api/spec-request', async (route) => {
      bodies.push(JSON.parse(route.request().postData() ?? '{}'));
      if (bodies.length === 1) {
        // The relay sends the message, but the page is reloaded before it hears back.
        await route.fetch();
        reachedRelay();
        return;
      }
      await route.continue();
    });
    await next();
    await relayed;
    await page.reload();
    await element.getByText(SENT).waitFor();
    assert.equal(bodies.length, 2);
    assert.equal(bodies[1].idempotencyKey, bodies[0].idempotencyKey);
    assert.equal((await outboxFor(harness.url, email)).length, 1);
    await page.close();
  });
});
