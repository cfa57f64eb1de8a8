// How the element holds up in the host pages developers make: a page with no doctype (quirks mode),
// where browsers keep tables from inheriting the page's text styles; a page a CMS has sanitized,
// keeping only `data-*` attributes; an element moved about. Pages are written here and served on the
// demo's origin by request interception (`/hosts/…`).
/* global document, getComputedStyle */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { SPEC_REQUEST_SENT, fillRequest, outboxFor } from './flows.mjs';
import { useHarness } from './harness.mjs';

const harness = useHarness();

/** Opens `html` as /hosts/page.html on the demo origin and waits for the element's Continue button. */
async function openPage(html) {
  const opened = await harness.open('/');
  const { page } = opened;
  await page.route(harness.url('/hosts/page.html'), (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
  opened.errors.length = 0;
  await page.goto(harness.url('/hosts/page.html'));
  await page.locator('ev-charger-configurator .evc-continue').waitFor();
  return opened;
}

/** A dark theme set by the page, as a merchant would in its own CSS. */
const DARK = 'ev-charger-configurator { --evc-text: #f1f3f5; --evc-surface: #15171a; --evc-header: #ffffff; --evc-muted: #c3c7cc; }';
const body = `<style>${DARK}</style><ev-charger-configurator image-cdn="/cdn"></ev-charger-configurator><script src="/dist/ev-charger-configurator.js"></script>`;

/** Every table cell's text styles in the element's shadow tree, with the document's mode. */
const cellStyles = (page) =>
  page.evaluate(() => {
    const root = document.querySelector('ev-charger-configurator').shadowRoot;
    const cells = [...root.querySelectorAll('th, td')].map((cell) => {
      const style = getComputedStyle(cell);
      return { text: cell.textContent.trim(), color: style.color, fontSize: style.fontSize, lineHeight: style.lineHeight, fontFamily: style.fontFamily, fontWeight: style.fontWeight };
    });
    return { mode: document.compatMode, cells };
  });

describe('quirks mode', () => {
  it('tables look as they do in standards mode: the theme colour, font and line height', async () => {
    const standards = await openPage(`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Standards</title></head><body>${body}</body></html>`);
    const inStandards = await cellStyles(standards.page);
    const quirks = await openPage(`<html lang="en-GB"><head><meta charset="utf-8"><title>Quirks</title></head><body>${body}</body></html>`);
    const inQuirks = await cellStyles(quirks.page);
    assert.equal(inStandards.mode, 'CSS1Compat');
    assert.equal(inQuirks.mode, 'BackCompat');
    assert.ok(inStandards.cells.length > 0, 'the page shows tables (specification and order summary)');
    assert.deepEqual(inQuirks.cells, inStandards.cells);
    for (const cell of inQuirks.cells.filter((cell) => cell.text)) {
      assert.notEqual(cell.color, 'rgb(0, 0, 0)', `"${cell.text}" is not left black on the dark theme`);
    }
    assert.deepEqual(quirks.errors, []);
  });
});

describe('moving the element', () => {
  const page = (title) =>
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${title}</title></head><body><div id="first"><ev-charger-configurator persist="none" image-cdn="/cdn"></ev-charger-configurator></div><div id="second"></div><script src="/dist/ev-charger-configurator.js"></script></body></html>`;

  it('keeps the choices and the focus when moved with appendChild (nothing saved to restore them from) and with moveBefore', async () => {
    const { page: tab, errors } = await openPage(page('Moves'));
    const element = tab.locator('ev-charger-configurator');
    const racingGreen = element.getByRole('radiogroup', { name: 'Front' }).getByRole('radio', { name: /^Racing Green/ });
    await racingGreen.check();
    await racingGreen.focus();
    await tab.evaluate(() => document.getElementById('second').appendChild(document.querySelector('ev-charger-configurator')));
    // A task later the old root would have been unmounted: the new one would start from the defaults.
    // The page's own timer, so it runs after that task however slow the page is.
    await tab.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    assert.equal(await racingGreen.isChecked(), true, 'the choice survives appendChild');
    // appendChild blurs the swatch as it takes the element out; the element focuses it again.
    assert.equal(await racingGreen.evaluate((input) => input.getRootNode().activeElement === input), true, 'the focus survives appendChild');
    const moved = await tab.evaluate(() => {
      const host = document.querySelector('ev-charger-configurator');
      if (typeof document.body.moveBefore !== 'function') return 'no moveBefore';
      document.getElementById('first').moveBefore(host, null);
      return host.shadowRoot.activeElement?.tagName;
    });
    if (moved !== 'no moveBefore') {
      await tab.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
      assert.notEqual(moved, undefined, 'focus stays inside the element through moveBefore');
      assert.equal(await racingGreen.evaluate((input) => input.getRootNode().activeElement === input), true, 'the focused swatch keeps focus');
      assert.equal(await racingGreen.isChecked(), true);
    }
    assert.deepEqual(errors, []);
  });
});

describe('a page a CMS has sanitized', () => {
  it('configures the element through data-* attributes alone: the leasing portal sends its request', async () => {
    const portal = readFileSync(new URL('../../dist-examples/mobilize-portal.html', import.meta.url), 'utf8');
    // What a sanitizer that keeps only data-* attributes lets through, had the page written them so.
    const sanitized = portal.replace(/<ev-charger-configurator([^>]*)>/, (_, attributes) => `<ev-charger-configurator${attributes.replace(/(\s)([a-z-]+)=/g, '$1data-$2=')}>`);
    assert.match(sanitized, /<ev-charger-configurator\s+data-mode="spec-request"\s+data-mail-endpoint=/);
    assert.doesNotMatch(sanitized, /<ev-charger-configurator[^>]*\s(mode|mail-endpoint|image-cdn)=/);
    const { page, errors } = await openPage(sanitized);
    const email = `cms-${randomUUID()}@example.com`;
    const { wizard, next } = await fillRequest(page, email);
    await next();
    await wizard.getByText(SPEC_REQUEST_SENT).waitFor();
    assert.equal((await outboxFor(harness.url, email)).length, 1, 'the request went to the page\'s data-mail-endpoint');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
