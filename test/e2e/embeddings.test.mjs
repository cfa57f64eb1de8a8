// Every embedding in dist-examples/ in real Chromium: no console errors, no CSP
// violation (neither as an event in the page nor as a report at the demo's endpoint), the element
// renders, and a full flow completes: an order to the demo checkout (marketing site, both
// configurators of the partner intranet, the Shopify theme section through the theme's checkout),
// a specification request to the outbox (Mobilize portal). The partner intranet is served with a
// strict Content-Security-Policy, proven enforced and reported here too; a page under the same
// policy runs the spec-request mode with a merchant catalogue.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { STRICT_POLICY } from '../../demo/csp.mjs';
import { clearCspReports, cspReports, openWatched, watchViolations } from './csp-watch.mjs';
import {
  SPEC_REQUEST_SENT,
  assertCheckoutMatches,
  checkoutPage,
  configureMonthly,
  configureOrder,
  fillFinance,
  fillRequest,
  outboxFor,
  partnerDiscountShown,
  verifyPartnerDiscount,
  wizardSummary,
} from './flows.mjs';
import { hasWebgl, useHarness } from './harness.mjs';

const harness = useHarness();

const EXAMPLE_FILES = [
  'marketing-site.html',
  'mobilize-portal.html',
  'partner-intranet.html',
  'shopify-theme-section.html',
  'shopify-theme-section.liquid',
];
const INTRANET = '/dist-examples/partner-intranet.html';

/** The configurator shows its page: a total in pounds in order mode, the way into the wizard in both. */
async function assertRenders(element, mode) {
  assert.equal(await element.getAttribute('mode'), mode);
  await element.locator(`.evc-app[data-mode="${mode}"]`).waitFor({ state: 'visible' });
  if (mode === 'order') await element.locator('[data-total]').first().getByText(/^£\d[\d,]*\.\d{2}$/).waitFor({ state: 'visible' });
  await element.getByRole('button', { name: 'Continue' }).waitFor({ state: 'visible' });
}

/** The pay-in-full test order, ending on `checkoutUrl`, whose page must match the wizard's summary. */
const orderToCheckout = (checkoutUrl, where) => async (page, element) => {
  const { wizard, next } = await configureOrder(page, element);
  // The order pages set partner-endpoint: the discount applies once its e-mailed code is verified.
  await verifyPartnerDiscount(harness.url, wizard);
  await partnerDiscountShown(wizard);
  const summary = await wizardSummary(wizard);
  await next();
  await page.waitForURL(checkoutUrl);
  assertCheckoutMatches(await checkoutPage(page), summary, where);
};

/** The monthly plan through finance and the GoCardless drop-in stand-in, ending on the checkout of its draft order. */
async function monthlyToCheckout(page, element) {
  const { wizard, continueButton, next } = await configureMonthly(page, element);
  await fillFinance(wizard);
  await next();
  await wizard.getByRole('button', { name: 'Set up your Direct Debit', exact: true }).click();
  const dropin = page.getByRole('dialog', { name: 'GoCardless Direct Debit (demo)' });
  await dropin.getByRole('button', { name: 'Set up Direct Debit', exact: true }).click();
  await wizard.locator('[data-mandate="complete"]').waitFor();
  assert.equal(await continueButton.isDisabled(), false);
  await next();
  await page.waitForURL(/\/demo-invoice\//);
  const text = await page.locator('main').textContent();
  for (const expected of ['Pay monthly', 'Alexandra Morgan', '36 × £35.75']) assert.ok(text.includes(expected), `the draft order carries ${expected}`);
}

/** A specification request, sent: exactly one message for it reaches the outbox. */
async function specRequestToOutbox(page, element) {
  const email = `embedding-${Date.now()}@example.com`;
  const { wizard, next } = await fillRequest(page, email, element);
  await next();
  await wizard.getByText(SPEC_REQUEST_SENT).waitFor();
  assert.equal((await outboxFor(harness.url, email)).length, 1, 'one message in the outbox');
}

const EMBEDDINGS = [
  { file: 'marketing-site.html', mode: 'order', flow: orderToCheckout(/\/demo-checkout\//, 'demo checkout') },
  { file: 'shopify-theme-section.html', mode: 'order', flow: orderToCheckout(/\/checkout(\?|$)/, 'theme checkout') },
  { file: 'mobilize-portal.html', mode: 'spec-request', flow: specRequestToOutbox },
  { file: 'partner-intranet.html', element: '#offer-company-car', mode: 'order', flow: orderToCheckout(/\/demo-checkout\//, 'demo checkout') },
  { file: 'partner-intranet.html', element: '#offer-family-car', mode: 'order', flow: monthlyToCheckout },
];

describe('the examples on the demo index', () => {
  it('the index links the five example files and nothing else, and each is served', async () => {
    const { page, errors } = await harness.open('/');
    const listed = await page.locator('li a').evaluateAll((links) => links.map((link) => link.textContent));
    assert.deepEqual(listed, EXAMPLE_FILES, 'the pages and the theme section, not the files they load');
    for (const name of EXAMPLE_FILES) {
      const href = await page.getByRole('link', { name, exact: true }).getAttribute('href');
      assert.equal(href, `/dist-examples/${name}`);
      const response = await fetch(harness.url(href));
      assert.equal(response.status, 200, `${href} is served`);
      const expectedType = name.endsWith('.liquid') ? 'text/plain' : 'text/html';
      assert.ok(response.headers.get('content-type').startsWith(expectedType), `${href} is ${expectedType}`);
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('partner-intranet.html: a strict Content-Security-Policy', () => {
  it('is served with the strict policy, and nothing in the page is inline', async () => {
    const response = await fetch(harness.url(INTRANET));
    const policy = response.headers.get('content-security-policy');
    assert.equal(policy, STRICT_POLICY);
    const directives = new Map(policy.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    for (const name of ['script-src', 'style-src', 'connect-src', 'img-src']) assert.deepEqual(directives.get(name), ["'self'"], name);
    assert.deepEqual(directives.get('default-src'), ["'none'"]);
    assert.deepEqual(directives.get('object-src'), ["'none'"]);
    assert.deepEqual(directives.get('base-uri'), ["'none'"]);
    assert.deepEqual(directives.get('frame-ancestors'), ["'none'"]);
    assert.deepEqual(directives.get('require-trusted-types-for'), ["'script'"]);
    // The policy names docs/deploying.md lists, and no others: the 3D view and the drop-in run under them below.
    assert.deepEqual(directives.get('trusted-types'), ['ev-charger-configurator', 'lit-html']);
    assert.deepEqual(directives.get('report-uri'), ['/api/csp-reports']);
    assert.doesNotMatch(policy, /unsafe-|nonce-|sha\d+-|data:|blob:|\*/);

    const html = await readFile(new URL('../../dist-examples/partner-intranet.html', import.meta.url), 'utf8');
    assert.doesNotMatch(html, /<style/i, 'no style element');
    assert.doesNotMatch(html, /\sstyle=/i, 'no style attribute');
    assert.doesNotMatch(html, /\son[a-z]+=/i, 'no event handler attribute');
    assert.doesNotMatch(html, /javascript:/i);
    for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) assert.match(tag, /\ssrc="\/?[\w./-]+"/, `${tag} loads a file of the page's own origin`);
    assert.equal([...html.matchAll(/<ev-charger-configurator\b/g)].length, 2, 'two configurators');
  });

  it('is enforced: inline code added to the page is blocked, seen as events and reported to /api/csp-reports', async () => {
    await clearCspReports(harness);
    // The same response (its CSP header included) with an inline script and a style attribute added.
    const { page, errors } = await harness.open('about:blank');
    await page.route(`**${INTRANET}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('</main>', '<p style="color: red">styled</p><script>document.title = "ran";</script></main>');
      await route.fulfill({ response, body });
    });
    const violations = await watchViolations(page);
    await page.goto(harness.url(INTRANET));
    await page.locator('#offer-company-car .evc-app').waitFor();
    assert.notEqual(await page.title(), 'ran', 'the inline script did not run');
    const seen = violations.map((violation) => violation.directive).sort();
    assert.deepEqual(seen, ['script-src-elem', 'style-src-attr']);
    // The browser sends its reports when it gets to them: waited for, within a bound for never.
    let reports = [];
    for (const deadline = Date.now() + 60_000; reports.length < 2 && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      reports = await cspReports(harness);
    }
    assert.deepEqual(reports.map((report) => report.directive).sort(), ['script-src-elem', 'style-src-attr']);
    assert.ok(reports.every((report) => report.documentUrl === harness.url(INTRANET)));
    assert.deepEqual(errors.filter((error) => !/Content Security Policy/.test(error)), [], 'nothing else went wrong');
    await page.close();
    await clearCspReports(harness);
    assert.deepEqual(await cspReports(harness), []);
  });

  it('holds the 3D view: model-viewer loads and shows the model with no violation, its styles adopted', async (t) => {
    await clearCspReports(harness);
    const { page, errors, violations } = await openWatched(harness, INTRANET, { viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(30_000);
    const element = page.locator('#offer-company-car');
    await assertRenders(element, 'order');
    if (!(await hasWebgl(page))) {
      t.skip('this Chromium has no WebGL, so there is no 3D view to check');
      await page.close();
      return;
    }
    await element.getByRole('button', { name: 'View in 3D' }).click();
    const viewer = element.locator('dialog[open] model-viewer');
    await viewer.waitFor({ state: 'attached' });
    await page.waitForFunction(() => globalThis.document.querySelector('#offer-company-car').shadowRoot.querySelector('dialog[open] model-viewer')?.loaded === true);
    // model-viewer's own styles apply (its host is a block; its shadow root holds no blocked <style>).
    const styled = await viewer.evaluate((node) => ({
      display: globalThis.getComputedStyle(node).display,
      styleElements: node.shadowRoot.querySelectorAll('style').length,
      adopted: node.shadowRoot.adoptedStyleSheets.length,
    }));
    assert.deepEqual(styled, { display: 'block', styleElements: 0, adopted: 1 });
    assert.deepEqual(violations, [], 'no securitypolicyviolation event');
    assert.deepEqual(errors, [], 'no console error');
    assert.deepEqual(await cspReports(harness), [], 'no report at /api/csp-reports');
    await page.close();
  });

  it('holds the spec-request mode and a merchant catalogue too: the catalogue file and the request run with no violation', async () => {
    await clearCspReports(harness);
    // A page of the same origin served with the same policy: the spec-request element with a
    // merchant catalogue, so the on-demand catalogue file is loaded and run under the policy too.
    const pagePath = '/dist-examples/strict-spec-request.html';
    const cataloguePath = '/dist-examples/merchant-catalogue.json';
    const { page, errors, requests } = await harness.open('about:blank');
    await page.route(`**${cataloguePath}`, async (route) =>
      route.fulfill({ contentType: 'application/json', body: await readFile(new URL('../../docs/catalogue.uk.json', import.meta.url), 'utf8') }),
    );
    await page.route(`**${pagePath}`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        headers: { 'Content-Security-Policy': STRICT_POLICY },
        body: `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Upgrade specification</title>
<script src="/dist/ev-charger-configurator.js" defer></script></head>
<body><main><h1>Upgrade specification</h1>
<ev-charger-configurator mode="spec-request" mail-endpoint="/api/spec-request" catalog="${cataloguePath}"></ev-charger-configurator>
</main></body></html>`,
      }),
    );
    const violations = await watchViolations(page);
    const response = await page.goto(harness.url(pagePath));
    assert.equal(response.headers()['content-security-policy'], STRICT_POLICY, 'served with the policy enforced in the test above');
    const element = page.locator('ev-charger-configurator');
    await assertRenders(element, 'spec-request');
    assert.ok(requests.some((url) => new URL(url).pathname === '/dist/catalogue.js'), 'the catalogue file was loaded');
    await specRequestToOutbox(page, element);
    assert.deepEqual(violations, [], 'no securitypolicyviolation event');
    assert.deepEqual(errors, [], 'no console error');
    assert.deepEqual(await cspReports(harness), [], 'no report at /api/csp-reports');
    await page.close();
  });

  it('the report endpoint also takes the Reporting API format, and refuses what is not a report', async () => {
    const post = (contentType, body) =>
      fetch(harness.url('/api/csp-reports'), { method: 'POST', headers: { 'Content-Type': contentType }, body: JSON.stringify(body) });
    const body = { documentURL: 'https://example.test/', effectiveDirective: 'img-src', blockedURL: 'https://cdn.example/x.png', disposition: 'enforce' };
    assert.equal((await post('application/reports+json', [{ type: 'csp-violation', body }, { type: 'deprecation', body: {} }])).status, 204);
    assert.equal((await post('application/json', { hello: 'world' })).status, 400);
    const reports = await cspReports(harness);
    assert.equal(reports.length, 1);
    assert.equal(reports[0].type, 'report-to');
    assert.equal(reports[0].directive, 'img-src');
    assert.equal(reports[0].blockedUrl, 'https://cdn.example/x.png');
    await clearCspReports(harness);
  });
});

describe('each embedding: no console errors, no CSP violations, the element renders, a full flow completes', () => {
  for (const { file, element: selector = 'ev-charger-configurator', mode, flow } of EMBEDDINGS) {
    it(`${file}${selector.startsWith('#') ? ` ${selector}` : ''}: ${flow === specRequestToOutbox ? 'a spec request reaches the outbox' : 'an order reaches the checkout'}`, async () => {
      await clearCspReports(harness);
      const { page, errors, violations } = await openWatched(harness, `/dist-examples/${file}`, { viewport: { width: 1280, height: 900 } });
      const element = page.locator(selector);
      await assertRenders(element, mode);
      await flow(page, element);
      assert.deepEqual(violations, [], 'no securitypolicyviolation event');
      assert.deepEqual(errors, [], 'no console error');
      assert.deepEqual(await cspReports(harness), [], 'no report at /api/csp-reports');
      await page.close();
    });
  }
});
