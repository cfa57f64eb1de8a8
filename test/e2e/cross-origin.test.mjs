// The script served from a CDN, another origin than the page, as the README's snippet has it: a
// second loopback server holds dist/ twice, under /cors/ answered with Access-Control-Allow-Origin
// and under /plain/ without it. With the header the whole order reaches the shop's checkout; without
// it every module the loader imports is refused, and the page and the buyer are told, naming CORS.
// The page itself comes from a third server, which answers for the demo's other paths by passing
// them on: Chromium counts a page Playwright fulfils as public, and refuses it loopback scripts.
/* global document */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createServer, request as forward } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { configureOrder, wizardSummary, checkoutPage, assertCheckoutMatches } from './flows.mjs';
import { useHarness } from './harness.mjs';

const harness = useHarness();
const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

const listen = async (server) => {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${server.address().port}`;
};

/** The CDN: `/cors/<file>` and `/plain/<file>` both serve `dist/<file>`; only the first says who may read it. */
let cdn;
let cdnOrigin;
/** The merchant's site: `/cdn-page.html` is its page (set per test), everything else the demo's, with the Host kept so the demo's answers name this origin. */
let site;
let siteOrigin;
let sitePage = '';
before(async () => {
  site = createServer((request, response) => {
    if (request.url === '/cdn-page.html') return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(sitePage);
    if (request.url === '/sandboxed.html') return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Sandboxed</title><iframe title="Configurator" sandbox="allow-scripts allow-popups allow-forms" src="/cdn-page.html" style="width:100%;height:900px"></iframe>`);
    const demo = new URL(harness.url('/'));
    const passed = forward({ host: demo.hostname, port: demo.port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode, answer.headers);
      answer.pipe(response);
    });
    passed.on('error', () => response.writeHead(502).end());
    request.pipe(passed);
  });
  siteOrigin = await listen(site);
  cdn = createServer(async (request, response) => {
    const [, flavour, file] = new URL(request.url, 'http://cdn').pathname.split('/');
    if (!['cors', 'plain'].includes(flavour) || !/^[\w.-]+\.js$/.test(file ?? '')) return response.writeHead(404).end();
    try {
      const body = await readFile(join(DIST, file));
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', ...(flavour === 'cors' ? { 'access-control-allow-origin': '*' } : {}) });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  cdnOrigin = await listen(cdn);
});
after(async () => {
  for (const server of [site, cdn]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** The marketing-site example with its script tag pointed at the CDN's `flavour` folder, served by the merchant's site. */
async function openFromCdn(flavour, { type = '' } = {}) {
  const example = await readFile(fileURLToPath(new URL('../../dist-examples/marketing-site.html', import.meta.url)), 'utf8');
  const html = example.replace('src="/dist/ev-charger-configurator.js"', `${type}src="${cdnOrigin}/${flavour}/ev-charger-configurator.js"`);
  assert.notEqual(html, example, 'the example names the script to replace');
  sitePage = html;
  const opened = await harness.open('/');
  const { page } = opened;
  await page.addInitScript(() => {
    globalThis.evcErrors = [];
    document.addEventListener('evc-error', (event) => globalThis.evcErrors.push(event.detail));
  });
  opened.errors.length = 0;
  opened.requests.length = 0;
  await page.goto(`${siteOrigin}/cdn-page.html`);
  return opened;
}

describe('the script on a CDN (another origin than the page)', () => {
  it('with Access-Control-Allow-Origin: every file comes from the CDN and the order reaches the checkout', async () => {
    const { page, errors, requests } = await openFromCdn('cors');
    const { wizard, next } = await configureOrder(page);
    const summary = await wizardSummary(wizard);
    await next();
    await page.waitForURL(/\/demo-checkout\//);
    assertCheckoutMatches(await checkoutPage(page), summary, 'checkout');

    const fromCdn = requests.filter((url) => url.startsWith(cdnOrigin)).map((url) => new URL(url).pathname);
    for (const file of ['/cors/ev-charger-configurator.js', '/cors/elements.js', '/cors/wizard.js']) assert.ok(fromCdn.includes(file), `${file} came from the CDN`);
    assert.ok(fromCdn.some((path) => /^\/cors\/chunk-\w+\.js$/.test(path)), 'the shared chunk came from the CDN');
    assert.ok(!requests.some((url) => new URL(url).pathname.startsWith('/dist/')), 'nothing was loaded from the page origin\'s copy');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('without it: the element says it could not be loaded, evc-error and the page\'s error reporting name CORS', async () => {
    const { page, errors } = await openFromCdn('plain');
    const element = page.locator('ev-charger-configurator');
    await element.getByText('The configurator could not be loaded. Please reload the page.').waitFor();
    const reported = await page.evaluate(() => globalThis.evcErrors);
    assert.equal(reported.length, 1, 'one evc-error');
    assert.equal(reported[0].code, 'elements-load-failed');
    assert.match(reported[0].message, new RegExp(`could not be loaded from ${cdnOrigin}/plain/elements\\.js .*it needs CORS: its server must send Access-Control-Allow-Origin`));
    assert.ok(
      errors.some((error) => error.includes('it needs CORS')),
      `the page's error reporting names CORS: ${errors.join(' | ')}`,
    );
    await page.close();
  });

  it('added as a type="module" tag (no currentScript): it finds itself and the wizard comes from the CDN', async () => {
    const { page, errors, requests } = await openFromCdn('cors', { type: 'type="module" ' });
    const element = page.locator('ev-charger-configurator');
    await element.getByRole('button', { name: 'Continue' }).click();
    await element.locator('dialog.evc-wizard').waitFor();
    assert.ok(requests.some((url) => url === `${cdnOrigin}/cors/wizard.js`), 'wizard.js came from the CDN');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('in a sandboxed frame (an opaque origin, so every file is cross-origin): the element works from the CDN with the header', async () => {
    const { page, errors } = await openFromCdn('cors');
    await page.goto(`${siteOrigin}/sandboxed.html`);
    const element = page.frameLocator('iframe').locator('ev-charger-configurator');
    await element.getByRole('button', { name: 'Continue' }).click();
    await element.locator('dialog.evc-wizard').waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });
});
