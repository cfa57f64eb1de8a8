// `npm run test:e2e`: the end-to-end files (or the ones named), split into two shards that run at
// once. Each shard has a demo server and a Chromium of its own, started here and reached at the
// addresses in EVC_E2E_DEMO_URL and EVC_E2E_CHROMIUM_WS (test/e2e/harness.mjs), and runs its files one
// at a time, each under `node --test`; see docs/decisions/one-demo-server-for-the-browser-tests.md.
// `--record` also writes each file's duration to scripts/e2e-durations.json, which splits them.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startDemoProcess } from '../test/e2e/processes.mjs';
import { chromeArgs, findChrome } from './chrome.mjs';
import { splitByDuration } from './e2e-shards.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DURATIONS = fileURLToPath(new URL('e2e-durations.json', import.meta.url));
// Two cores: each shard spends much of its time waiting on a page, so two keep both busy.
const SHARDS = Number(process.env.EVC_E2E_SHARDS ?? 2);

const args = process.argv.slice(2);
const record = args.includes('--record');
const named = args.filter((arg) => arg !== '--record');
const files = (named.length > 0 ? named : (await readdir(join(ROOT, 'test/e2e'))).filter((name) => name.endsWith('.test.mjs')).map((name) => `test/e2e/${name}`))
  .map((file) => relative(ROOT, resolve(file)));
const durations = JSON.parse(await readFile(DURATIONS, 'utf8'));

/** Prints each line of `stream` to `out` after `prefix`. */
const relay = (stream, out, prefix) => createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));

/**
 * Runs `group`'s files one at a time, each under its own `node --test`, against a demo server and a
 * Chromium of the shard's own. Resolves to each file's { file, code, seconds }.
 */
async function runShard(group, prefix) {
  const demo = await startDemoProcess();
  const browser = await chromium.launchServer({ executablePath: findChrome(), args: chromeArgs });
  const env = { ...process.env, EVC_E2E_DEMO_URL: demo.url, EVC_E2E_CHROMIUM_WS: browser.wsEndpoint() };
  const results = [];
  try {
    // One file at a time: a test steering the shard's shop must not meet another file's reset.
    for (const file of group.files) {
      const since = performance.now();
      const tests = spawn(process.execPath, ['--test', '--test-reporter=spec', file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env });
      relay(tests.stdout, process.stdout, prefix);
      relay(tests.stderr, process.stderr, prefix);
      // 'close', not 'exit': every line it printed has been passed on.
      const [code, signal] = await once(tests, 'close');
      const seconds = Math.round((performance.now() - since) / 100) / 10;
      console.log(`${prefix}${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`}: ${file} in ${seconds} s`);
      results.push({ file, code: code ?? 1, seconds });
    }
  } finally {
    await browser.close();
    await demo.close();
  }
  return results;
}

const groups = splitByDuration(files, durations, SHARDS);
for (const [index, group] of groups.entries()) console.log(`shard ${index + 1}: ${group.files.length} files, ${Math.round(group.total)} s as last measured`);
const since = performance.now();
const results = (await Promise.all(groups.map((group, index) => runShard(group, groups.length > 1 ? `[${index + 1}] ` : '')))).flat();
const failed = results.filter(({ code }) => code !== 0);
console.log(`\nend-to-end: ${results.length - failed.length} of ${results.length} files passed in ${Math.round((performance.now() - since) / 1000)} s`);
for (const { file } of failed) console.error(`FAILED: ${file}`);
if (record) {
  const measured = { ...(named.length > 0 ? durations : {}), ...Object.fromEntries(results.map(({ file, seconds }) => [file, seconds])) };
  await writeFile(DURATIONS, `${JSON.stringify(Object.fromEntries(Object.entries(measured).sort(([a], [b]) => a.localeCompare(b))), null, 2)}\n`);
  console.log(`wrote ${relative(ROOT, DURATIONS)}`);
}
process.exit(failed.length > 0 ? 1 : 0);
