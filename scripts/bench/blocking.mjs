// Blocking time as a buyer meets it: a page loaded in a phone-sized viewport at a CPU slowdown, its
// long tasks observed by the page itself (no trace, no profiler), and the script files of ours it
// requested on the way. Run on our example page and on the same page without our script (the control).
/* global document, window, addEventListener */
import { setTimeout as delay } from 'node:timers/promises';
import { blockingTimeMs, median } from './stats.mjs';

/** Lighthouse's mobile viewport. */
export const VIEWPORT = { width: 412, height: 823 };
const MARKER = '__evcBenchReady';
const READY_TIMEOUT_MS = 90_000;
/** After the window closes, time for the page to report a long task that was still running. */
const REPORT_MARGIN_MS = 500;

/**
 * In the page, before any of its scripts: collects every long task, and logs `marker` with the time
 * (page clock) when `until` is met: "load", the load event; "continue", our element showing its
 * Continue button (a check every 50 ms, each far under a long task).
 */
function observeLoad({ until, marker }) {
  const tasks = [];
  const keep = (entries) => tasks.push(...entries.map((entry) => ({ startTime: entry.startTime, duration: entry.duration })));
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  observer.observe({ type: 'longtask', buffered: true });
  window.__evcBenchLongTasks = () => {
    keep(observer.takeRecords());
    return tasks;
  };
  const report = () => console.debug(`${marker} ${performance.now()}`);
  if (until === 'load') {
    addEventListener('load', report, { once: true });
    return;
  }
  const timer = setInterval(() => {
    if (!document.querySelector('ev-charger-configurator')?.shadowRoot?.querySelector('.evc-continue')) return;
    clearInterval(timer);
    report();
  }, 50);
}

/**
 * The text of the page's next MARKER message. Handled at once as well as awaited later, so a
 * navigation that fails first leaves no unhandled rejection behind.
 */
function reported(page, timeout) {
  const message = page.waitForEvent('console', { predicate: (entry) => entry.text().startsWith(`${MARKER} `), timeout }).then((entry) => entry.text());
  message.catch(() => undefined);
  return message;
}

/**
 * One load of `url` in a fresh browser context (no cache), `cpuRate`x CPU slowdown set before the
 * navigation. The window runs from navigation to `until` ("continue" or "load") plus `settleMs`, and
 * at least to `windowAtLeast` (page clock). Returns the window's long tasks and blocking time, when
 * `until` was met, and the URLs requested until the window closed.
 */
async function loadOnce(browser, url, { until, cpuRate, settleMs, windowAtLeast = 0 }) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(READY_TIMEOUT_MS);
    const requests = [];
    let recording = true;
    page.on('request', (request) => {
      if (recording) requests.push(request.url());
    });
    await page.addInitScript(observeLoad, { until, marker: MARKER });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    const ready = reported(page);
    await page.goto(url);
    const message = await ready.catch(() => {
      throw new Error(`${url}: ${until === 'load' ? 'no load event' : 'Continue not shown'} within ${READY_TIMEOUT_MS / 1000} s`);
    });
    const readyAt = Number(message.split(' ')[1]);
    const windowEnd = Math.max(readyAt + settleMs, windowAtLeast);
    // The marker left the page at readyAt, so this many milliseconds from now close the window.
    await delay(windowEnd - readyAt);
    recording = false;
    await delay(REPORT_MARGIN_MS);
    const all = await page.evaluate(() => window.__evcBenchLongTasks());
    const longTasks = all.filter((task) => task.startTime < windowEnd).sort((a, b) => a.startTime - b.startTime);
    return { readyAt, windowEnd, longTasks, blocking: blockingTimeMs(longTasks, windowEnd), requests };
  } finally {
    await context.close();
  }
}

/** The paths below /dist/ of the script files requested from `origin`, first request first, once each. */
export function ourScripts(requests, origin) {
  const paths = requests
    .map((request) => new URL(request))
    .filter((request) => request.origin === origin && request.pathname.startsWith('/dist/') && /\.m?js$/.test(request.pathname))
    .map((request) => decodeURIComponent(request.pathname.slice('/dist/'.length)));
  return [...new Set(paths)];
}

/**
 * `loads` loads of our page (`pageUrl`) and of the control (`controlUrl`), interleaved, ours first
 * in each pair. Ours counts until Continue is shown plus `settleMs`; the control, having no element,
 * counts as long as the load of ours just before it, or until its load event plus `settleMs` when that
 * is later. Returns both series with their medians, and for each of ours the script files of ours
 * it requested.
 */
export async function measureBlocking(browser, pageUrl, controlUrl, { loads = 5, cpuRate = 4, settleMs = 3000 } = {}) {
  const origin = new URL(pageUrl).origin;
  const ours = [];
  const control = [];
  for (let index = 0; index < loads; index += 1) {
    const load = await loadOnce(browser, pageUrl, { until: 'continue', cpuRate, settleMs });
    ours.push({ ...load, scripts: ourScripts(load.requests, origin) });
    const alone = await loadOnce(browser, controlUrl, { until: 'load', cpuRate, settleMs, windowAtLeast: load.windowEnd });
    const stray = alone.requests.filter((request) => new URL(request).pathname.startsWith('/dist/'));
    if (stray.length > 0) throw new Error(`control load ${index + 1} requested a file of ours: ${stray.join(', ')}`);
    control.push(alone);
  }
  return {
    ours,
    control,
    medians: { ours: median(ours.map((load) => load.blocking)), control: median(control.map((load) => load.blocking)) },
  };
}

/** In the page: a fixed amount of work, timed on the page's clock, logged with MARKER. */
const CALIBRATION_PAGE = `<!doctype html><html lang="en"><title>bench</title><script>
const start = performance.now();
let sum = 0;
for (let index = 0; index < 3e6; index += 1) sum += Math.sqrt(index);
console.debug('${MARKER} ' + (performance.now() - start) + ' ' + (sum > 0));
</script>`;

/**
 * Checks that a CPU slowdown set before a navigation applies to the page it navigates to: the same
 * work in a page of `origin`, `rounds` times at 1x and at `cpuRate`x, interleaved, each in a fresh
 * context set up as loadOnce sets one up. Returns the median milliseconds at each rate and their ratio.
 */
export async function checkSlowdown(browser, origin, { cpuRate = 4, rounds = 3 } = {}) {
  const url = new URL('/__bench/calibration.html', origin).href;
  const times = { 1: [], [cpuRate]: [] };
  for (let round = 0; round < rounds; round += 1) {
    for (const rate of [1, cpuRate]) {
      const context = await browser.newContext({ viewport: VIEWPORT });
      try {
        await context.route(url, (route) => route.fulfill({ contentType: 'text/html', body: CALIBRATION_PAGE }));
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        const logged = reported(page, 30_000);
        await page.goto(url);
        times[rate].push(Number((await logged).split(' ')[1]));
      } finally {
        await context.close();
      }
    }
  }
  const atOne = median(times[1]);
  const slowed = median(times[cpuRate]);
  return { atOne, slowed, ratio: slowed / atOne };
}
