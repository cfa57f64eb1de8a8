// `npm run test:e2e`: the end-to-end files (or the ones named) under `node --test`, sharing one demo
// server and one Chromium started here, reached at the addresses in EVC_E2E_DEMO_URL and
// EVC_E2E_CHROMIUM_WS (test/e2e/harness.mjs); starting them once spares every file its own.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chromium } from 'playwright-core';
import { startDemoProcess } from '../test/e2e/processes.mjs';
import { chromeArgs, findChrome } from './chrome.mjs';

const files = process.argv.slice(2);
const demo = await startDemoProcess();
const browser = await chromium.launchServer({ executablePath: findChrome(), args: chromeArgs });
// One file at a time: a test steering the shared shop must not meet another file's reset.
const tests = spawn(process.execPath, ['--test', '--test-concurrency=1', ...(files.length > 0 ? files : ['test/e2e/'])], {
  stdio: 'inherit',
  env: { ...process.env, EVC_E2E_DEMO_URL: demo.url, EVC_E2E_CHROMIUM_WS: browser.wsEndpoint() },
});
const [code, signal] = await once(tests, 'exit');
await browser.close();
await demo.close();
if (signal) console.error(`node --test ended by ${signal}`);
process.exit(code ?? 1);
