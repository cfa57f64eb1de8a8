// Script evaluation time of one script loaded alone on a blank page, from a Chromium trace
// (devtools.timeline): the side-by-side figure of our page script against Buy Button JS. Our script
// may be the whole page script or a classic loader importing ES modules and chunks from beside it:
// every file under the page's /__bench/ is answered from one folder, and the time of all of them counts.
/* global document, customElements */
import { readFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { median, scriptTimeMs } from './stats.mjs';

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute'];
const PREFIX = '/__bench/';

/** The file under `root` for a /__bench/ URL's path, or null when there is none or it would leave `root`. */
function fileFor(root, pathname) {
  const base = resolve(root);
  const file = resolve(base, `.${sep}${decodeURIComponent(pathname.slice(PREFIX.length))}`);
  if (!file.startsWith(`${base}${sep}`)) return null;
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

/**
 * Adds `entry` (a file in the folder `root`) as a classic script to a page at `origin` (empty, or
 * holding `markup`), `loads` times, each in a fresh browser context (no code cache carried over), at
 * `cpuRate`x CPU slowdown, and returns the median milliseconds of compiling and running it and every
 * file it imports from `root`: by tracing, and by the page's ScriptDuration metric (a cross-check
 * that counts everything the page ran). The trace ends once the script has run and, given
 * `defines`, that custom element is defined (a loader defines it after its imports), then 200 ms
 * later, or once `readyWhen` (a function run in the page) is true. The page is loaded first and the
 * script added to it, so no navigation (or renderer swap) falls inside the measurement.
 */
export async function scriptEvaluation(browser, { root, entry, defines, origin, cpuRate, loads, markup = '', readyWhen }) {
  const pageUrl = new URL(`${PREFIX}blank.html`, origin).href;
  const scriptUrl = new URL(`${PREFIX}${entry}`, origin).href;
  const ours = (url) => url.startsWith(new URL(PREFIX, origin).href) && url !== pageUrl;
  const traced = [];
  const metric = [];
  for (let index = 0; index < loads; index += 1) {
    const context = await browser.newContext();
    try {
      // Every answer comes from here, so nothing reaches the network and no HTTP cache is involved.
      await context.route(
        (url) => url.origin === new URL(origin).origin && url.pathname.startsWith(PREFIX),
        (route) => {
          const { href, pathname } = new URL(route.request().url());
          if (href === pageUrl) return route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><title>bench</title>${markup}` });
          const body = fileFor(root, pathname);
          return body ? route.fulfill({ contentType: 'text/javascript', body }) : route.fulfill({ status: 404, body: 'Not found' });
        },
      );
      const page = await context.newPage();
      await page.goto(pageUrl, { waitUntil: 'load' });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
      await cdp.send('Performance.enable');
      const before = await scriptDuration(cdp);
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      await page.evaluate(addScript, { src: scriptUrl, defines });
      // Work the script queued (microtasks, timers, custom-element definitions) runs right after.
      if (readyWhen) await page.waitForFunction(readyWhen, undefined, { timeout: 30_000 });
      else await page.waitForTimeout(200);
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
      const after = await scriptDuration(cdp);
      // The blank page loads no module of its own, so every module evaluation is the script's.
      traced.push(scriptTimeMs(trace.traceEvents ?? trace, ours, { modulesWithoutUrl: true }));
      metric.push(after - before);
    } finally {
      await context.close();
    }
  }
  return { traced: median(traced), metric: median(metric), loads };
}

/** In the page: adds a classic script and resolves once it has run and, given `defines`, that element is defined. */
function addScript({ src, defines }) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => {
      if (!defines) return resolve(undefined);
      const timer = setTimeout(() => reject(new Error(`${src} ran but <${defines}> was not defined within 30 s`)), 30_000);
      customElements.whenDefined(defines).then(() => {
        clearTimeout(timer);
        resolve(undefined);
      });
    };
    script.onerror = () => reject(new Error(`${src} did not load`));
    document.head.append(script);
  });
}

async function scriptDuration(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((entry) => entry.name === 'ScriptDuration')?.value ?? Number.NaN) * 1000;
}
