// The image CDN stand-in (demo/cdn.mjs) answers real PNG, as Shopify's CDN answers raster pictures
// (an SVG <img> would be a document of its own, laid out on the page's main thread, and npm run
// bench would measure the stand-in). Over HTTP: type, cache header, no compression on top, PNG
// signature and size. In Chromium: the pictures decode, and show what they should where they should.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { assertNoAxeViolations } from './a11y-checks.mjs';
import { useHarness } from './harness.mjs';

const harness = useHarness();

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const rgb = (hex) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));

describe('image CDN stand-in', () => {
  const pictures = [
    ['/cdn/front_quartz_racing_green.png?width=800&height=1000', '800x1000'],
    ['/cdn/vision_quartz_cotswold_oak.png', '800x1000'],
    ['/cdn/side_quartz_windsor_grey.png', '800x1000'],
    ['/cdn/hook_quartz_midnight_black.png', '800x1000'],
    ['/cdn/front/andersen_carbon.png', '80x80'],
    ['/cdn/body/alpine_white.png', '80x80'],
    ['/cdn/cable/tethered_5_5m.png', '400x600'],
  ];
  for (const [path, size] of pictures) {
    it(`answers ${path} as a ${size} PNG, kept for an hour, not compressed again`, async () => {
      const response = await fetch(harness.url(path), { headers: { 'Accept-Encoding': 'gzip, br' } });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'image/png');
      assert.equal(response.headers.get('cache-control'), 'public, max-age=3600');
      assert.equal(response.headers.get('content-encoding'), null);
      const bytes = Buffer.from(await response.arrayBuffer());
      assert.deepEqual([...bytes.subarray(0, 8)], SIGNATURE);
      assert.equal(bytes.toString('latin1', 12, 16), 'IHDR');
      assert.equal(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, size);
      assert.equal(Number(response.headers.get('content-length')), bytes.length);
    });
  }

  it('draws every picture so Chromium decodes it: each colour in its place, transparent around', async () => {
    const { page, errors } = await harness.open('/');
    // [path, x, y] → the [r, g, b, a] Chromium decodes there.
    const probes = [
      ['/cdn/front_quartz_racing_green.png', 400, 500],
      ['/cdn/front_quartz_maranello_red.png', 400, 500],
      ['/cdn/front_quartz_racing_green.png', 20, 20],
      ['/cdn/front_quartz_not_a_colour.png', 400, 500],
      ['/cdn/vision_quartz_racing_green.png', 400, 260],
      ['/cdn/vision_quartz_racing_green.png', 400, 305],
      ['/cdn/side_quartz_windsor_grey.png', 400, 500],
      ['/cdn/hook_quartz_maranello_red.png', 590, 800],
      ['/cdn/hook_quartz_maranello_red.png', 650, 800],
      ['/cdn/hook_quartz_maranello_red.png', 400, 500],
      ['/cdn/body/alpine_white.png', 40, 40],
      ['/cdn/body/alpine_white.png', 2, 2],
      ['/cdn/cable/socket_7kw.png', 200, 42],
      ['/cdn/cable/socket_7kw.png', 10, 10],
    ];
    const pixels = await page.evaluate(async (list) => {
      const decoded = new Map();
      const decode = async (path) => {
        const blob = await (await fetch(path)).blob();
        const bitmap = await globalThis.createImageBitmap(blob);
        const context = new globalThis.OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
        context.drawImage(bitmap, 0, 0);
        return context;
      };
      const out = [];
      for (const [path, x, y] of list) {
        if (!decoded.has(path)) decoded.set(path, await decode(path));
        out.push([...decoded.get(path).getImageData(x, y, 1, 1).data]);
      }
      return out;
    }, probes);
    const at = (index) => pixels[index];
    const TRANSPARENT = [0, 0, 0, 0];
    assert.deepEqual(at(0), [...rgb('#1f4a35'), 255], 'racing green front');
    assert.deepEqual(at(1), [...rgb('#a3161c'), 255], 'maranello red front');
    assert.notDeepEqual(at(0), at(1), 'two colours, two pictures');
    assert.deepEqual(at(2), TRANSPARENT, 'layers are stacked: nothing drawn is transparent');
    assert.deepEqual(at(3), [...rgb('#9aa0a6'), 255], 'an unknown colour is grey');
    assert.deepEqual(at(4), [...rgb('#0b1d2e'), 255], 'the display');
    assert.deepEqual(at(5), [...rgb('#5fe3a1'), 255], 'its reading, a bright bar');
    // The side is drawn at 90% opacity; the canvas gives colours back unpremultiplied, within rounding.
    at(6).forEach((value, channel) => assert.ok(Math.abs(value - [...rgb('#8b9096'), 230][channel]) <= 2, `side ${at(6)}`));
    assert.deepEqual(at(7), [...rgb('#a3161c'), 255], 'the hook');
    assert.deepEqual(at(8), TRANSPARENT, 'the notch of the hook');
    assert.deepEqual(at(9), TRANSPARENT, 'a hook layer draws the hook only');
    assert.deepEqual(at(10), [...rgb('#f1f1ec'), 255], 'a swatch in its colour');
    assert.deepEqual(at(11), TRANSPARENT, 'a round swatch');
    assert.deepEqual(at(12), [...rgb('#1b1c1e'), 255], 'the cable');
    assert.deepEqual(at(13), TRANSPARENT);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('paints the wood and carbon finishes with their grain and weave: two tones each', async () => {
    const { page } = await harness.open('/');
    const tones = await page.evaluate(async (paths) => {
      const result = {};
      for (const path of paths) {
        const bitmap = await globalThis.createImageBitmap(await (await fetch(path)).blob());
        const context = new globalThis.OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
        context.drawImage(bitmap, 0, 0);
        // Across the middle of the panel: the distinct opaque colours.
        const { data } = context.getImageData(200, 500, 400, 1);
        const seen = new Set();
        for (let index = 0; index < data.length; index += 4) seen.add(`#${[...data.subarray(index, index + 3)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`);
        result[path] = [...seen].sort();
      }
      return result;
    }, ['/cdn/front_quartz_cotswold_oak.png', '/cdn/front_quartz_andersen_carbon.png']);
    assert.deepEqual(tones, {
      '/cdn/front_quartz_cotswold_oak.png': ['#8d6236', '#b98a55'],
      '/cdn/front_quartz_andersen_carbon.png': ['#1d1f22', '#34373c'],
    });
    await page.close();
  });
});

/** Runs in the page before its scripts: records the element's evc-error events. */
function recordErrors() {
  globalThis.__evcErrors = [];
  globalThis.document.addEventListener('evc-error', (event) => globalThis.__evcErrors.push(event.detail));
}

/** A page on the demo origin holding one configurator with `imageCdn` (absent when undefined); `/missing-cdn/*` answers 404. */
async function openWithCdn(imageCdn) {
  const opened = await harness.open('/');
  const { page } = opened;
  await page.addInitScript(recordErrors);
  const attribute = imageCdn === undefined ? '' : ` image-cdn="${imageCdn}"`;
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Image CDN</title></head><body><main><ev-charger-configurator persist="none"${attribute}></ev-charger-configurator></main><script src="/dist/ev-charger-configurator.js"></script></body></html>`;
  await page.route(harness.url('/image-cdn/page.html'), (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
  await page.route(`${harness.url('/missing-cdn/')}**`, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }));
  opened.requests.length = 0;
  await page.goto(harness.url('/image-cdn/page.html'));
  const element = page.locator('ev-charger-configurator');
  return { ...opened, element };
}

/** The built chunk holding the preview's drawing, as the page requests it (the build names chunks by their content). */
function drawingFile() {
  const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
  const files = readdirSync(dist).filter((file) => /^chunk-.*\.js$/.test(file) && readFileSync(`${dist}${file}`, 'utf8').includes('Drawing of the charger'));
  assert.equal(files.length, 1, `one chunk holds the drawing (${files.join(', ')})`);
  return `/dist/${files[0]}`;
}

const drawingOf = (element) => element.locator('[part="preview"] svg[role="img"]');
const frontFill = (element) => drawingOf(element).locator('[data-part="front"]').getAttribute('fill');
const errorsOf = (page) => page.evaluate(() => globalThis.__evcErrors);
const pathOf = (url) => new URL(url).pathname;

describe('the preview without images: the charger drawn', () => {
  it('draws the charger when the image CDN answers 404, follows a colour change, and reports it once', async () => {
    const { page, element, requests } = await openWithCdn('/missing-cdn');
    const drawing = drawingOf(element);
    await drawing.waitFor();
    assert.equal(await drawing.getAttribute('aria-label'), 'Drawing of the charger: Midnight Black front, Midnight Black body');
    assert.equal(await element.locator('[part="preview"] img').count(), 0, 'no broken images left on the stage');
    assert.equal(await frontFill(element), '#16181b');
    assert.ok(requests.some((url) => pathOf(url) === drawingFile()), 'the drawing loads on demand');

    await element.locator('[part="front-picker"]').getByRole('radio', { name: 'Racing Green' }).check();
    await page.waitForFunction((el) => el.shadowRoot.querySelector('[part="preview"] svg[role="img"]')?.getAttribute('aria-label')?.includes('Racing Green'), await element.elementHandle());
    assert.equal(await drawing.getAttribute('aria-label'), 'Drawing of the charger: Racing Green front, Midnight Black body');
    assert.equal(await frontFill(element), '#1f4a35');
    await element.locator('[part="front-picker"]').getByRole('radio', { name: 'Cotswold Oak' }).check();
    await page.waitForFunction((el) => el.shadowRoot.querySelector('[part="preview"] [data-part="front"]')?.getAttribute('fill')?.startsWith('url(#'), await element.elementHandle());
    assert.match(await drawing.getAttribute('aria-label'), /^Drawing of the charger: Cotswold Oak front,/);
    assert.match(await element.locator('[part="preview"] figcaption').textContent(), /Cotswold Oak/, 'the colour summary stays');

    await element.getByRole('button', { name: 'Continue' }).click();
    const wizardDrawing = element.locator('dialog[open] svg[role="img"]');
    await wizardDrawing.waitFor();
    assert.match(await wizardDrawing.getAttribute('aria-label'), /^Drawing of the charger: Cotswold Oak front,/, "the wizard's preview is drawn too");
    assert.equal(requests.filter((url) => pathOf(url) === drawingFile()).length, 1, 'one drawing chunk for the page and the wizard');
    await page.keyboard.press('Escape');

    const errors = await errorsOf(page);
    assert.deepEqual(errors.map((error) => error.code), ['preview-images-failed'], 'one evc-error');
    assert.match(errors[0].message, new RegExp(new URL(harness.url('/')).origin.replace(/[.]/g, '\\.')));
    await assertNoAxeViolations(element, 'the drawn preview');
    await page.close();
  });

  it('draws the charger with image-cdn="" and asks for no image at all', async () => {
    const { page, element, requests, errors } = await openWithCdn('');
    await drawingOf(element).waitFor();
    assert.equal(await frontFill(element), '#16181b');
    assert.deepEqual(requests.filter((url) => /\.png/.test(pathOf(url))), [], 'no image requests');
    assert.deepEqual(await errorsOf(page), [], 'nothing failed: no evc-error');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('shows the images and no drawing when the image CDN works', async () => {
    const { page, element, requests, errors } = await openWithCdn('/cdn');
    const front = element.locator('[part="preview"] img[data-view="front"]:not([hidden])');
    await front.waitFor();
    await page.waitForFunction((el) => el.shadowRoot.querySelector('[part="preview"] img:not([hidden])')?.complete, await element.elementHandle());
    assert.equal(await drawingOf(element).count(), 0);
    assert.equal(await front.evaluate((image) => image.naturalWidth), 800);
    assert.deepEqual(await errorsOf(page), []);
    assert.ok(!requests.some((url) => pathOf(url) === drawingFile()), 'the drawing chunk is never requested');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
