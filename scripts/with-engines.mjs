// Runs a command with CHROME_PATH, FIREFOX_PATH, WEBKIT_DRIVER_PATH and XVFB_RUN_PATH set to the
// engines found (or installed) by scripts/engines.mjs.
// Usage: node scripts/with-engines.mjs <command> [args...]
import { spawnSync } from 'node:child_process';
import { engineEnv } from './engines.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: node scripts/with-engines.mjs <command> [args...]');
  process.exit(2);
}
const result = spawnSync(command, args, {
  stdio: 'inherit',
  env: { ...process.env, ...engineEnv() },
});
process.exit(result.status ?? 1);
