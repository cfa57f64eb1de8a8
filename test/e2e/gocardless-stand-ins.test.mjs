// The demo server's GoCardless stand-ins: the API stand-in under /gocardless-api/ with its
// failure switches and log, the demo's direct-debit handler against it (a failed flow's billing
// request cancelled, a status read without Origin, a checkout by draft order), and the drop-in stand-in at
// /gocardless/dropin/v2/initialise.js, driven
// in Chromium on a page with a strict Content-Security-Policy and a hostile stylesheet, as the
// element meets it: an overlay appended to the page's body, not a top-layer dialog.
/* global window, document, getComputedStyle, innerWidth, innerHeight */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { useHarness } from './harness.mjs';

const harness = useHarness();

const DROPIN = '/gocardless/dropin/v2/initialise.js';
const TITLE = 'GoCardless Direct Debit (demo)';
const API_HEADERS = {
  Authorization: 'Bearer demo-gocardless-token',
  'GoCardless-Version': '2015-07-06',
  'Content-Type': 'application/json',
};

const api = (path, body) =>
  fetch(harness.url(`/gocardless-api${path}`), {
    method: body === undefined ? 'GET' : 'POST',
    headers: API_HEADERS,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** A pending billing request and its flow, as a direct-debit handler would create them. */
async function startFlow() {
  const created = await api('/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } });
  assert.equal(created.status, 201);
  const { billing_requests: billingRequest } = await created.json();
  const flow = await api('/billing_request_flows', { billing_request_flows: { links: { billing_request: billingRequest.id } } });
  assert.equal(flow.status, 201);
  return { billingRequestId: billingRequest.id, flowId: (await flow.json()).billing_request_flows.id };
}

const control = (body) =>
  fetch(harness.url('/api/direct-debit/_control'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const log = async () => (await fetch(harness.url('/api/direct-debit/_log'))).json();

describe('GoCardless API stand-in on the demo server', () => {
  it('serves the drop-in stand-in as JavaScript', async () => {
    const response = await fetch(harness.url(DROPIN));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.match(await response.text(), /window\.GoCardlessDropin = \{ create \}/);
  });

  it('wants the access token, and logs each call without its value', async () => {
    const refused = await fetch(harness.url('/gocardless-api/billing_requests'), { method: 'POST', body: '{}' });
    assert.equal(refused.status, 401);
    assert.equal((await refused.json()).error.errors[0].reason, 'missing_authorization_header');
    const { billingRequestId } = await startFlow();
    const { requests } = await log();
    const create = requests.findLast((request) => request.path === '/billing_requests' && request.headers.authorization === 'Bearer [redacted]');
    assert.ok(create, 'the create call is logged');
    assert.equal(JSON.stringify(requests).includes('demo-gocardless-token'), false);
    assert.equal((await (await api(`/billing_requests/${billingRequestId}`)).json()).billing_requests.status, 'pending');
  });

  it('fails the next billing requests while the switch is on, then creates again', async () => {
    assert.equal((await control({ failNext: -1 })).status, 400);
    assert.equal((await control({ failNext: 1, status: 200 })).status, 400);
    const set = await control({ failNext: 2, status: 502 });
    assert.deepEqual(await set.json(), { failNext: 2, status: 502 });
    const body = { billing_requests: { mandate_request: { currency: 'GBP' } } };
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt += 1) statuses.push((await api('/billing_requests', body)).status);
    assert.deepEqual(statuses, [502, 502, 201]);
    assert.deepEqual(await (await fetch(harness.url('/api/direct-debit/_control'))).json(), {
      failNext: 0,
      status: 502,
      flows: { failNext: 0, status: 503 },
    });
  });
});

/** The element's request as the demo's handler takes it (the relay fuzz corpus's valid body). */
const VALID_START = JSON.parse(readFileSync(new URL('../fixtures/relay-fuzz/direct-debit.json', import.meta.url), 'utf8')).valid;

/** POST to the demo's direct-debit handler from its own (allowed) origin, as the element's page does. */
const startDirectDebit = () =>
  fetch(harness.url('/api/direct-debit'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: new URL(harness.url('/')).origin },
    body: JSON.stringify(VALID_START),
  });

describe('the demo direct-debit handler against the API stand-in', () => {
  it('cancels the billing request when its flow fails, and GoCardless reports it cancelled', async () => {
    assert.equal((await control({ failNext: 1, status: 503, endpoint: 'mandates' })).status, 400);
    const set = await control({ failNext: 1, status: 503, endpoint: 'billing_request_flows' });
    assert.deepEqual(await set.json(), { failNext: 1, status: 503 });
    const response = await startDirectDebit();
    assert.equal(response.status, 502);
    assert.equal((await response.json()).error.code, 'provider_failed');

    const { requests, webhooks } = await log();
    const cancelCall = requests.findLast((request) => /^\/billing_requests\/[^/]+\/actions\/cancel$/.test(request.path));
    assert.ok(cancelCall, 'the handler called the cancel action');
    const billingRequestId = cancelCall.path.split('/')[2];
    const created = requests.findLast((request) => request.path === '/billing_requests' && request.method === 'POST');
    assert.equal(created.body.billing_requests.metadata.plan.startsWith('PAY_MONTHLY'), true);
    assert.equal(cancelCall.method, 'POST');
    assert.deepEqual(cancelCall.body, { data: {} });
    assert.equal(cancelCall.headers.authorization, 'Bearer [redacted]');
    assert.equal(cancelCall.headers['gocardless-version'], '2015-07-06');
    assert.match(cancelCall.headers['idempotency-key'], /^[0-9a-f-]{36}$/);
    assert.equal((await (await api(`/billing_requests/${billingRequestId}`)).json()).billing_requests.status, 'cancelled');
    const delivered = webhooks.findLast((webhook) => webhook.events[0].links.billing_request === billingRequestId);
    assert.equal(delivered?.events[0].action, 'cancelled');
    // No flow of the store started that request (its flow failed): GoCardless is asked to deliver it again.
    assert.equal(delivered.status, 409, "the demo's webhook handler asked for it again");
    assert.deepEqual((await (await fetch(harness.url('/api/direct-debit/_control'))).json()).flows, { failNext: 0, status: 503 });
  });

  it('starts one flow per idempotency key: a retry after a failed flow, then a repeat, get the same flow and billing request', async () => {
    const keyed = { ...VALID_START, idempotencyKey: `e2e-${Date.now()}-0123456789` };
    const start = () =>
      fetch(harness.url('/api/direct-debit'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: new URL(harness.url('/')).origin },
        body: JSON.stringify(keyed),
      });
    await control({ failNext: 1, status: 503, endpoint: 'billing_request_flows' });
    const unconfirmed = await start();
    assert.equal(unconfirmed.status, 502);
    assert.equal((await unconfirmed.json()).error.code, 'start_unconfirmed');
    const before = (await log()).requests.length;
    const retried = await start();
    assert.equal(retried.status, 201);
    const { flowId } = await retried.json();
    const repeated = await start();
    assert.equal(repeated.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(await repeated.json(), { flowId, environment: 'sandbox', checkout: 'draft-order' });
    const { requests } = await log();
    const creates = requests.slice(before).filter((request) => request.method === 'POST' && request.path === '/billing_requests');
    assert.equal(creates.length, 1, 'the retry asked for the billing request once');
    const { billing_request_flows: flow } = await (await api(`/billing_request_flows/${flowId}`)).json();
    assert.equal((await (await api(`/billing_requests/${flow.links.billing_request}`)).json()).billing_requests.status, 'pending');
    assert.equal(requests.some((request) => request.path === `/billing_requests/${flow.links.billing_request}/actions/cancel`), false);
  });

  it("checks a monthly order out with a draft order of the Admin stand-in's shop once the drop-in has set up the mandate", async () => {
    const origin = new URL(harness.url('/')).origin;
    const started = await startDirectDebit();
    const { flowId, checkout } = await started.json();
    assert.equal(checkout, 'draft-order');
    const checkOut = () =>
      fetch(harness.url('/api/direct-debit/checkout'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin },
        body: JSON.stringify({ ...VALID_START, flowId }),
      });
    const early = await checkOut();
    assert.equal(early.status, 409);
    assert.equal(early.headers.get('retry-after'), '3');
    assert.equal((await fetch(harness.url(`/gocardless-api/_flows/${flowId}/complete`), { method: 'POST' })).status, 200);
    const made = await checkOut();
    assert.equal(made.status, 201);
    const answer = await made.json();
    assert.equal(answer.dueNow, 35000);
    assert.equal(new URL(answer.checkoutUrl).origin, origin, 'the invoice link opens on the demo server');
    const invoice = await fetch(answer.checkoutUrl);
    assert.equal(invoice.status, 200);
    const html = await invoice.text();
    for (const text of ['Total due</th><td>£350.00', 'Monthly plan: balance by Direct Debit', flowId]) assert.ok(html.includes(text), text);
    assert.deepEqual(await (await checkOut()).json(), answer);
  });

  it('answers a status read without an Origin header (a back office) and refuses one from another origin', async () => {
    const started = await startDirectDebit();
    assert.equal(started.status, 201);
    const { flowId } = await started.json();
    const statusUrl = harness.url(`/api/direct-debit?flowId=${flowId}`);
    const backOffice = await fetch(statusUrl);
    assert.equal(backOffice.status, 200);
    assert.deepEqual(await backOffice.json(), { flowId, status: 'pending' });
    assert.equal(backOffice.headers.get('access-control-allow-origin'), null);
    const foreign = await fetch(statusUrl, { headers: { Origin: 'https://evil.example' } });
    assert.equal(foreign.status, 403);
    assert.equal((await foreign.json()).error.code, 'origin_not_allowed');
  });
});

/** A page of the demo's origin under a strict CSP, with a stylesheet that hides and shrinks everything it can. */
const STRICT_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; require-trusted-types-for 'script'";
const HOSTILE_CSS = `
  * { all: unset !important; display: none !important; opacity: 0 !important; }
  html, body, .cover, #before { display: block !important; opacity: 1 !important; }
  .cover { position: fixed !important; inset: 0 !important; z-index: 2147483647 !important; background: red !important; }
  div:not(.cover), p, h2 { visibility: hidden !important; pointer-events: none !important; }
  button { font-size: 2px !important; }
`;

async function openStrictPage(scripts) {
  // Any page of the demo server first, so the routes below apply to a page that exists.
  const opened = await harness.open(DROPIN);
  const { page } = opened;
  const base = harness.url('/_gocardless-test/');
  await page.route(`${base}page.html`, (route) =>
    route.fulfill({
      status: 200,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': STRICT_CSP },
      body: `<!doctype html><html lang="en"><head><title>Strict page</title><link rel="stylesheet" href="${base}hostile.css"></head>
        <body><button id="before">Pay monthly</button><div class="cover">Cover</div>
        ${scripts.map((src) => `<script src="${src}"></script>`).join('')}</body></html>`,
    }),
  );
  await page.route(`${base}hostile.css`, (route) => route.fulfill({ status: 200, contentType: 'text/css', body: HOSTILE_CSS }));
  await page.route(`${base}preset.js`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.GoCardlessDropin = { preset: true };' }),
  );
  await page.goto(`${base}page.html`);
  return opened;
}

/** Creates and opens a drop-in; its callbacks are recorded in `window.dropinCalls`. */
const openDropin = (page, flowId) =>
  page.evaluate((id) => {
    window.dropinCalls = [];
    window.dropinHandler = window.GoCardlessDropin.create({
      billingRequestFlowID: id,
      environment: 'sandbox',
      onSuccess: (billingRequest, flow) =>
        window.dropinCalls.push(['success', billingRequest.status, billingRequest.links.mandate_request_mandate, flow.id]),
      onExit: (error, metadata) => window.dropinCalls.push(['exit', error === null ? null : String(error.message), metadata]),
    });
    document.getElementById('before').focus();
    window.dropinHandler.open();
  }, flowId);

const calls = async (page) => {
  await page.waitForFunction(() => window.dropinCalls.length > 0);
  return page.evaluate(() => window.dropinCalls);
};

const overlayCount = (page) => page.evaluate(() => document.querySelectorAll('[data-gocardless-dropin]').length);

const focusedButton = (page) =>
  page.evaluate(() => document.querySelector('[data-gocardless-dropin]')?.shadowRoot.activeElement?.textContent ?? null);

describe('GoCardless drop-in stand-in under a strict CSP and hostile page CSS', () => {
  it('opens a named modal overlay above everything, focused on "Set up Direct Debit"; completing fulfils the flow', async () => {
    const { page, errors } = await openStrictPage([DROPIN]);
    const { billingRequestId, flowId } = await startFlow();
    await openDropin(page, flowId);

    const dropin = page.getByRole('dialog', { name: TITLE });
    await dropin.waitFor();
    assert.equal(await dropin.getAttribute('aria-modal'), 'true');
    assert.ok((await dropin.textContent()).includes(flowId), 'the flow id is shown');
    assert.equal(await focusedButton(page), 'Set up Direct Debit');

    // Above the page's own max-z-index cover, covering the viewport, laid out despite the page's CSS.
    const layout = await page.evaluate(() => {
      const host = document.querySelector('[data-gocardless-dropin]');
      const panel = host.shadowRoot.querySelector('[role="dialog"]');
      const button = host.shadowRoot.querySelector('button');
      return {
        parent: host.parentElement === document.body,
        corners: [
          document.elementFromPoint(1, 1) === host,
          document.elementFromPoint(innerWidth - 2, innerHeight - 2) === host,
          document.elementFromPoint(innerWidth / 2, innerHeight / 2) === host,
        ],
        style: { position: getComputedStyle(host).position, zIndex: getComputedStyle(host).zIndex },
        panelWidth: panel.getBoundingClientRect().width,
        buttonFont: getComputedStyle(button).fontSize,
        topLayer: host.matches(':modal') || document.querySelector(':modal') !== null,
      };
    });
    assert.deepEqual(layout.corners, [true, true, true]);
    assert.equal(layout.parent, true);
    assert.deepEqual(layout.style, { position: 'fixed', zIndex: '2147483647' });
    assert.ok(layout.panelWidth > 200, `the panel is laid out (${layout.panelWidth}px wide)`);
    assert.equal(layout.buttonFont, '16px');
    assert.equal(layout.topLayer, false, 'not a top-layer dialog, as the real drop-in is not');

    // Tab stays on the two buttons.
    await page.keyboard.press('Tab');
    assert.equal(await focusedButton(page), 'Cancel');
    await page.keyboard.press('Tab');
    assert.equal(await focusedButton(page), 'Set up Direct Debit');

    await dropin.getByRole('button', { name: 'Set up Direct Debit' }).click();
    const [call] = await calls(page);
    assert.equal(call[0], 'success');
    assert.equal(call[1], 'fulfilled');
    assert.match(call[2], /^MD/);
    assert.equal(call[3], flowId);
    assert.equal(await overlayCount(page), 0);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'before', 'focus returns to where it was');
    assert.equal((await (await api(`/billing_requests/${billingRequestId}`)).json()).billing_requests.status, 'fulfilled');
    const { webhooks } = await log();
    const delivered = webhooks.findLast((webhook) => webhook.events[0].links.billing_request === billingRequestId);
    assert.equal(delivered?.events[0].action, 'fulfilled');
    assert.equal(delivered.events[0].links.mandate_request_mandate, call[2]);

    assert.deepEqual(errors, []);
    // The policy is in force: an inline <style> does not apply here (Chromium logs that, so after the check above).
    const inlineStyle = await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = '#before { outline-color: rgb(1, 2, 3) !important; }';
      document.head.append(style);
      return getComputedStyle(document.getElementById('before')).outlineColor;
    });
    assert.notEqual(inlineStyle, 'rgb(1, 2, 3)');
    await page.close();
  });

  it('Escape cancels the flow and calls onExit(null, {}); exit() closes without a callback', async () => {
    const { page, errors } = await openStrictPage([DROPIN]);
    const { billingRequestId, flowId } = await startFlow();
    await openDropin(page, flowId);
    await page.getByRole('dialog', { name: TITLE }).waitFor();
    await page.keyboard.press('Escape');
    assert.deepEqual(await calls(page), [['exit', null, {}]]);
    assert.equal(await overlayCount(page), 0);
    assert.equal((await (await api(`/billing_requests/${billingRequestId}`)).json()).billing_requests.status, 'cancelled');

    const other = await startFlow();
    await openDropin(page, other.flowId);
    await page.getByRole('dialog', { name: TITLE }).waitFor();
    await page.evaluate(() => window.dropinHandler.exit());
    assert.equal(await overlayCount(page), 0);
    // The page's own timer: a callback the stand-in queued would have run before it, however slow the page.
    assert.deepEqual(await page.evaluate(() => new Promise((resolve) => setTimeout(() => resolve(window.dropinCalls), 200))), []);
    assert.equal((await (await api(`/billing_requests/${other.billingRequestId}`)).json()).billing_requests.status, 'pending');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a failed action closes the overlay and calls onExit with the error', async () => {
    const { page, errors } = await openStrictPage([DROPIN]);
    await openDropin(page, 'BRF000NOTHERE');
    await page.getByRole('dialog', { name: TITLE }).getByRole('button', { name: 'Set up Direct Debit' }).click();
    const [[kind, message, metadata]] = await calls(page);
    assert.equal(kind, 'exit');
    assert.match(message, /404/);
    assert.deepEqual(metadata, {});
    assert.equal(await overlayCount(page), 0);
    // Chromium logs the 404 itself; nothing else went wrong.
    assert.deepEqual(errors.filter((error) => !/status of 404/.test(error)), []);
    await page.close();
  });

  it('keeps a GoCardlessDropin the page already has (safe to load twice)', async () => {
    const { page, errors } = await openStrictPage([harness.url('/_gocardless-test/preset.js'), DROPIN, DROPIN]);
    assert.deepEqual(await page.evaluate(() => window.GoCardlessDropin), { preset: true });
    assert.deepEqual(errors, []);
    await page.close();
  });
});
