// Script evaluation time of one script loaded alone on a blank page, from a Chromium trace
// (devtools.timeline): the side-by-side figure of our classic script against Buy Button JS.
/* global document */
import { readFileSync } from 'node:fs';
import { median, scriptTimeMs } from './stats.mjs';

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute'];

/**
 * Adds `file` (a path on disk) as a classic script to a page at `origin` (empty, or holding
 * `markup`), `loads` times, each in a fresh browser context (no code cache carried over), at
 * `cpuRate`x CPU slowdown, and returns the median milliseconds of compiling and running it: by
 * tracing, and by the page's ScriptDuration metric (a cross-check that counts everything the page
 * ran). The trace ends 200 ms after the script has run, or once `readyWhen` (a function run in the
 * page) is true. The page is loaded first and the script added to it, so no navigation (or renderer
 * swap) falls inside the measurement.
 */
export async function scriptEvaluation(browser, { file, origin, cpuRate, loads, markup = '', readyWhen }) {
  const body = readFileSync(file);
  const scriptUrl = new URL(`/__bench/${file.split('/').pop()}`, origin).href;
  const pageUrl = new URL('/__bench/blank.html', origin).href;
  const traced = [];
  const metric = [];
  for (let index = 0; index < loads; index += 1) {
    const context = await browser.newContext();
    try {
      // Both answers come from here, so nothing reaches the network and no HTTP cache is involved.
      await context.route(pageUrl, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><title>bench</title>${markup}` }));
      await context.route(scriptUrl, (route) => route.fulfill({ contentType: 'text/javascript', body }));
      const page = await context.newPage();
      await page.goto(pageUrl, { waitUntil: 'load' });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
      await cdp.send('Performance.enable');
      const before = await scriptDuration(cdp);
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      await page.evaluate(addScript, scriptUrl);
      // Work the script queued (microtasks, timers, custom-element definitions) runs right after.
      if (readyWhen) await page.waitForFunction(readyWhen, undefined, { timeout: 30_000 });
      else await page.waitForTimeout(200);
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
      const after = await scriptDuration(cdp);
      traced.push(scriptTimeMs(trace.traceEvents ?? trace, scriptUrl));
      metric.push(after - before);
    } finally {
      await context.close();
    }
  }
  return { traced: median(traced), metric: median(metric), loads };
}

/** In the page: adds a classic script and resolves once it has run. */
function addScript(src) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve(undefined);
    script.onerror = () => reject(new Error(`${src} did not load`));
    document.head.append(script);
  });
}

async function scriptDuration(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((entry) => entry.name === 'ScriptDuration')?.value ?? Number.NaN) * 1000;
}
