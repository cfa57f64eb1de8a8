// Finds a program the tests drive (Chromium, redis-server): an environment variable, else a system
// install; as root, installs the Debian package with apt-get when none is found.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';

export const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

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

let aptUpdated = false;

/**
 * The executable: `envVar` if set, else the first of `candidates` that exists; as root, installs
 * `aptPackage` (a name, or several) when none does. Exits with a message naming `envVar` otherwise.
 */
export function findSystemTool({ name, envVar, candidates, aptPackage }) {
  const fromEnv = process.env[envVar];
  if (fromEnv) {
    if (!existsSync(fromEnv)) fail(`${envVar} is set to ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  const installed = () => candidates.find((path) => existsSync(path));
  const found = installed();
  if (found) return found;
  if (!isRoot) {
    fail(
      `No ${name} found in ${candidates.join(', ')}.\n` +
        `Install one, or set ${envVar} to its executable, e.g.\n` +
        `  ${envVar}=/path/to/${basename(candidates[0])} npm test`,
    );
  }
  const packages = [aptPackage].flat();
  console.log(`No ${name} found; installing Debian's ${packages.join(', ')} with apt-get.`);
  // One index refresh serves every tool installed by this process.
  if (!aptUpdated) run('apt-get', ['update']);
  aptUpdated = true;
  run('apt-get', ['install', '-y', ...packages]);
  return installed() ?? fail(`apt-get installed ${packages.join(', ')} but none of ${candidates.join(', ')} exists; set ${envVar}.`);
}
