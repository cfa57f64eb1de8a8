// Writes custom-elements.json (BUILD-4) from src/elements/manifest.ts, the one place
// the elements' attributes, events, parts and custom properties are documented. Run by `npm run build`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const target = `${rootDir}custom-elements.json`;

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
const { manifestJson } = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);

writeFileSync(target, manifestJson());
console.log(`custom-elements.json: written from src/elements/manifest.ts`);
