// The bench's measurements in a page driven by playwright-core: the proof that the 3D viewer file
// is loaded only on demand, and the time from a click to the updated preview and total on screen.
// Functions passed to page.evaluate run in the browser:
/* global document, window, requestAnimationFrame, MutationObserver */
import { median } from './stats.mjs';

const VIEWER_FILE = '/dist/model-viewer.js';
const pathOf = (url) => new URL(url).pathname;

const radio = (scope, group, name) => scope.getByRole('radiogroup', { name: group }).getByRole('radio', { name, exact: true });

/** Opens the wizard from the configurator page; resolves with the dialog's locator. */
async function openWizard(element) {
  await element.getByRole('button', { name: 'Continue', exact: true }).click();
  const wizard = element.locator('dialog.evc-wizard');
  await wizard.locator('[data-step="cable"]').waitFor();
  return wizard;
}

const nextStep = (wizard) => wizard.getByRole('button', { name: 'Continue', exact: true }).last().click();

/**
 * Uses marketing-site.html (colours, the wizard opened, a cable chosen, a step forward and back,
 * closed) and checks that nothing requested the viewer file; then presses "View in 3D" and checks
 * that it is requested at once. Returns { proven, detail }.
 */
export async function proveViewerOnDemand(browser, pageUrl) {
  const page = await browser.newPage();
  page.setDefaultTimeout(20_000);
  const requests = [];
  page.on('request', (request) => requests.push(pathOf(request.url())));
  try {
    await page.goto(pageUrl);
    const element = page.locator('ev-charger-configurator');
    const button = element.getByRole('button', { name: 'View in 3D' });
    await button.waitFor();

    await radio(element, 'Front', 'Racing Green').check();
    await radio(element, 'Body', 'Alpine White').check();
    await radio(element, 'Front', 'Andersen Carbon').check();
    const wizard = await openWizard(element);
    await wizard.getByRole('radio', { name: '7kW with 5.5m cable' }).check();
    await nextStep(wizard);
    await wizard.locator('[data-step="installation"]').waitFor();
    await wizard.getByRole('button', { name: 'Back', exact: true }).click();
    await wizard.locator('[data-step="cable"]').waitFor();
    await wizard.getByRole('button', { name: 'Close', exact: true }).first().click();
    await wizard.waitFor({ state: 'hidden' });
    await page.waitForLoadState('networkidle');
    const early = requests.filter((path) => path === VIEWER_FILE).length;
    if (early > 0) return { proven: false, detail: `${VIEWER_FILE} was requested before "View in 3D" (${early}x)` };

    const webgl = await page.evaluate(() => Boolean(document.createElement('canvas').getContext('webgl')));
    if (!webgl) return { proven: false, detail: 'this Chromium has no WebGL, so "View in 3D" loads nothing to observe' };
    const requested = page.waitForRequest((request) => pathOf(request.url()) === VIEWER_FILE, { timeout: 20_000 });
    await button.click();
    await requested;
    return { proven: true, detail: `no request for ${VIEWER_FILE} while using the page and wizard; requested on "View in 3D"` };
  } catch (error) {
    const lines = error.message.split('\n');
    const waitingFor = lines.find((line) => line.includes('waiting for'))?.trim();
    return { proven: false, detail: `the page could not be used: ${lines[0]}${waitingFor ? ` (${waitingFor})` : ''}` };
  } finally {
    // Software WebGL drawing the model would hold both cores: close at once.
    await page.close();
  }
}

/**
 * In the page: before one click, remember what the preview shows and the total reads in `scope`
 * ("page": the configurator page; "wizard": the open wizard's aside), then resolve
 * window.__evcBenchClick with the click's timestamp, when the DOM changed as `expect` says, and when
 * the frame after that change was painted (requestAnimationFrame, then a task).
 */
function armClick({ scope, expect }) {
  const root = document.querySelector('ev-charger-configurator').shadowRoot;
  const inScope = (node) => (scope === 'wizard' ? Boolean(node.closest('dialog.evc-wizard')) : !node.closest('dialog'));
  const snapshot = () => {
    const figure = [...root.querySelectorAll('figure.evc-preview')].find(inScope);
    const total = [...root.querySelectorAll('[data-total]')].find(inScope);
    return {
      preview: figure ? [...figure.querySelectorAll('img:not([hidden])')].map((image) => image.src).join(' ') : '',
      total: total?.textContent ?? '',
    };
  };
  const before = snapshot();
  window.__evcBenchClick = new Promise((resolve) => {
    let clickAt;
    const onClick = (event) => {
      // A click on a label dispatches a second click on its input: the first is the buyer's.
      clickAt ??= event.timeStamp;
    };
    window.addEventListener('click', onClick, { capture: true });
    const finish = (result) => {
      window.removeEventListener('click', onClick, { capture: true });
      resolve({ clickAt, ...result });
    };
    const timer = setTimeout(() => {
      observer.disconnect();
      finish({ error: `no change within 10 s (expected ${JSON.stringify(expect)}, before ${JSON.stringify(before)})` });
    }, 10_000);
    const observer = new MutationObserver(() => {
      const now = snapshot();
      if (expect.preview && now.preview === before.preview) return;
      if (expect.total && now.total === before.total) return;
      observer.disconnect();
      clearTimeout(timer);
      const changedAt = window.performance.now();
      requestAnimationFrame(() => setTimeout(() => finish({ changedAt, paintedAt: window.performance.now(), after: now }), 0));
    });
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/** In the page: collects Event Timing entries (16 ms is the lowest threshold the API allows). */
function observeEventTiming() {
  window.__evcBenchEvents = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__evcBenchEvents.push({ name: entry.name, startTime: entry.startTime, duration: entry.duration, interactionId: entry.interactionId });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/** In the page: the Event Timing duration of the click that started at `clickAt`, or null under 16 ms. */
function clickDuration(clickAt) {
  const entry = window.__evcBenchEvents.find((candidate) => candidate.name === 'click' && Math.abs(candidate.startTime - clickAt) < 1);
  return entry ? entry.duration : null;
}

/** Event Timing reports nothing under its 16 ms threshold; such a click counts as 16 ms (an upper bound). */
export const EVENT_TIMING_FLOOR_MS = 16;

/**
 * Where to click a control: its centre, or its label's when the input itself is drawn too small to
 * hit (the colour swatches); scrolled into view first.
 */
const clickPoint = (control) =>
  control.evaluate((input) => {
    const small = (node) => node.getBoundingClientRect().width < 8 || node.getBoundingClientRect().height < 8;
    const target = small(input) ? (input.closest('label') ?? input.labels?.[0] ?? input) : input;
    target.scrollIntoView({ block: 'center' });
    const box = target.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  });

/**
 * Clicks `clicks` times, alternating between the `targets` (locators of controls), and measures each
 * click; returns the medians of the Event Timing and the requestAnimationFrame figures. The click is
 * a bare mouse press and release at the control (page.mouse), so no Playwright script runs in the
 * page between the click and the paint being measured (locator.check() would check the result).
 */
async function measureClicks(page, { targets, scope, expect, clicks }) {
  const eventTiming = [];
  const frame = [];
  let belowFloor = 0;
  for (let index = 0; index < clicks; index += 1) {
    const { x, y } = await clickPoint(targets[index % targets.length]);
    // As a hand does: the pointer arrives, then a press and a release 60 ms apart; the click fires
    // on release, so hover and press work is done before the measured click.
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.waitForTimeout(60);
    await page.evaluate(armClick, { scope, expect });
    await page.mouse.up();
    const result = await page.evaluate(() => window.__evcBenchClick);
    if (result.error || result.clickAt === undefined) throw new Error(result.error ?? 'the click event was not seen');
    frame.push(result.paintedAt - result.clickAt);
    // Entries arrive after the paint they measure; give the observer a moment.
    await page.waitForTimeout(100);
    const duration = await page.evaluate(clickDuration, result.clickAt);
    if (duration === null) belowFloor += 1;
    eventTiming.push(duration ?? EVENT_TIMING_FLOOR_MS);
  }
  return { eventTiming: median(eventTiming), frame: median(frame), clicks, belowFloor };
}

/**
 * Time from a click to the updated preview and total being painted on marketing-site.html at
 * `cpuRate`x CPU slowdown, `clicks` clicks per case: a front colour and a body colour on the page,
 * the cable (preview and total) and an extra (total) in the wizard.
 */
export async function measureInteractions(browser, pageUrl, { cpuRate = 4, clicks = 12 } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  try {
    await page.addInitScript(observeEventTiming);
    await page.goto(pageUrl);
    const element = page.locator('ev-charger-configurator');
    await element.getByRole('button', { name: 'Continue', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });

    const pick = (group, name) => radio(element, group, name);
    const results = {};
    results.front = await measureClicks(page, {
      targets: [pick('Front', 'Racing Green'), pick('Front', 'Midnight Black')],
      scope: 'page',
      expect: { preview: true, total: true },
      clicks,
    });
    results.body = await measureClicks(page, {
      targets: [pick('Body', 'Windsor Grey'), pick('Body', 'Midnight Black')],
      scope: 'page',
      expect: { preview: true, total: true },
      clicks,
    });

    const wizard = await openWizard(element);
    const cable = (name) => wizard.getByRole('radio', { name, exact: true });
    results.cable = await measureClicks(page, {
      targets: [cable('7kW with 5.5m cable'), cable('7kW socket')],
      scope: 'wizard',
      expect: { preview: true, total: true },
      clicks,
    });

    // On to the extras: the installation step wants its terms accepted (charger only is chosen).
    await nextStep(wizard);
    await wizard.locator('[data-step="installation"]').waitFor();
    await wizard.getByRole('checkbox', { name: /terms/ }).check();
    for (const step of ['options', 'extras']) {
      await nextStep(wizard);
      await wizard.locator(`[data-step="${step}"]`).waitFor();
    }
    const display = wizard.getByRole('checkbox', { name: /^Digital display/ });
    results.extra = await measureClicks(page, {
      targets: [display],
      scope: 'wizard',
      expect: { preview: false, total: true },
      clicks,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return results;
  } finally {
    await context.close();
  }
}
