// Finds the Chromium that the browser and end-to-end tests drive (TOOLCHAIN: Chromium).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

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

function fail(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) fail(`"${command} ${args.join(' ')}" failed (exit ${result.status ?? result.signal}).`);
}

/**
 * The Chromium executable: CHROME_PATH, else a system install; as root, installs Debian's chromium
 * with apt-get when none is found. Exits with a message naming CHROME_PATH otherwise.
 */
export function findChrome() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) fail(`CHROME_PATH is set to ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  if (!isRoot) {
    fail(
      'No Chromium or Chrome found in ' + CANDIDATES.join(', ') + '.\n' +
        'Install one, or set CHROME_PATH to a Chromium/Chrome executable, e.g.\n' +
        '  CHROME_PATH=/path/to/chrome npm test',
    );
  }
  console.log('No Chromium found; installing Debian\'s chromium with apt-get.');
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', 'chromium']);
  if (!existsSync('/usr/bin/chromium')) fail('apt-get installed chromium but /usr/bin/chromium is missing; set CHROME_PATH.');
  return '/usr/bin/chromium';
}
