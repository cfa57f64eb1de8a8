// End-to-end harness: the demo server on a free loopback port, in this process, and Chromium driven
// by playwright-core (TOOLCHAIN: never `npx playwright install`). Both stop in after().
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { startDemoServer } from '../../demo/server.mjs';
import { chromeArgs, findChrome } from '../../scripts/chrome.mjs';

/**
 * Registers before/after hooks for the current test file.
 * `browser: false` skips Chromium for tests that only speak HTTP.
 */
export function useHarness({ browser: withBrowser = true } = {}) {
  let server;
  let browser;

  before(async () => {
    server = await startDemoServer({ port: 0, host: '127.0.0.1' });
    if (withBrowser) browser = await chromium.launch({ executablePath: findChrome(), args: chromeArgs });
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const url = (path) => new URL(path, server.url).href;

  return {
    url,
    /**
     * Opens a demo page; `errors` collects its console errors and uncaught exceptions, `requests`
     * the URL of every request it makes from the start. `init`, a function, runs in the page before
     * its own scripts (Playwright's `addInitScript`).
     */
    async open(path, { init } = {}) {
      const page = await browser.newPage();
      if (init) await page.addInitScript(init);
      page.setDefaultTimeout(10_000);
      const errors = [];
      const requests = [];
      page.on('request', (request) => requests.push(request.url()));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(`exception: ${error.message}`));
      await page.goto(url(path));
      return { page, errors, requests };
    },
  };
}

/** Whether `page`'s Chromium can draw WebGL (the 3D view needs it; without it the page shows a notice). */
export const hasWebgl = (page) => page.evaluate(() => Boolean(globalThis.document.createElement('canvas').getContext('webgl')));
