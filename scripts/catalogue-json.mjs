// Writes docs/catalogue.uk.json, the embedded UK catalogue as the JSON a merchant starts from
// (README "The catalogue JSON"); a unit test fails when it differs from src/domain/catalogue/uk.ts.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const result = await build({
  entryPoints: [`${rootDir}src/domain/catalogue/uk.ts`],
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
  logLevel: 'silent',
});
const { UK_CATALOGUE } = await import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`);
writeFileSync(`${rootDir}docs/catalogue.uk.json`, `${JSON.stringify(UK_CATALOGUE, null, 2)}\n`);
console.log('docs/catalogue.uk.json: written from src/domain/catalogue/uk.ts');
