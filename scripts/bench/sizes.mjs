// Gzip sizes of our script files in dist/, measured as scripts/check-bundle.mjs measures (gzip -9):
// the ones a page loads before the first interaction (recorded in the page by scripts/bench/blocking.mjs)
// and every other one a page may load, on demand. Whether the page script is one classic file or a
// loader with ES modules and chunks beside it, nothing here names more than the loader.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The classic script a page's `<script>` tag names (the whole page script, or its loader). */
export const MAIN_SCRIPT = 'ev-charger-configurator.js';

/** The package's ES module entries and its command, for bundlers, servers and set-up: no page loads them or their chunks. */
export const PACKAGE_ENTRIES = ['index.js', 'server.js', 'cli.js'];

const IMPORT = /\bfrom\s*(["'])(\.{1,2}\/[^"'\s]+)\1|\bimport\s*\(?\s*(["'])(\.{1,2}\/[^"'\s]+)\3/g;

/** The relative specifiers `code` imports or re-exports, statically or by `import("…")` of a literal, once each. */
export function relativeImports(code) {
  return [...new Set([...code.matchAll(IMPORT)].map((match) => match[2] ?? match[4]))];
}

/** The dist/-relative path (posix) of `specifier` imported by the dist/-relative file `from`. */
export const resolveRelative = (from, specifier) => posix.normalize(posix.join(posix.dirname(from), specifier));

/**
 * The on-demand script files: of `files` (our script files, dist/-relative), those not in
 * `firstLoad` (what a page loaded before its first interaction) and neither a package entry nor
 * imported by one at any depth (its chunks). `importsOf(file)` gives a file's relative specifiers.
 */
export function onDemandFiles(files, firstLoad, importsOf) {
  const packageFiles = new Set();
  const pending = PACKAGE_ENTRIES.filter((entry) => files.includes(entry));
  while (pending.length > 0) {
    const file = pending.pop();
    if (packageFiles.has(file)) continue;
    packageFiles.add(file);
    pending.push(...importsOf(file).map((specifier) => resolveRelative(file, specifier)).filter((path) => files.includes(path)));
  }
  return files.filter((file) => !firstLoad.includes(file) && !packageFiles.has(file)).sort();
}

/** Every script file under `distDir`, at any depth, as sorted dist/-relative posix paths. */
export function scriptFilesUnder(distDir) {
  return readdirSync(distDir, { recursive: true })
    .map((path) => String(path).split(sep).join('/'))
    .filter((path) => /\.m?js$/.test(path))
    .sort();
}

/** `importsOf` for onDemandFiles, reading the files in `distDir`. */
export const importsIn = (distDir) => (file) => relativeImports(readFileSync(join(distDir, file), 'utf8'));

/** Minified and gzip -9 size of one file. */
export function sizeOf(path) {
  const bytes = readFileSync(path);
  return { bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}
