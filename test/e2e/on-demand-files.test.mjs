// Code only some pages need ships in files the page's script imports on demand: a merchant catalogue
// (the `catalog` attribute) is loaded and validated by dist/catalogue.js, and a share link is read by
// dist/share-link.js. A page that needs neither never requests them;
// one that does shows the spinner until they have answered (never the wrong choices first), and a bad
// catalogue is refused with the same visible error and evc-error as before.
/* global window, document */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { build } from 'esbuild';
import { firstLoadFiles, metafileOf, staticClosure } from '../../scripts/first-load.mjs';
import { useHarness } from './harness.mjs';

const harness = useHarness();
/** A page without a shop (spec-request mode): nothing of the catalogue file is needed until `catalog` is set. */
const PAGE = '/dist-examples/mobilize-portal.html';
const SHOP_PAGE = '/dist-examples/marketing-site.html';
const CATALOGUE_FILE = '/dist/catalogue.js';
const SHARE_FILE = '/dist/share-link.js';
/** What scripts/check-bundle.mjs budgets: the loader, elements.js and the chunks it imports statically, by esbuild's metafile. */
const firstLoad = () => firstLoadFiles(fileURLToPath(new URL('../../dist/', import.meta.url))).map((file) => `/dist/${file}`);
/** What a page with a shop loads once its element has rendered: the file that asks the shop, with the chunks it imports. */
const shopPricesFiles = () => {
  const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
  return staticClosure(metafileOf(dist, 'page'), 'shop-prices.js').map((file) => `/dist/${file}`);
};
const requestsOf = (requests, path) => requests.filter((url) => new URL(url).pathname === path);

/** A module of src/ (TypeScript), bundled for this process. */
async function source(path) {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(`../../src/${path}`, import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
  });
  return import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`);
}

/** The embedded UK catalogue, as the JSON a merchant starts from. */
const ukCatalogue = async () => (await source('domain/catalogue/uk.ts')).UK_CATALOGUE;

/** Serves `catalogue` at a URL of the demo origin and points the page's element at it. */
async function setCatalogue(page, element, name, catalogue) {
  const url = harness.url(`/merchant/${name}.json`);
  await page.route(url, (route) => route.fulfill({ json: catalogue }));
  await element.evaluate((node, value) => node.setAttribute('catalog', value), url);
}

/** Holds back the on-demand file at `path` until `release()`, to look at the element while it waits. */
async function hold(page, path) {
  let release;
  const released = new Promise((resolve) => {
    release = resolve;
  });
  await page.route(`**${path}*`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('merchant catalogue on demand (dist/catalogue.js)', () => {
  it('a page with a shop loads no file but the script and its module with its chunks, then the file that asks the shop, before the first interaction, and shows the shop’s prices', async () => {
    const { page, errors, requests } = await harness.open(SHOP_PAGE);
    const summary = page.locator('ev-charger-configurator').getByRole('region', { name: 'Order summary' }).first();
    await summary.locator('[data-total]').waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = requests.map((url) => new URL(url).pathname).filter((path) => path.startsWith('/dist/'));
    assert.deepEqual(scripts.sort(), [...new Set([...firstLoad(), ...shopPricesFiles()])].sort(), 'the page’s budget and the shop’s prices cover everything it loads before the buyer acts');
    assert.ok(requests.some((url) => new URL(url).pathname.endsWith('/graphql.json')), 'the shop was asked for its prices');
    assert.doesNotMatch(await summary.textContent(), /indicative/, 'the shop’s prices are shown');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a page without a shop does not request catalogue.js; a catalog attribute does, with the spinner until it is checked', async () => {
    const uk = await ukCatalogue();
    const { page, errors, requests } = await harness.open(PAGE);
    const element = page.locator('ev-charger-configurator');
    const front = element.getByRole('radiogroup', { name: 'Front' });
    await front.getByRole('radio', { name: 'Cheltenham Graphite' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(requestsOf(requests, CATALOGUE_FILE), [], 'the embedded catalogue needs no catalogue file');
    assert.deepEqual(requestsOf(requests, SHARE_FILE), [], 'a page opened without a share link needs no share-link file');
    assert.deepEqual(requestsOf(requests, '/dist/shop-prices.js'), [], 'a page without a shop does not load the file that asks one');

    const release = await hold(page, CATALOGUE_FILE);
    const merchant = structuredClone(uk);
    merchant.colours.front.standard[1].name = 'Merchant Graphite';
    await setCatalogue(page, element, 'good', merchant);
    await element.getByRole('status').filter({ hasText: 'Loading the charger options…' }).waitFor();
    assert.equal(await front.count(), 0, 'no pickers, of either catalogue, while the catalogue is checked');
    release();

    await front.getByRole('radio', { name: 'Merchant Graphite' }).waitFor();
    assert.equal(await front.getByRole('radio', { name: 'Cheltenham Graphite' }).count(), 0);
    assert.equal(requestsOf(requests, CATALOGUE_FILE).length, 1);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a bad catalogue shows the configurator cannot start, naming the field, and fires evc-error', async () => {
    const uk = await ukCatalogue();
    const { page, requests } = await harness.open(PAGE);
    const element = page.locator('ev-charger-configurator');
    await element.getByRole('radiogroup', { name: 'Front' }).waitFor();
    await page.evaluate(() => {
      window.evcErrors = [];
      document.addEventListener('evc-error', (event) => window.evcErrors.push(event.detail));
    });
    const bad = structuredClone(uk);
    bad.cables[0].price = -1;
    await setCatalogue(page, element, 'bad', bad);

    const alert = element.getByRole('alert').filter({ hasText: 'This configurator cannot start' });
    await alert.waitFor();
    assert.match(await alert.innerText(), /catalogue\.cables\[0\]\.price: must not be negative/);
    assert.deepEqual(await page.evaluate(() => window.evcErrors), [
      { code: 'invalid-catalogue', message: 'catalogue.cables[0].price: must not be negative' },
    ]);
    assert.equal(requestsOf(requests, CATALOGUE_FILE).length, 1);
    await page.close();
  });
});

describe('share link on demand (dist/share-link.js)', () => {
  it("a page opened with a share link loads share-link.js and shows the link's choices, never the defaults first", async () => {
    const [{ encodeSharedConfiguration }, { defaultConfiguration }, uk] = await Promise.all([
      source('domain/share-write.ts'),
      source('domain/configuration.ts'),
      ukCatalogue(),
    ]);
    const configuration = { ...defaultConfiguration(uk), front: 'racing_green', body: 'windsor_grey' };
    const link = `${PAGE}#evc=${encodeSharedConfiguration({ target: '#0', configuration })}`;
    const { page, errors, requests } = await harness.open('/');
    const release = await hold(page, SHARE_FILE);
    await page.goto(harness.url(link));
    const element = page.locator('ev-charger-configurator');
    await element.getByRole('status').filter({ hasText: 'Loading the charger options…' }).waitFor();
    assert.equal(await element.getByRole('radiogroup', { name: 'Front' }).count(), 0, 'no choices while the link is read');
    release();

    const front = element.getByRole('radiogroup', { name: 'Front' }).getByRole('radio', { name: 'Racing Green' });
    await front.waitFor();
    assert.equal(await front.isChecked(), true);
    assert.equal(await element.getByRole('radiogroup', { name: 'Body' }).getByRole('radio', { name: 'Windsor Grey' }).isChecked(), true);
    assert.equal(requestsOf(requests, SHARE_FILE).length, 1);
    assert.deepEqual(requestsOf(requests, CATALOGUE_FILE), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('the contact element on demand', () => {
  /** The chunk holding the Contact Us block, which only <ev-charger-contact> and the wizard load. */
  function contactChunk() {
    const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
    const files = readdirSync(dist).filter((file) => /^chunk-.*\.js$/.test(file) && readFileSync(join(dist, file), 'utf8').includes('Simply contact us below.'));
    assert.equal(files.length, 1, `one chunk holds the Contact Us block (${files.join(', ')})`);
    return `/dist/${files[0]}`;
  }

  it('when its file does not arrive, it says so and fires evc-error instead of staying blank', async () => {
    const { page, errors } = await harness.open('/');
    await page.route(harness.url(contactChunk()), (route) => route.abort());
    await page.route(harness.url('/contact-page.html'), (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Contact</title></head><body><ev-charger-contact support-phone="0800 123 4567"></ev-charger-contact><script src="/dist/ev-charger-configurator.js"></script></body></html>',
      }),
    );
    await page.addInitScript(() => {
      window.evcErrors = [];
      document.addEventListener('evc-error', (event) => window.evcErrors.push(event.detail));
    });
    errors.length = 0;
    await page.goto(harness.url('/contact-page.html'));
    await page.locator('ev-charger-contact').getByRole('status').filter({ hasText: 'The contact details could not be loaded. Please reload the page.' }).waitFor();
    const [reported, ...more] = await page.evaluate(() => window.evcErrors);
    assert.equal(reported.code, 'contact-load-failed');
    assert.match(reported.message, /^The contact details could not be loaded\. Please reload the page\. \(.+\)$/);
    assert.deepEqual(more, []);
    assert.ok(errors.every((error) => error.includes('net::ERR_FAILED')), `only the refused file is logged: ${errors.join(' | ')}`);
    await page.close();
  });
});
