// The page's first load as esbuild recorded it (dist/meta/*.json, written by tsup.config.ts): the
// classic loader, elements.js (which the loader imports by URL at run time, out of esbuild's sight)
// and every file elements.js imports statically, at any depth.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOADER = 'ev-charger-configurator.js';
export const ENTRY = 'elements.js';

/** esbuild's metafile of one build of tsup.config.ts: `loader`, `page` or `viewer`. */
export const metafileOf = (dist, build) => JSON.parse(readFileSync(join(dist, 'meta', `${build}.json`), 'utf8'));

/** dist/-relative name of a metafile output path ("dist/chunk-X.js" → "chunk-X.js"). */
const inDist = (path) => path.replace(/^dist\//, '');

/** `entry` and the files it imports statically at any depth, in load order, from a metafile's outputs (dist/-relative names). */
export function staticClosure(meta, entry) {
  const files = [];
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.shift();
    if (files.includes(file)) continue;
    const output = meta.outputs[`dist/${file}`];
    if (!output) throw new Error(`esbuild's metafile has no output dist/${file}`);
    files.push(file);
    pending.push(...output.imports.filter(({ kind, external }) => kind === 'import-statement' && !external).map(({ path }) => inDist(path)));
  }
  return files;
}

/** The source modules (metafile input paths) bundled into `files`. */
export const modulesIn = (meta, files) => new Set(files.flatMap((file) => Object.keys(meta.outputs[`dist/${file}`].inputs)));

/** Every file a page loads before the buyer's first interaction (dist/-relative, in load order). */
export const firstLoadFiles = (dist) => [LOADER, ...staticClosure(metafileOf(dist, 'page'), ENTRY)];
