// @web/test-runner's BrowserLauncher for WebKitGTK over W3C WebDriver (test/webkit-driver.mjs): one
// session, one page, test files one after another. Its type is 'webdriver', so
// @web/test-runner-commands' sendKeys and sendMouse call sendKeys() and sendMouseClick() here.
import { startWebkit } from '../webkit-driver.mjs';

export function webkitLauncher() {
  let driver;
  let activeSession;
  return {
    name: 'WebKit',
    type: 'webdriver',
    concurrency: 1,
    async initialize() {
      driver = await startWebkit();
    },
    async stop() {
      await driver?.close();
    },
    async startSession(sessionId, url) {
      activeSession = sessionId;
      await driver.goto(url);
    },
    isActive: (sessionId) => activeSession === sessionId,
    getBrowserUrl: () => driver.url(),
    async stopSession() {
      activeSession = undefined;
      // Leaves the test page, so its timers and dialogs do not reach the next file.
      await driver.goto('about:blank');
      return {};
    },
    startDebugSession() {
      throw new Error('No debug sessions in WebKitWebDriver; run without --manual.');
    },
    /** sendKeys' `press` (one key name) or `type` (characters). */
    sendKeys: (_sessionId, keys) => driver.press(keys),
    /** sendMouse's `click` (the left button only: the tests click nothing else). */
    sendMouseClick: (_sessionId, x, y) => driver.clickAt(x, y),
  };
}
