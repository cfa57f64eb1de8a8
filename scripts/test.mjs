// `npm test`: every check, in order, stopping at the first failed step. Stages in one step run at
// once, their output printed whole as each ends.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { engineEnv } from './engines.mjs';
import { findRedisServer } from './redis.mjs';

// Each step's stages need nothing from each other: the build, beside the static checks, is ready
// for everything after; the unit tests, the shipped types and the browser tests then share the cores.
const STEPS = [
  [
    { name: 'lint', script: 'lint' },
    { name: 'typecheck', script: 'typecheck' },
    { name: 'build', script: 'build' },
  ],
  [
    { name: 'unit tests (vitest)', script: 'test:unit', redis: true },
    { name: 'shipped types (tsc, vue-tsc and svelte-check on the host files in test/types against dist/index.d.ts and jsx/)', script: 'test:types' },
    { name: 'browser tests (@web/test-runner: Chromium, Firefox, WebKit)', script: 'test:browser', browser: true },
  ],
  [{ name: 'end-to-end tests (node --test in two shards: playwright-core in Chromium; Firefox and WebKit)', script: 'test:e2e', browser: true }],
];
const STAGES = STEPS.flat();

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const started = performance.now();
const env = { ...process.env };
const label = (stage) => `[${STAGES.indexOf(stage) + 1}/${STAGES.length}] ${stage.name}`;

/** Runs one stage; alone it prints as it goes, beside another its output is kept until it ends. Resolves to { stage, status, signal, took, output }. */
async function run(stage, alone) {
  const stageStarted = performance.now();
  const child = spawn('npm', ['run', '--silent', stage.script], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env });
  const output = [];
  if (!alone) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk));
  const [status, signal] = await once(child, 'close');
  return { stage, status, signal, took: seconds(stageStarted), output: Buffer.concat(output).toString() };
}

let passed = 0;
for (const step of STEPS) {
  for (const stage of step) console.log(`\n=== ${label(stage)}: npm run ${stage.script} ===`);
  // Found (or installed) once, before the first stage that needs it; later stages reuse it.
  if (step.some((stage) => stage.redis) && !env.REDIS_SERVER_PATH) env.REDIS_SERVER_PATH = findRedisServer();
  if (step.some((stage) => stage.browser) && !env.WEBKIT_DRIVER_PATH) Object.assign(env, engineEnv());
  const results = await Promise.all(step.map((stage) => run(stage, step.length === 1)));
  for (const { stage, status, signal, took, output } of results) {
    if (output) console.log(`\n--- ${label(stage)} ---\n${output}`);
    if (status === 0) {
      passed += 1;
      console.log(`\n=== ${label(stage)}: passed in ${took} ===`);
    } else console.error(`\n=== ${label(stage)}: FAILED (${signal ?? `exit ${status}`}) after ${took} ===`);
  }
  const failed = results.find(({ status }) => status !== 0);
  if (failed) {
    console.error(`npm test: FAILED at "${failed.stage.name}"; ${passed} of ${STAGES.length} stages passed in ${seconds(started)}.`);
    process.exit(failed.status || 1);
  }
}
console.log(`\nnpm test: all ${STAGES.length} stages passed in ${seconds(started)}.`);
