// One driver for every host-app fixture (React, Vue, Svelte, Angular, …): the checks a framework
// host must pass, run against any page that follows the protocol below.
//
// The page protocol. A fixture page renders one <ev-charger-configurator> through its framework,
// with `persist="none"`, `image-cdn="/cdn"` and the demo's Storefront stand-in
// (`storefront-endpoint="/api/2026-04/graphql.json"`, `storefront-token="demo-storefront-token"`),
// its `mode` from framework state, its `catalog` property an object, first
// `catalogueNaming(FIRST_NAME)` from test/hosts/catalogue.mjs, and its `mailSender` property a
// function resolving to `{ requestId }`. Beside it, a keyed sibling `<p id="host-sibling">`; both
// inside an element carrying `data-host-renders="<n>"`, n being the number of `rerender()` calls.
// Once mounted (or hydrated) the page sets:
//
//   window.hostFixture = {
//     events: [],       // { type, detail } of every evc-change, evc-step, evc-checkout,
//                       // evc-request-sent and evc-error, pushed by the framework's own listeners
//     setMode(mode),    // framework state → the element's `mode`
//     setCatalog(obj),  // framework state → the element's `catalog` property
//     rerender(),       // an unrelated parent state change (data-host-renders goes up by one)
//     toggle(),         // unmounts the element through the framework, or mounts a new one
//     swap(),           // keyed reorder of [element, sibling]: the framework moves the element's
//                       // node (insertBefore), it does not recreate it
//   };
//
// The methods may return at once; the checks wait for the DOM to show their effect.
// `hostChecks(open)` registers node:test `it`s; `open()` resolves to { page, messages, requests } for a
// fresh page showing the fixture (openHostFixture below does that for static files).
/* global document, window, customElements */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { after, before, it } from 'node:test';
import { buildHost } from '../hosts/build.mjs';
import { FIRST_NAME, RENAMED_COLOUR, catalogueNaming } from '../hosts/catalogue.mjs';

export { FIRST_NAME, RENAMED_COLOUR, catalogueNaming };

const TAG = 'ev-charger-configurator';
/** The front colour the checks choose (not the renamed one). */
const CHOSEN = { id: 'windsor_grey', name: /^Windsor Grey/ };
const RUNTIME_NAME = 'Runtime Green';
// Enough that an element kept per remount (two nodes at least) exceeds the margins below.
const REMOUNTS = 10;
const SPEC_REQUEST_UNAVAILABLE = 'Specification requests cannot be sent from this page';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.map': 'application/json' };

/**
 * Collects `page`'s console errors and warnings and its uncaught exceptions, from now on, as text.
 * Register it before the page's first navigation.
 */
export function watchConsole(page) {
  const messages = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`console ${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => messages.push(`exception: ${error.message}`));
  return messages;
}

/**
 * Builds `builds` ({ key: [fixture, options] }, as buildHost takes them) into a temporary folder
 * before the file's tests and removes it after. Returns `opener(key)`: a function opening that build;
 * `opener.folder(key)` is where it was built.
 */
export function useHostBuilds(harness, builds) {
  let out;
  const built = {};
  before(async () => {
    out = await mkdtemp(join(tmpdir(), 'evc-hosts-'));
    await Promise.all(Object.entries(builds).map(async ([key, [name, options]]) => (built[key] = await buildHost(name, join(out, key), options))));
  });
  after(() => rm(out, { recursive: true, force: true }));
  const opener = (key) => () => openHostFixture(harness, key, built[key]);
  return Object.assign(opener, { folder: (key) => built[key] });
}

/**
 * Opens the built fixture in `dir` at `/hosts/<name>/` on the demo server's origin (so the element
 * reaches the demo's stand-ins and /cdn with relative URLs), by request interception: `harness` is
 * test/e2e/harness.mjs's `useHarness()`. Resolves to { page, messages, requests }.
 */
export async function openHostFixture(harness, name, dir) {
  // A first page on the origin (the demo's 404), then the fixture by interception.
  const { page } = await harness.open(`/hosts/${name}/not-served`);
  const messages = watchConsole(page);
  const requests = [];
  page.on('request', (request) => requests.push(request.url()));
  const base = harness.url(`/hosts/${name}/`);
  await page.route(`${base}**`, async (route) => {
    const path = new URL(route.request().url()).pathname.slice(`/hosts/${name}/`.length) || 'index.html';
    const body = await readFile(join(dir, path)).catch(() => undefined);
    if (body === undefined) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ status: 200, contentType: TYPES[extname(path)] ?? 'application/octet-stream', body });
  });
  await page.goto(base);
  return { page, messages, requests };
}

/** Waits for the page's protocol object and the element's page (its Continue button). */
export async function fixtureReady(page) {
  await page.waitForFunction(() => Boolean(window.hostFixture));
  await page.locator(`${TAG} .evc-continue`).waitFor();
}

const call = (page, method, ...args) => page.evaluate(([method, args]) => window.hostFixture[method](...args), [method, args]);
const events = (page) => page.evaluate(() => window.hostFixture.events.map(({ type, detail }) => ({ type, detail: JSON.parse(JSON.stringify(detail ?? null)) })));
const frontRadio = (page, name) => page.locator(TAG).getByRole('radiogroup', { name: 'Front' }).getByRole('radio', { name });

/** Nothing printed to the console, no uncaught exception, no request for an object written as text. */
function assertClean({ messages, requests }) {
  assert.deepEqual(messages, [], 'no console error or warning');
  assert.deepEqual(requests.filter((url) => /object(%20| )Object/i.test(url)), [], 'no "[object Object]" fetched');
}

/** Chooses the checks' colour and waits for the framework's listener to have recorded its evc-change. */
async function choose(page) {
  const before = (await events(page)).length;
  await frontRadio(page, CHOSEN.name).check();
  await page.waitForFunction((count) => window.hostFixture.events.length > count, before);
}

/** Marks the element node, so a later look can tell the same node from a recreated one. */
const markElement = (page) => page.evaluate((tag) => (document.querySelector(tag).hostMark = true), TAG);
const sameElement = (page) => page.evaluate((tag) => document.querySelector(tag)?.hostMark === true, TAG);
/** A task and then some, so the element's deferred unmount of a removed node would have run. */
const settle = (page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));

/**
 * Node and listener counts after a full garbage collection (Chromium's DevTools protocol):
 * `{ documents, nodes, jsEventListeners }`.
 */
export async function domCounters(page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    return await cdp.send('Memory.getDOMCounters');
  } finally {
    await cdp.detach();
  }
}

/**
 * DOM counters once `fits(counts)` holds: what an unmounted element held is let go in later tasks
 * (React's scheduler, the wrapper's deferred unmount), which a loaded machine delays, so the counts
 * are read again until they fit. A real leak never fits: the bound is for never, not a measure.
 */
export async function countersWhen(page, fits) {
  const giveUp = Date.now() + 60_000;
  for (;;) {
    const counts = await domCounters(page);
    if (fits(counts) || Date.now() > giveUp) return counts;
    await page.waitForTimeout(250);
  }
}

/**
 * Waits until the element's shadow tree stops growing and its images have loaded: an image still
 * loading keeps its tree alive after an unmount, however slow the server is, and counts taken
 * meanwhile would differ by that tree.
 */
export async function elementSettled(page) {
  const size = () => page.evaluate((tag) => document.querySelector(tag)?.shadowRoot?.querySelectorAll('*').length ?? 0, TAG);
  const loaded = (tag) => [...(document.querySelector(tag)?.shadowRoot?.querySelectorAll('img') ?? [])].every((image) => image.complete);
  let last = -1;
  for (let now = await size(); now !== last; now = await size()) {
    last = now;
    await page.waitForTimeout(250);
    await page.waitForFunction(loaded, TAG);
  }
}

/** Unmounts the element through the framework, lets its deferred unmount run, mounts a new one and waits for its page. */
async function remount(page) {
  await call(page, 'toggle');
  await page.locator(TAG).waitFor({ state: 'detached' });
  await settle(page);
  await call(page, 'toggle');
  await page.locator(`${TAG} .evc-continue`).waitFor();
}

/**
 * The checks every host passes, as node:test `it`s. `open()` resolves to a fresh fixture page
 * ({ page, messages, requests }); `only` names a subset of the checks: 'props', 'events',
 * 'rerender', 'remounts', 'move'; `react`, for a React host, is the version it must run (checked with the props).
 */
export function hostChecks(open, { only, react } = {}) {
  const check = (key, title, body) => {
    if (only && !only.includes(key)) return;
    it(title, async () => {
      const opened = await open();
      try {
        await fixtureReady(opened.page);
        await body(opened);
        assertClean(opened);
      } finally {
        await opened.page.close();
      }
    });
  };

  check('props', 'takes props and attributes at run time: the catalogue object, the sender function, a mode changed by state', async ({ page }) => {
    if (react) assert.match(await page.evaluate(() => window.hostFixture.react), react, 'the React the host app runs');
    await frontRadio(page, new RegExp(`^${FIRST_NAME}`)).waitFor();
    const properties = await page.evaluate((tag) => {
      const element = document.querySelector(tag);
      return { catalog: typeof element.catalog, mailSender: typeof element.mailSender, attribute: element.getAttribute('catalog') };
    }, TAG);
    assert.deepEqual(properties, { catalog: 'object', mailSender: 'function', attribute: null });
    await call(page, 'setMode', 'spec-request');
    await page.locator(`${TAG} .evc-app[data-mode="spec-request"]`).waitFor();
    // With no mail-endpoint, only the host's sender lets the spec-request flow send.
    assert.equal(await page.locator(TAG).getByText(SPEC_REQUEST_UNAVAILABLE).count(), 0, 'the mailSender function arrived');
    await call(page, 'setMode', 'order');
    await page.locator(`${TAG} .evc-app[data-mode="order"]`).waitFor();
    await call(page, 'setCatalog', catalogueNaming(RUNTIME_NAME));
    await frontRadio(page, new RegExp(`^${RUNTIME_NAME}`)).waitFor();
    assert.equal(await frontRadio(page, new RegExp(`^${FIRST_NAME}`)).count(), 0);
    assert.deepEqual((await events(page)).filter(({ type }) => type === 'evc-error'), []);
  });

  check('events', "delivers the events to the framework's listeners with their detail", async ({ page }) => {
    await choose(page);
    const change = (await events(page)).filter(({ type }) => type === 'evc-change').at(-1);
    assert.equal(change.detail.configuration.front, CHOSEN.id);
    assert.equal(change.detail.totals.currency, 'GBP');
    assert.equal(typeof change.detail.totals.total, 'number');
    await page.locator(TAG).getByRole('button', { name: 'Continue' }).first().click();
    await page.waitForFunction(() => window.hostFixture.events.some(({ type }) => type === 'evc-step'));
    const step = (await events(page)).find(({ type }) => type === 'evc-step');
    assert.equal(step.detail.flow, 'order');
    assert.equal(step.detail.index, 0);
    assert.ok(step.detail.count > 1 && typeof step.detail.step === 'string', JSON.stringify(step.detail));
    assert.deepEqual((await events(page)).filter(({ type }) => type === 'evc-error'), []);
  });

  check('rerender', "keeps its state and its nodes through the host's re-renders", async ({ page }) => {
    await choose(page);
    await markElement(page);
    await frontRadio(page, CHOSEN.name).evaluate((input) => (input.hostMark = true));
    const before = (await events(page)).length;
    for (let renders = 1; renders <= 3; renders += 1) {
      await call(page, 'rerender');
      await page.locator(`[data-host-renders="${renders}"]`).waitFor();
    }
    await settle(page);
    assert.equal(await sameElement(page), true, 'the same element node');
    assert.equal(await frontRadio(page, CHOSEN.name).isChecked(), true);
    assert.equal(await frontRadio(page, CHOSEN.name).evaluate((input) => input.hostMark === true), true, 'the same swatch node');
    assert.equal((await events(page)).length, before, 'no event from a re-render');
  });

  check('remounts', `unmounts and mounts ${REMOUNTS} times with flat node and listener counts`, async ({ page }) => {
    // Warm: the first mounts load the on-demand code, images and style sheets kept for the page.
    for (let warm = 0; warm < 2; warm += 1) await remount(page);
    await elementSettled(page);
    const mounted = await domCounters(page);
    await call(page, 'toggle');
    await page.locator(TAG).waitFor({ state: 'detached' });
    await settle(page);
    const unmounted = await countersWhen(page, (counts) => mounted.nodes - counts.nodes > 100);
    await call(page, 'toggle');
    await page.locator(`${TAG} .evc-continue`).waitFor();
    await elementSettled(page);
    // One element's own nodes and listeners: a leak of a single unmounted element exceeds the tolerance.
    const one = { nodes: mounted.nodes - unmounted.nodes, jsEventListeners: mounted.jsEventListeners - unmounted.jsEventListeners };
    assert.ok(one.nodes > 100, `an element is hundreds of nodes (${JSON.stringify({ mounted, unmounted })})`);
    for (let count = 0; count < REMOUNTS; count += 1) await remount(page);
    await elementSettled(page);
    const grownBy = (counts) => ({
      nodes: counts.nodes - mounted.nodes,
      jsEventListeners: counts.jsEventListeners - mounted.jsEventListeners,
      documents: counts.documents - mounted.documents,
    });
    const flat = (grown) => grown.nodes < REMOUNTS && grown.jsEventListeners < one.jsEventListeners && grown.documents === 0;
    const after = await countersWhen(page, (counts) => flat(grownBy(counts)));
    const grown = grownBy(after);
    const detail = JSON.stringify({ one, mounted, after });
    // Both settled, the counts match but for what React's development build holds: react-dom keeps
    // the last root that updated from an effect (rootWithPassiveNestedUpdates) until another does,
    // at times an unmounted element's: two nodes (its shadow tree is emptied) with React's listeners
    // on its shadow root, about half an element's. One kept per remount would be ten
    // of those, so the margins of a node per remount and one element's listeners still catch it.
    assert.ok(grown.nodes < REMOUNTS, `nodes stay flat: ${detail}`);
    assert.ok(grown.jsEventListeners < one.jsEventListeners, `listeners stay flat: ${detail}`);
    assert.equal(grown.documents, 0, detail);
  });

  check('move', "keeps its state and focus when the framework moves its node", async ({ page }) => {
    await choose(page);
    await markElement(page);
    const swatch = frontRadio(page, CHOSEN.name);
    await swatch.focus();
    for (const siblingFirst of [true, false]) {
      await call(page, 'swap');
      await page.waitForFunction(
        ([tag, siblingFirst]) => {
          const sibling = document.getElementById('host-sibling');
          const element = document.querySelector(tag);
          return Boolean(element && sibling) && Boolean(sibling.compareDocumentPosition(element) & 4 /* DOCUMENT_POSITION_FOLLOWING */) === siblingFirst;
        },
        [TAG, siblingFirst],
      );
      await settle(page);
      assert.equal(await sameElement(page), true, 'moved, not recreated');
      assert.equal(await swatch.isChecked(), true, 'the chosen colour is kept');
      const focus = await page.evaluate((tag) => {
        const element = document.querySelector(tag);
        return { document: document.activeElement === element, inside: element.shadowRoot.activeElement?.getAttribute('aria-label') ?? element.shadowRoot.activeElement?.value ?? null };
      }, TAG);
      assert.equal(focus.document, true, `the focus stays in the element (${JSON.stringify(focus)})`);
      assert.equal(await swatch.evaluate((input) => input.getRootNode().activeElement === input), true, 'the focused swatch keeps focus');
    }
  });
}

/** Whether the elements were defined on the page (for fixtures that define them late). */
export const elementsDefined = (page) => page.evaluate((tag) => Boolean(customElements.get(tag)), TAG);
