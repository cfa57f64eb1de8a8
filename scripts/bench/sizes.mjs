// Gzip sizes of the files a browser loads from dist/: the classic script and every file it loads on
// demand, measured as scripts/check-bundle.mjs measures (gzip -9).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const MAIN_SCRIPT = 'ev-charger-configurator.js';

/**
 * The on-demand files: the .js files in `distDir` that the classic script names (it imports them by
 * URL from beside itself, by file name). The ESM build's own chunks and the server build are never
 * named there, so they are left out without a list to keep up to date.
 */
export function onDemandFiles(distDir) {
  const main = readFileSync(join(distDir, MAIN_SCRIPT), 'utf8');
  return readdirSync(distDir)
    .filter((name) => name.endsWith('.js') && name !== MAIN_SCRIPT)
    .filter((name) => main.includes(`"${name}"`) || main.includes(`'${name}'`) || main.includes(`\`${name}\``))
    .sort();
}

/** Minified and gzip -9 size of one file. */
export function sizeOf(path) {
  const bytes = readFileSync(path);
  return { bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}
