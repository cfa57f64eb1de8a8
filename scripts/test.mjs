// `npm test`: every check, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';
import { engineEnv } from './engines.mjs';
import { findRedisServer } from './redis.mjs';

const STAGES = [
  { name: 'lint', script: 'lint' },
  { name: 'typecheck', script: 'typecheck' },
  { name: 'unit tests (vitest)', script: 'test:unit', redis: true },
  { name: 'build', script: 'build' },
  { name: 'shipped types (tsc, vue-tsc and svelte-check on the host files in test/types against dist/index.d.ts and jsx/)', script: 'test:types' },
  { name: 'browser tests (@web/test-runner: Chromium, Firefox, WebKit)', script: 'test:browser', browser: true },
  { name: 'end-to-end tests (node --test: playwright-core in Chromium; Firefox and WebKit)', script: 'test:e2e', browser: true },
];

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const started = performance.now();
const env = { ...process.env };

for (const [index, stage] of STAGES.entries()) {
  console.log(`\n=== [${index + 1}/${STAGES.length}] ${stage.name}: npm run ${stage.script} ===\n`);
  // Found (or installed) once, before the first stage that needs it; later stages reuse it.
  if (stage.redis && !env.REDIS_SERVER_PATH) env.REDIS_SERVER_PATH = findRedisServer();
  if (stage.browser && !env.WEBKIT_DRIVER_PATH) Object.assign(env, engineEnv());
  const stageStarted = performance.now();
  const { status, signal } = spawnSync('npm', ['run', '--silent', stage.script], { stdio: 'inherit', env });
  if (status !== 0) {
    console.error(`\n=== [${index + 1}/${STAGES.length}] ${stage.name}: FAILED (${signal ?? `exit ${status}`}) after ${seconds(stageStarted)} ===`);
    console.error(`npm test: FAILED at "${stage.name}"; ${index} of ${STAGES.length} stages passed in ${seconds(started)}.`);
    process.exit(status || 1);
  }
  console.log(`\n=== [${index + 1}/${STAGES.length}] ${stage.name}: passed in ${seconds(stageStarted)} ===`);
}
console.log(`\nnpm test: all ${STAGES.length} stages passed in ${seconds(started)}.`);
