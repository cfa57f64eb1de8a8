// The registry reachable here serves only the platform packages of this machine for some native
// tools (rollup's @rollup/rollup-<os>-<cpu> answer 404), so `npm install` leaves their optional
// entries out of package-lock.json and `npm ci` then refuses the lockfile as out of sync.
// This script adds each missing optional entry, marked optional with the os/cpu its name states, so
// `npm ci` skips it on other platforms. Run it after any `npm install`; `--check` only reports.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const lockPath = fileURLToPath(new URL('../package-lock.json', import.meta.url));
const check = process.argv.includes('--check');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'sunos', 'aix', 'netbsd'];
const CPU = { arm: 'arm', 'arm-eabi': 'arm', arm64: 'arm64', x64: 'x64', ia32: 'ia32', loong64: 'loong64', ppc64: 'ppc64', riscv64: 'riscv64', s390x: 's390x' };

/** "@rollup/rollup-linux-arm64-musl" → { os: ['linux'], cpu: ['arm64'], libc: ['musl'] }. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS.includes(part));
  const rest = parts.slice(parts.indexOf(os) + 1).join('-');
  const cpuKey = Object.keys(CPU)
    .sort((a, b) => b.length - a.length)
    .find((key) => rest === key || rest.startsWith(`${key}-`));
  const platform = {};
  if (os) platform.os = [os];
  if (cpuKey) platform.cpu = [CPU[cpuKey]];
  if (/-musl/.test(rest)) platform.libc = ['musl'];
  else if (/-gnu/.test(rest) && os === 'linux') platform.libc = ['glibc'];
  return platform;
}

const missing = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path === '' ? 'node_modules' : `${path}/node_modules`;
    // npm resolves from the nearest node_modules upwards; the hoisted location is the usual one.
    const candidates = [`${base}/${name}`, `node_modules/${name}`];
    if (candidates.some((candidate) => packages[candidate])) continue;
    missing.push({ key: `node_modules/${name}`, name, version });
  }
}

if (check) {
  if (missing.length > 0) {
    console.error(`package-lock.json lacks ${missing.length} optional platform entries (${missing[0].name}, ...).`);
    console.error('Run: node scripts/complete-lockfile.mjs');
    process.exit(1);
  }
  process.exit(0);
}

for (const { key, name, version } of missing) {
  packages[key] = { version, optional: true, ...platformOf(name) };
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${missing.length} optional platform entries.`);
