// Issue 5 "Tests", end to end on the Mobilize example page: a full specification request lands
// exactly one message in the outbox; provider failures are retried into exactly one message; a
// reload during submission sends nothing twice (same idempotency key).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useHarness } from './harness.mjs';

const harness = useHarness();

const SENT = 'Request for upgrade specification sent. You may leave this page now.';

async function outbox() {
  const response = await fetch(harness.url('/api/outbox'));
  return response.json();
}

async function failNext(count) {
  const response = await fetch(harness.url('/api/mail/_control'), { method: 'POST', body: JSON.stringify({ failNext: count, status: 503 }) });
  assert.equal(response.status, 200);
}

/** Steps 01 to 06 of the flow; Continue from 06 enters 07, which sends. */
async function fillRequest(page, email) {
  const element = page.locator('ev-charger-configurator');
  await element.getByRole('button', { name: 'Continue' }).click();
  const wizard = element.locator('dialog.evc-wizard');
  const next = () => wizard.getByRole('button', { name: 'Continue', exact: true }).click();
  await wizard.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await next();
  await wizard.getByRole('radio', { name: 'Tethered', exact: true }).check();
  await wizard.getByRole('radio', { name: '7kW with 8.5m cable' }).check();
  await next();
  await wizard.getByRole('checkbox').check(); // the chosen installation option's terms
  await next();
  await wizard.getByRole('checkbox', { name: 'Digital display' }).check();
  await next();
  await wizard.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await wizard.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
  await wizard.getByRole('textbox', { name: 'Phone number' }).fill('07700 900123');
  return { element, wizard, next };
}

const messagesFor = (messages, email) => messages.filter((message) => message['h:Reply-To']?.includes(email));

describe('specification request on mobilize-portal.html (issue 5)', () => {
  it('a full request lands exactly one message with the expected variables', async () => {
    const { page, errors } = await harness.open('/dist-examples/mobilize-portal.html');
    const email = 'full@example.com';
    const sent = page.evaluate(() => new Promise((resolve) => globalThis.document.addEventListener('evc-request-sent', (event) => resolve(event.detail), { once: true })));
    const { wizard, next } = await fillRequest(page, email);
    await next();
    await wizard.getByText(SENT).waitFor();
    assert.match((await sent).requestId, /\S/);
    const messages = messagesFor(await outbox(), email);
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
    assert.equal(messagesFor(await outbox(), email).length, 1);
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
    assert.equal(messagesFor(await outbox(), email).length, 1);
    await page.close();
  });
});
