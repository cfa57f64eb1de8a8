// Isolation, on partner-intranet.html (a hostile stylesheet under a strict CSP):
// - the element looks the same there as on a neutral page with the same attributes: screenshots of
//   the configurator, a confirmation dialog, the open wizard and a dialog opened from it, compared
//   pixel by pixel in the browser (both PNGs decoded on a canvas), with a small tolerance;
// - the host page's own elements are unchanged by the element: computed styles and boxes of every
//   element before the first configurator, with the element's script blocked and loaded;
// - two instances never share state (choices, wizard step, what a reload restores);
// - loading the script twice (the same URL again, and with a query string) is harmless.
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openWatched } from './csp-watch.mjs';
import { hasWebgl, useHarness } from './harness.mjs';

const harness = useHarness();

const INTRANET = '/dist-examples/partner-intranet.html';
const SCRIPT = '/dist/ev-charger-configurator.js';
const VIEWPORT = { width: 1280, height: 800 };
/** A pixel differs when one of its channels differs by more than this (anti-aliasing stays below). */
const CHANNEL_TOLERANCE = 24;
/** At most this share of a screenshot's pixels may differ. */
const MAX_DIFFERING = 0.002;

/** Serves `html` at `path` on the demo's origin, to this page only (a neutral page, a fixture). */
async function openFixture(path, html) {
  const { page, errors } = await harness.open('about:blank');
  await page.setViewportSize(VIEWPORT);
  await page.route(harness.url(path), (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
  await page.goto(harness.url(path));
  return { page, errors };
}

/**
 * Waits until every image of the element (in its shadow root and its dialogs) has loaded, and the
 * page's fonts. Lazy images (colour chips) are loaded now: otherwise which of them load would
 * depend on where the element sits on its page.
 */
async function settled(element) {
  await element.evaluate(async (host) => {
    const images = [...host.shadowRoot.querySelectorAll('img')];
    for (const image of images) image.loading = 'eager';
    // decode() settles once the image is loaded and decoded, or has failed.
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    await globalThis.document.fonts.ready;
  });
}

/** A screenshot of `locator`, with the mouse out of the way (a hovered control looks different). */
async function screenshot(locator) {
  await locator.page().mouse.move(0, 0);
  return locator.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
}

/**
 * Decodes both PNGs in the browser (a canvas each) and counts the pixels that differ: returns
 * { width, height, differing, ratio }, or the two sizes when they are not the same.
 */
async function comparePngs(page, expected, actual) {
  return page.evaluate(
    async ([one, two, tolerance]) => {
      const decode = async (base64) => {
        const bytes = Uint8Array.from(globalThis.atob(base64), (char) => char.charCodeAt(0));
        const bitmap = await globalThis.createImageBitmap(new globalThis.Blob([bytes], { type: 'image/png' }));
        const canvas = new globalThis.OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d');
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [a, b] = await Promise.all([decode(one), decode(two)]);
      if (a.width !== b.width || a.height !== b.height) return { sizes: [`${a.width}x${a.height}`, `${b.width}x${b.height}`] };
      let differing = 0;
      for (let index = 0; index < a.data.length; index += 4) {
        for (let channel = 0; channel < 4; channel += 1) {
          if (Math.abs(a.data[index + channel] - b.data[index + channel]) > tolerance) {
            differing += 1;
            break;
          }
        }
      }
      return { width: a.width, height: a.height, differing, ratio: differing / (a.width * a.height) };
    },
    [expected.toString('base64'), actual.toString('base64'), CHANNEL_TOLERANCE],
  );
}

let keptDir;
/** Keeps both screenshots of a failed comparison for a person to look at. */
async function keep(name, neutral, hostile) {
  keptDir ??= await mkdtemp(join(tmpdir(), 'evc-isolation-'));
  await writeFile(join(keptDir, `${name}-neutral.png`), neutral);
  await writeFile(join(keptDir, `${name}-hostile.png`), hostile);
  return keptDir;
}

/**
 * The computed style of every element in the shadow tree, by its place in it: what a screenshot
 * cannot show (the cursor, for one) is compared too.
 */
const shadowStyles = (element) =>
  element.evaluate((host) => {
    const styles = {};
    const walk = (node, path) => {
      // Hidden preview layers are added in idle periods, as many as the page has had: not compared.
      [...node.children].filter((child) => !(child.localName === 'img' && child.hidden)).forEach((child, index) => {
        const place = `${path}/${child.localName}[${index}]`;
        const style = globalThis.getComputedStyle(child);
        styles[place] = Object.fromEntries([...style].map((name) => [name, style.getPropertyValue(name)]));
        walk(child, place);
      });
    };
    walk(host.shadowRoot, '');
    return styles;
  });

/** The same views of the element on one page: the page, a confirmation, the wizard and a dialog from it. */
async function views(page, element) {
  const shots = {};
  await element.locator('.evc-app').waitFor({ state: 'visible' });
  await settled(element);
  shots.configurator = await screenshot(element.locator('.evc-app'));
  shots.styles = await shadowStyles(element);

  await element.getByRole('button', { name: 'Start again' }).click();
  const confirm = element.getByRole('dialog', { name: 'Start again?' });
  await confirm.waitFor();
  shots['start-again dialog'] = await screenshot(confirm);
  await confirm.getByRole('button', { name: 'Keep my choices' }).click();
  await confirm.waitFor({ state: 'hidden' });

  await element.getByRole('button', { name: 'Continue' }).click();
  const wizard = element.locator('dialog.evc-wizard');
  await wizard.waitFor();
  await wizard.getByRole('radio', { name: '7kW with 8.5m cable' }).waitFor();
  await settled(element);
  shots.wizard = await screenshot(wizard);

  await wizard.getByRole('button', { name: 'Need help?' }).click();
  const contact = element.getByRole('dialog', { name: 'Contact Us' });
  await contact.waitFor();
  shots['contact dialog'] = await screenshot(contact);
  return shots;
}

describe('isolation on partner-intranet.html (hostile stylesheet, strict CSP)', { timeout: 240_000 }, () => {
  it('the element looks the same as on a neutral page with the same attributes', async () => {
    const hostile = await openWatched(harness, INTRANET, { viewport: VIEWPORT });
    await hostile.page.emulateMedia({ reducedMotion: 'reduce' });
    const hostileElement = hostile.page.locator('#offer-company-car');
    await hostileElement.locator('.evc-app').waitFor();
    const markup = await hostileElement.evaluate((host) => host.outerHTML);
    const width = await hostileElement.locator('.evc-app').evaluate((app) => app.getBoundingClientRect().width);
    const hostileShots = await views(hostile.page, hostileElement);

    const neutral = await openFixture(
      '/isolation/neutral.html',
      `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Neutral page</title></head>
<body style="margin: 0"><div style="width: ${width}px">${markup}</div><script src="${SCRIPT}"></script></body></html>`,
    );
    await neutral.page.emulateMedia({ reducedMotion: 'reduce' });
    const neutralShots = await views(neutral.page, neutral.page.locator('#offer-company-car'));

    const { styles: neutralStyles, ...neutralPngs } = neutralShots;
    const { styles: hostileStyles } = hostileShots;
    assert.deepEqual(Object.keys(hostileStyles), Object.keys(neutralStyles), 'the same elements in the shadow tree');
    const styleDifferences = Object.entries(neutralStyles).flatMap(([place, style]) =>
      Object.keys(style)
        .filter((name) => style[name] !== hostileStyles[place][name])
        .map((name) => `${place} ${name}: ${style[name]} (neutral) ≠ ${hostileStyles[place][name]} (hostile)`),
    );
    assert.deepEqual(styleDifferences, [], `computed styles in the shadow tree (${Object.keys(neutralStyles).length} elements)`);

    const results = [];
    for (const [name, neutralShot] of Object.entries(neutralPngs)) {
      const result = { name, ...(await comparePngs(neutral.page, neutralShot, hostileShots[name])) };
      if (result.sizes || result.ratio > MAX_DIFFERING) result.kept = await keep(name.replace(/\W+/g, '-'), neutralShot, hostileShots[name]);
      results.push(result);
    }
    console.log(
      results
        .map(({ name, width: w, height: h, differing, ratio, sizes }) =>
          sizes ? `${name}: sizes differ, neutral ${sizes[0]}, hostile ${sizes[1]}` : `${name}: ${w}x${h}, ${differing} pixels differ (${(ratio * 100).toFixed(3)}%)`,
        )
        .join('\n'),
    );
    for (const result of results) {
      assert.equal(result.sizes, undefined, `${result.name}: the same size on both pages (screenshots in ${result.kept})`);
      assert.ok(result.ratio <= MAX_DIFFERING, `${result.name}: ${(result.ratio * 100).toFixed(3)}% of the pixels differ (screenshots in ${result.kept})`);
    }
    assert.deepEqual(hostile.violations, []);
    assert.deepEqual(hostile.errors, []);
    assert.deepEqual(neutral.errors, []);
    await hostile.page.close();
    await neutral.page.close();
  });

  it("the host page's own elements are unchanged by the element: styles and boxes, script blocked and loaded", async () => {
    /**
     * Every host element's computed style, and its box up to the first configurator: what follows
     * it in the flow moves with it, as it would with any content. An element that holds a
     * configurator grows with it.
     */
    const snapshot = (page) =>
      page.evaluate(() => {
        const doc = globalThis.document;
        const configurators = [...doc.querySelectorAll('ev-charger-configurator')];
        const [first] = configurators;
        const entries = [];
        const describe = (node) => {
          const path = [];
          for (let at = node; at && at !== doc.documentElement; at = at.parentElement) {
            path.unshift(`${at.localName}:nth-child(${[...at.parentElement.children].indexOf(at) + 1})`);
          }
          return path.join(' > ') || 'html';
        };
        for (const node of [doc.documentElement, ...doc.body.parentElement.querySelectorAll('*')]) {
          if (configurators.includes(node) || node.closest('head')) continue;
          const style = globalThis.getComputedStyle(node);
          // An ancestor of the element grows with it: its height, its grid rows, the origins that follow.
          const holdsElement = configurators.some((configurator) => node.contains(configurator));
          const sized = holdsElement ? ['height', 'block-size', 'grid-template-rows', 'perspective-origin', 'transform-origin'] : [];
          const styles = Object.fromEntries([...style].filter((name) => !sized.includes(name)).map((name) => [name, style.getPropertyValue(name)]));
          const follows = first.compareDocumentPosition(node) & globalThis.Node.DOCUMENT_POSITION_FOLLOWING;
          const box = holdsElement || follows ? undefined : node.getBoundingClientRect().toJSON();
          entries.push({ path: describe(node), box, styles });
        }
        return {
          entries,
          headChildren: [...doc.head.children].map((child) => child.outerHTML),
          documentSheets: doc.styleSheets.length,
          adoptedSheets: doc.adoptedStyleSheets.length,
          scrollWidth: doc.documentElement.scrollWidth,
          scrollbar: globalThis.innerWidth - doc.documentElement.clientWidth,
        };
      });

    const blocked = await openWatched(harness, 'about:blank', { viewport: VIEWPORT });
    await blocked.page.route(harness.url(SCRIPT), (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await blocked.page.goto(harness.url(INTRANET));
    await blocked.page.evaluate(() => globalThis.document.fonts.ready);
    assert.equal(await blocked.page.locator('.evc-app').count(), 0, 'the element did not render');
    const without = await snapshot(blocked.page);

    const loaded = await openWatched(harness, INTRANET, { viewport: VIEWPORT });
    for (const id of ['#offer-company-car', '#offer-family-car']) {
      await loaded.page.locator(`${id} .evc-app`).waitFor();
      await settled(loaded.page.locator(id));
    }
    const withElement = await snapshot(loaded.page);

    assert.ok(without.entries.length > 40, `${without.entries.length} host elements compared`);
    assert.ok(without.entries.some((entry) => entry.path.includes('footer')), 'the elements after the configurators are compared too');
    assert.equal(withElement.entries.length, without.entries.length);
    for (const [index, entry] of without.entries.entries()) {
      const other = withElement.entries[index];
      assert.equal(other.path, entry.path);
      assert.deepEqual(other.box, entry.box, `the box of ${entry.path}`);
      const changed = Object.keys(entry.styles).filter((name) => entry.styles[name] !== other.styles[name]);
      assert.deepEqual(
        changed.map((name) => `${name}: ${entry.styles[name]} → ${other.styles[name]}`),
        [],
        `the computed style of ${entry.path}`,
      );
    }
    for (const key of ['headChildren', 'documentSheets', 'adoptedSheets', 'scrollWidth', 'scrollbar']) {
      assert.deepEqual(withElement[key], without[key], key);
    }
    assert.deepEqual(loaded.violations, []);
    assert.deepEqual(loaded.errors, []);
    await blocked.page.close();
    await loaded.page.close();
  });

  it('two instances never share state: choices, wizard step, and what a reload restores', async () => {
    const { page, errors, violations } = await openWatched(harness, INTRANET, { viewport: VIEWPORT });
    const company = page.locator('#offer-company-car');
    const family = page.locator('#offer-family-car');
    const front = (element, name) => element.getByRole('radiogroup', { name: 'Front' }).getByRole('radio', { name, exact: true });
    const body = (element, name) => element.getByRole('radiogroup', { name: 'Body' }).getByRole('radio', { name, exact: true });

    await front(company, 'Racing Green').check();
    await body(family, 'Alpine White').check();
    assert.equal(await front(family, 'Racing Green').isChecked(), false, 'the family offer keeps its own front');
    assert.equal(await body(company, 'Alpine White').isChecked(), false, 'the company offer keeps its own body');
    // The page's own script shows each offer's total from that instance's evc-change events.
    await page.locator('[data-offer-total="offer-company-car"]').getByText(/£/).waitFor();
    await page.locator('[data-offer-total="offer-family-car"]').getByText(/£/).waitFor();

    // The company offer's wizard goes to the installation step and is closed there.
    await company.getByRole('button', { name: 'Continue' }).click();
    const companyWizard = company.locator('dialog.evc-wizard');
    await companyWizard.getByRole('radio', { name: '7kW with 8.5m cable' }).check();
    await companyWizard.getByRole('button', { name: 'Continue', exact: true }).last().click();
    await company.getByRole('dialog', { name: 'Installation' }).waitFor();
    await companyWizard.getByRole('button', { name: 'Close' }).first().click();
    await companyWizard.waitFor({ state: 'hidden' });
    // The family offer's wizard stays open on its first step, with another cable.
    await family.getByRole('button', { name: 'Continue' }).click();
    const familyCable = family.getByRole('dialog', { name: 'Power & cable' });
    await familyCable.getByRole('radio', { name: '7kW with 5.5m cable' }).check();
    assert.equal(await company.locator('dialog.evc-wizard[open]').count(), 0, "the company offer's wizard stays closed");

    await page.reload();
    await familyCable.waitFor();
    assert.equal(await familyCable.getByRole('radio', { name: '7kW with 5.5m cable' }).isChecked(), true);
    assert.equal(await company.locator('dialog.evc-wizard[open]').count(), 0, 'only the family wizard reopens');
    await familyCable.getByRole('button', { name: 'Close' }).first().click();
    await familyCable.waitFor({ state: 'hidden' });
    assert.equal(await front(company, 'Racing Green').isChecked(), true);
    assert.equal(await front(family, 'Midnight Black').isChecked(), true);
    assert.equal(await body(family, 'Alpine White').isChecked(), true);
    assert.equal(await body(company, 'Midnight Black').isChecked(), true);

    await company.getByRole('button', { name: 'Continue' }).click();
    const installation = company.getByRole('dialog', { name: 'Installation' });
    await installation.waitFor();
    await installation.getByRole('button', { name: 'Back' }).click();
    assert.equal(await company.getByRole('dialog', { name: 'Power & cable' }).getByRole('radio', { name: '7kW with 8.5m cable' }).isChecked(), true);
    assert.deepEqual(violations, []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('loading the script twice, with the same URL and with a query string, is harmless', async () => {
    const { page, errors } = await openFixture(
      '/isolation/script-twice.html',
      `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Script twice</title>
<script src="${SCRIPT}"></script></head>
<body>
<ev-charger-configurator id="one" image-cdn="/cdn"></ev-charger-configurator>
<ev-charger-configurator id="two" image-cdn="/cdn" mode="spec-request" mail-endpoint="/api/spec-request"></ev-charger-configurator>
<script src="${SCRIPT}"></script>
<script src="${SCRIPT}?v=2"></script>
</body></html>`,
    );
    const one = page.locator('#one');
    const two = page.locator('#two');
    await one.locator('.evc-app[data-mode="order"]').waitFor();
    await two.locator('.evc-app[data-mode="spec-request"]').waitFor();
    const definitions = await page.evaluate(() => {
      const registry = globalThis.customElements;
      const [first, second] = globalThis.document.querySelectorAll('ev-charger-configurator');
      return {
        same: first.constructor === registry.get('ev-charger-configurator') && second.constructor === first.constructor,
        shadowChildren: [first, second].map((host) => host.shadowRoot.children.length),
      };
    });
    assert.deepEqual(definitions, { same: true, shadowChildren: [1, 1] }, 'one definition, one rendering per element');
    const scripts = (await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name))).filter((name) => name.includes(SCRIPT));
    assert.equal(new Set(scripts).size, 2, 'both URLs were loaded');

    // Both instances work: a choice moves one total only, and each opens its own flow.
    const total = (element) => element.locator('[data-total]').first().textContent();
    const before = await total(one);
    await one.getByRole('radiogroup', { name: 'Front' }).getByRole('radio', { name: 'Racing Green', exact: true }).check();
    await one.locator('[data-total]').first().getByText(before, { exact: true }).waitFor({ state: 'detached' });
    assert.equal(await two.getByRole('radiogroup', { name: 'Front' }).getByRole('radio', { name: 'Racing Green', exact: true }).isChecked(), false);
    await two.getByRole('button', { name: 'Continue' }).click();
    await two.locator('dialog.evc-wizard').getByRole('textbox', { name: 'E-mail address' }).waitFor();
    await two.locator('dialog.evc-wizard').getByRole('button', { name: 'Close' }).first().click();
    await one.getByRole('button', { name: 'Continue' }).click();
    await one.locator('dialog.evc-wizard').getByRole('radio', { name: '7kW with 8.5m cable' }).waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('no globals beyond the custom-element registry (marketing-site.html)', { timeout: 120_000 }, () => {
  const MARKETING = '/dist-examples/marketing-site.html';
  /** The window's own property names, and the names of the custom elements defined. */
  const globals = (page) =>
    page.evaluate(() => ({
      window: Object.getOwnPropertyNames(globalThis).sort(),
      elements: ['ev-charger-configurator', 'ev-charger-contact', 'model-viewer'].filter((name) => globalThis.customElements.get(name)),
    }));

  it('the script, the wizard and the 3D viewer add elements to the registry and nothing to the window', async () => {
    const blocked = await harness.open('about:blank');
    await blocked.page.route(harness.url(SCRIPT), (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await blocked.page.goto(harness.url(MARKETING));
    await blocked.page.waitForLoadState('load');
    const without = await globals(blocked.page);
    await blocked.page.close();
    assert.deepEqual(without.elements, []);
    assert.ok(without.window.length > 100, `${without.window.length} properties of a page without the element`);

    const { page, errors } = await harness.open(MARKETING);
    page.setDefaultTimeout(30_000);
    const element = page.locator('ev-charger-configurator');
    await element.getByRole('radiogroup', { name: 'Front' }).getByRole('radio', { name: 'Racing Green', exact: true }).check();
    const added = (now) => now.window.filter((name) => !without.window.includes(name));
    assert.deepEqual(added(await globals(page)), [], 'after the page script and a choice');

    // The wizard file, loaded on the first Continue.
    await element.getByRole('button', { name: 'Continue', exact: true }).click();
    const wizard = element.locator('dialog.evc-wizard');
    await wizard.getByRole('radio', { name: '7kW with 8.5m cable' }).check();
    await wizard.getByRole('button', { name: 'Close' }).first().click();
    await wizard.waitFor({ state: 'hidden' });
    assert.deepEqual(added(await globals(page)), [], 'after the wizard file');

    // The viewer file (model-viewer with three.js), loaded on "View in 3D".
    if (!(await hasWebgl(page))) throw new Error('this Chromium has no WebGL: the 3D viewer file cannot be loaded here');
    const viewerLoaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/dist/model-viewer.js');
    await element.getByRole('button', { name: 'View in 3D' }).click();
    await viewerLoaded;
    await page.waitForFunction(() => Boolean(globalThis.customElements.get('model-viewer')));
    const withViewer = await globals(page);
    assert.deepEqual(withViewer.elements, ['ev-charger-configurator', 'ev-charger-contact', 'model-viewer']);
    assert.deepEqual(added(withViewer), [], 'after the 3D viewer file');

    // Without those marks, model-viewer still works: closed and opened again, a new <model-viewer>
    // is made and upgraded, and follows a colour chosen meanwhile.
    const dialog = element.getByRole('dialog', { name: 'Your charger in 3D' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await element.getByRole('radiogroup', { name: 'Body' }).getByRole('radio', { name: 'Alpine White', exact: true }).check();
    await element.getByRole('button', { name: 'View in 3D' }).click();
    const viewer = element.locator('dialog[open] model-viewer');
    await viewer.waitFor({ state: 'attached' });
    assert.deepEqual(
      await viewer.evaluate((node) => ({ upgraded: node instanceof globalThis.customElements.get('model-viewer'), alt: node.getAttribute('alt') })),
      { upgraded: true, alt: '3D model of the charger in Racing Green and Alpine White' },
    );
    assert.deepEqual(added(await globals(page)), [], 'after the 3D view opened again');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
