// End-to-end harness: the demo server on a free loopback port and Chromium driven by playwright-core
// (TOOLCHAIN: never `npx playwright install`). Under scripts/e2e.mjs the browser files of a shard share
// its demo server and its Chromium (their addresses in EVC_E2E_DEMO_URL and EVC_E2E_CHROMIUM_WS); a
// file run alone starts its own, stopped in after(). Each test starts from the demo shop's clean state.
import { after, before, beforeEach } from 'node:test';
import { chromium } from 'playwright-core';
import { startDemoServer } from '../../demo/server.mjs';
import { chromeArgs, findChrome } from '../../scripts/chrome.mjs';
import { startDemoProcess } from './processes.mjs';

const SHARED_DEMO_URL = process.env.EVC_E2E_DEMO_URL;
const SHARED_CHROMIUM = process.env.EVC_E2E_CHROMIUM_WS;

/** The switches a test may have left on, each off again: the shop prefilled and every stand-in's failures off. */
const RESETS = [
  ['/api/_control', { reset: true }],
  ['/api/mail/_control', { failNext: 0 }],
  ['/api/direct-debit/_control', { failNext: 0 }],
  ['/api/partner-discount/_control', { failNext: 0 }],
];

async function resetDemo(serverUrl) {
  for (const [path, body] of RESETS) {
    const response = await fetch(new URL(path, serverUrl), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  }
}

/**
 * Registers before/after hooks for the current test file.
 * `browser: false` skips Chromium for tests that only speak HTTP; they keep a demo server of their
 * own, in this process, as they read its state whole (the outbox, the switches, REDIS_URL).
 */
export function useHarness({ browser: withBrowser = true } = {}) {
  let server;
  let browser;

  before(async () => {
    if (!withBrowser) {
      server = await startDemoServer({ port: 0, host: '127.0.0.1' });
      return;
    }
    server = SHARED_DEMO_URL ? { url: SHARED_DEMO_URL } : await startDemoProcess();
    browser = SHARED_CHROMIUM
      ? await chromium.connect(SHARED_CHROMIUM)
      : await chromium.launch({ executablePath: findChrome(), args: chromeArgs });
  });

  if (withBrowser) beforeEach(() => resetDemo(server.url));

  after(async () => {
    // A shared Chromium only loses this file's pages; a shared demo server has no close.
    await browser?.close();
    await server?.close?.();
  });

  const url = (path) => new URL(path, server.url).href;

  return {
    url,
    /**
     * Opens a demo page; `errors` collects its console errors and uncaught exceptions, `requests`
     * the URL of every request it makes from the start. `init`, a function, runs in the page before
     * its own scripts (Playwright's `addInitScript`); `clock` installs Playwright's clock, which runs
     * at real pace until the test moves it on (`page.clock.fastForward`).
     */
    async open(path, { init, clock } = {}) {
      const page = await browser.newPage();
      if (init) await page.addInitScript(init);
      if (clock) await page.clock.install();
      // A bound for a page that never gets there, not a measure: a loaded machine stretches every step many times over.
      page.setDefaultTimeout(60_000);
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
