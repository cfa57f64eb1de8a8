// Finds the Chromium that the browser and end-to-end tests drive (TOOLCHAIN: Chromium).
import { findSystemTool, isRoot } from './system-tool.mjs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** Flags for a headless run on a closed network; Chromium refuses to start as root without --no-sandbox. */
export const chromeArgs = [
  '--headless=new',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
  ...(isRoot ? ['--no-sandbox'] : []),
];

/**
 * The Chromium executable: CHROME_PATH, else a system install; as root, installs Debian's chromium
 * with apt-get when none is found. Exits with a message naming CHROME_PATH otherwise.
 */
export function findChrome() {
  return findSystemTool({ name: 'Chromium or Chrome', envVar: 'CHROME_PATH', candidates: CANDIDATES, aptPackage: 'chromium' });
}
