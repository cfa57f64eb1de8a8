// End to end on the Mobilize example page: a full specification request lands
// exactly one message in the outbox; provider failures are retried into exactly one message; a
// reload during submission sends nothing twice (same idempotency key). A request changed after
// sending is never shown "sent" without another message, which says it replaces the first; the
// order and contact e-mails both reach the mail; a persistent provider failure says so and offers
// the support phone and e-mail. A message the provider accepted but answered too late is shown as
// not confirmed yet, and "Check again" confirms it without a second message; a provider that
// refuses the relay itself leaves the phone and e-mail as the way on.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axeViolations } from './a11y-checks.mjs';
import { SPEC_REQUEST_SENT as SENT, fillRequest, outboxFor } from './flows.mjs';

const SUBMITTING = 'Please wait while we submit your upgrade specification request...';
import { useHarness } from './harness.mjs';

const harness = useHarness();

async function mailControl(body) {
  const response = await fetch(harness.url('/api/mail/_control'), { method: 'POST', body: JSON.stringify(body) });
  assert.equal(response.status, 200);
}

const failNext = (count, status = 503) => mailControl({ failNext: count, status });

describe('specification request on mobilize-portal.html', () => {
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
    await wizard.getByText(SENT).waitFor();
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

  it('a spec request changed after sending is never shown "sent" without a second message in the outbox', async () => {
    const { page, errors } = await harness.open('/dist-examples/mobilize-portal.html');
    const email = 'changed@example.com';
    await page.evaluate(() => {
      globalThis.sentIds = [];
      globalThis.document.addEventListener('evc-request-sent', (event) => globalThis.sentIds.push(event.detail.requestId));
    });
    const { element, wizard, next } = await fillRequest(page, email);
    await next();
    await wizard.getByText(SENT).waitFor();
    assert.equal((await outboxFor(harness.url, email)).length, 1);

    // The relay holds the next request until "sent" has been looked for.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route('**/api/spec-request', async (route) => {
      await held;
      await route.continue();
    });
    const back = wizard.getByRole('button', { name: 'Back' });
    await back.click();
    await wizard.locator('.evc-step[data-step="details"]').waitFor();
    await back.click();
    await wizard.getByRole('checkbox', { name: 'Digital display' }).uncheck();
    await next();
    await wizard.getByRole('textbox', { name: 'Phone number' }).fill('07700 900999');
    await next();
    await wizard.getByText(SUBMITTING).waitFor();
    assert.equal(await element.getByText(SENT).count(), 0, '"sent" while the changed request is on its way');
    release();
    await wizard.getByText(SENT).waitFor();
    await page.unroute('**/api/spec-request');
    const messages = await outboxFor(harness.url, email);
    assert.equal(messages.length, 2);
    const [first, second] = messages.map((message) => JSON.parse(message['t:variables']));
    assert.equal(first.productLine9, 'Digital display: Yes (Digital display)');
    assert.equal(second.productLine9, 'Digital display: No');
    assert.equal(second.customerPhone, '07700 900999');
    const sentIds = await page.evaluate(() => globalThis.sentIds);
    assert.equal(sentIds.length, 2);
    assert.equal(second.amendsRequestId, sentIds[0]);
    assert.match(second.introLine, /replaces the one sent before/);

    // A colour changed on the page, then a reload: the wizard opens on the details, not on "sent".
    await wizard.getByRole('button', { name: 'Close' }).click();
    await element.getByRole('radiogroup', { name: 'Body' }).getByRole('radio', { name: 'Racing Green', exact: true }).check();
    await page.reload();
    await element.getByRole('button', { name: 'Continue' }).click();
    await wizard.locator('.evc-step[data-step="details"]').waitFor();
    assert.equal(await element.getByText(SENT).count(), 0);
    assert.equal((await outboxFor(harness.url, email)).length, 2);
    await next();
    await wizard.getByText(SENT).waitFor();
    const third = (await outboxFor(harness.url, email)).map((message) => JSON.parse(message['t:variables']))[2];
    assert.match(third?.productLine2 ?? '', /^Body colour: Racing Green/);
    assert.match(third.introLine, /replaces the one sent before/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('an order e-mail and a different contact e-mail both reach the outbox message\'s t:variables', async () => {
    const { page, errors } = await harness.open('/dist-examples/mobilize-portal.html');
    const orderEmail = 'order-mb000123@lease.example';
    const contactEmail = 'ada.home@example.com';
    const { wizard, next } = await fillRequest(page, orderEmail);
    const contact = wizard.getByRole('textbox', { name: 'E-mail address' });
    assert.equal(await contact.inputValue(), orderEmail, 'step 06 starts with the order e-mail');
    await contact.fill(contactEmail);
    await next();
    await wizard.getByText(SENT).waitFor();
    const messages = await outboxFor(harness.url, contactEmail);
    assert.equal(messages.length, 1);
    assert.equal(messages[0]['h:Reply-To'], contactEmail);
    const variables = JSON.parse(messages[0]['t:variables']);
    assert.equal(variables.orderEmail, orderEmail);
    assert.equal(variables.customerEmail, contactEmail);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a persistent mail-provider failure says so, offers the support phone and e-mail, and "Try again" sends once', async () => {
    const { page } = await harness.open('/dist-examples/mobilize-portal.html');
    const email = 'provider-down@example.com';
    const { wizard, next } = await fillRequest(page, email);
    await failNext(3);
    await next();
    const alert = wizard.getByRole('group', { name: /e-mail service did not accept/ });
    await alert.waitFor();
    assert.equal(await alert.getByText(/connection/).count(), 0, 'not a connection problem');
    assert.equal(await alert.getByRole('link', { name: '020 7946 0456' }).getAttribute('href'), 'tel:02079460456');
    assert.equal(await alert.getByRole('link', { name: 'leasing@mobilize-portal.example' }).getAttribute('href'), 'mailto:leasing@mobilize-portal.example');
    assert.equal((await outboxFor(harness.url, email)).length, 0);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await wizard.getByText(SENT).waitFor();
    assert.equal((await outboxFor(harness.url, email)).length, 1);
    await page.close();
  });

  it('a message accepted but answered after the relay gave up: "We could not confirm your request yet", and "Check again" confirms that one message', async () => {
    const { page, errors } = await harness.open('/dist-examples/mobilize-portal.html');
    const email = 'unconfirmed@example.com';
    const { wizard, next } = await fillRequest(page, email);
    await mailControl({ acceptThenDelayMs: 10_000, count: 1 });
    await next();
    const alert = wizard.getByRole('group', { name: /We could not confirm your request yet/ });
    await alert.waitFor();
    assert.equal(await alert.getByRole('link', { name: '020 7946 0456' }).getAttribute('href'), 'tel:02079460456');
    assert.deepEqual(await axeViolations(wizard), []);
    assert.equal((await outboxFor(harness.url, email)).length, 1, 'the provider has the message, the relay did not hear back');
    await alert.getByRole('button', { name: 'Check again' }).click();
    await wizard.getByText(SENT).waitFor();
    assert.equal((await outboxFor(harness.url, email)).length, 1);
    assert.deepEqual(errors.filter((error) => !/responded with a status of 503/.test(error)), []);
    await page.close();
  });

  it('a provider that refuses the relay: the request cannot be sent now, the phone and e-mail are the way on, no retry button', async () => {
    const { page } = await harness.open('/dist-examples/mobilize-portal.html');
    const email = 'rejected@example.com';
    const { wizard, next } = await fillRequest(page, email);
    await failNext(1, 401);
    await next();
    const alert = wizard.getByRole('group', { name: /cannot send upgrade specification requests at the moment/ });
    await alert.waitFor();
    assert.equal(await alert.getByRole('link', { name: 'leasing@mobilize-portal.example' }).getAttribute('href'), 'mailto:leasing@mobilize-portal.example');
    assert.equal(await alert.getByRole('button').count(), 0);
    assert.deepEqual(await axeViolations(wizard), []);
    assert.equal((await outboxFor(harness.url, email)).length, 0);
    await page.close();
  });
});
