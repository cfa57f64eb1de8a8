// Writes the files generated from src/elements/manifest.ts (scripts/generated-files.mjs):
// custom-elements.json (BUILD-4), docs/reference.md's element reference and README's attribute
// table, all from the attribute table (ATTR-1). Run by `npm run build`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { generatedFiles } from './generated-files.mjs';

const rootDir = fileURLToPath(new URL('..', import.meta.url));

// Node 20 cannot import TypeScript: bundle the module (CSS as text, as the build does) and import that.
const result = await build({
  entryPoints: [`${rootDir}src/elements/manifest.ts`],
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  loader: { '.css': 'text' },
  write: false,
  logLevel: 'silent',
});
const code = result.outputFiles[0].text;
const manifest = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);

const read = (path) => readFileSync(`${rootDir}${path}`, 'utf8');
for (const { path, text } of generatedFiles(manifest, read)) {
  const changed = read(path) !== text;
  if (changed) writeFileSync(`${rootDir}${path}`, text);
  console.log(`${path}: ${changed ? 'written' : 'unchanged'} from src/elements/manifest.ts`);
}
