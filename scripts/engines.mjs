// The three engines the browser and end-to-end tests drive: Chromium, Firefox ESR (WebDriver BiDi
// through puppeteer-core) and WebKitGTK (WebKitWebDriver, under Xvfb). Each is found, or installed
// as root, the way Chromium is (scripts/system-tool.mjs).
import { findChrome } from './chrome.mjs';
import { findSystemTool } from './system-tool.mjs';

const TOOLS = {
  FIREFOX_PATH: { name: 'Firefox', candidates: ['/usr/bin/firefox-esr', '/usr/bin/firefox'], aptPackage: 'firefox-esr' },
  // WebKitWebDriver opens WebKitGTK's MiniBrowser, which needs an X display: xvfb-run gives it one.
  WEBKIT_DRIVER_PATH: { name: 'WebKitWebDriver', candidates: ['/usr/bin/WebKitWebDriver'], aptPackage: ['webkit2gtk-driver', 'xvfb', 'xauth'] },
  XVFB_RUN_PATH: { name: 'xvfb-run', candidates: ['/usr/bin/xvfb-run'], aptPackage: ['xvfb', 'xauth'] },
};

export const findFirefox = () => findSystemTool({ envVar: 'FIREFOX_PATH', ...TOOLS.FIREFOX_PATH });
export const findWebkitDriver = () => findSystemTool({ envVar: 'WEBKIT_DRIVER_PATH', ...TOOLS.WEBKIT_DRIVER_PATH });
export const findXvfbRun = () => findSystemTool({ envVar: 'XVFB_RUN_PATH', ...TOOLS.XVFB_RUN_PATH });

/** The variables naming every engine's executable, found or installed once, for child processes. */
export const engineEnv = () => ({
  CHROME_PATH: findChrome(),
  FIREFOX_PATH: findFirefox(),
  WEBKIT_DRIVER_PATH: findWebkitDriver(),
  XVFB_RUN_PATH: findXvfbRun(),
});
