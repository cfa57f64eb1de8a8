// Firefox (WebDriver BiDi through puppeteer-core) and WebKitGTK (W3C WebDriver, test/webkit-driver.mjs)
// behind the same few verbs, for the end-to-end flows in engine-flows.mjs: playwright-core drives
// Chromium only. Clicks and keys go through each engine's input pipeline; fields are filled by
// setting their value and firing input and change, as a browser's autofill does.
import puppeteer from 'puppeteer-core';
import { findFirefox } from '../../scripts/engines.mjs';
import { startWebkit } from '../webkit-driver.mjs';

export const ENGINES = ['firefox', 'webkit'];

/** Turns `fn` and its arguments into a function body for WebDriver's execute/async. */
const asyncBody = (fn) => `const done = arguments[arguments.length - 1];
Promise.resolve().then(() => (${fn}).apply(null, [...arguments].slice(0, -1)))
  .then((value) => done({ value }), (error) => done({ error: String(error && error.stack || error) }));`;

async function firefox() {
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: findFirefox(), headless: true });
  const page = await browser.newPage();
  // Firefox ESR 140 sets the viewport but lacks the screen-orientation command sent with it.
  await page.setViewport({ width: 1280, height: 800 }).catch((error) => {
    if (!/setScreenOrientationOverride/.test(error.message)) throw error;
  });
  return {
    goto: (url) => page.goto(url),
    evaluate: (fn, ...args) => page.evaluate(fn, ...args),
    async click(fn, ...args) {
      const handle = await page.evaluateHandle(fn, ...args);
      await handle.asElement().click();
      await handle.dispose();
    },
    async press(key, { shift = false } = {}) {
      if (shift) await page.keyboard.down('Shift');
      await page.keyboard.press(key);
      if (shift) await page.keyboard.up('Shift');
    },
    screenshot: () => page.screenshot(),
    close: () => browser.close(),
  };
}

async function webkit() {
  const driver = await startWebkit();
  const evaluate = async (fn, ...args) => {
    const { value, error } = await driver.executeAsync(asyncBody(fn), args);
    if (error) throw new Error(`in WebKit: ${error}`);
    return value;
  };
  return {
    goto: (url) => driver.goto(url),
    evaluate,
    /** A mouse click at the element's centre: WebKitWebDriver's element click finds controls in a shadow root not interactable. */
    async click(fn, ...args) {
      const box = await driver.execute(
        `const node = (${fn}).apply(null, arguments); node.scrollIntoView({ block: 'center', behavior: 'instant' });
         const { x, y, width, height } = node.getBoundingClientRect(); return { x: x + width / 2, y: y + height / 2 };`,
        args,
      );
      await driver.clickAt(box.x, box.y);
    },
    press: (key, { shift = false } = {}) => (shift ? driver.pressWithShift(key) : driver.press([key])),
    screenshot: () => driver.screenshot(),
    close: () => driver.close(),
  };
}

/** Starts `engine` ('firefox' or 'webkit') with one page; `waitFor` polls a page function until it returns a truthy value. */
export async function openEngine(engine) {
  const page = await (engine === 'firefox' ? firefox() : webkit());
  return {
    ...page,
    /** `fn` is called with `args`; `within` (ms) bounds the wait: by default a bound for never, as the harness's. */
    async waitFor(fn, what, { args = [], within = 60_000 } = {}) {
      const deadline = Date.now() + within;
      for (;;) {
        const value = await page.evaluate(fn, ...args);
        if (value) return value;
        if (Date.now() > deadline) throw new Error(`${engine}: waited ${within / 1000} s for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
