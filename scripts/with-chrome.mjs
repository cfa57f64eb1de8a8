// Runs a command with CHROME_PATH set to the Chromium found (or installed) by findChrome().
// Usage: node scripts/with-chrome.mjs <command> [args...]
import { spawnSync } from 'node:child_process';
import { findChrome } from './chrome.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: node scripts/with-chrome.mjs <command> [args...]');
  process.exit(2);
}
const result = spawnSync(command, args, {
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: findChrome() },
});
process.exit(result.status ?? 1);
