// Post-build check of the page's scripts against DESIGN's contract; fails the build (exit 1) when
// one fails. The budget covers everything a page loads before the buyer's first interaction: the
// classic script (a loader), the module it imports (dist/elements.js) and every chunk that module
// imports statically. The on-demand files load on a click, a `catalog` attribute or a share link
// (the on-demand files end-to-end test checks a page with a shop loads nothing else); each must
// hold what the page leaves out: dist/model-viewer.js the viewer, dist/wizard.js the wizard,
// dist/catalogue.js the catalogue schema, dist/share-link.js the reading and making of share links;
// and what only some pages show lies in a chunk the page does not load first.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importClosure, relativeImports, sizeOf, staticImports } from './bench/sizes.mjs';

const DIST = 'dist';
const LOADER = 'ev-charger-configurator.js';
const ENTRY = 'elements.js';
const BUDGET_BYTES = 90 * 1024;

// Markers of the libraries' own code. The bare tag name "model-viewer" is allowed: the element may
// create <model-viewer> after importing the viewer file.
const VIEWER = [
  { name: '@google/model-viewer', pattern: /get is\(\)\s*\{\s*return\s*["'`]model-viewer["'`]/ },
  { name: 'three.js (WebGLRenderer)', pattern: /WebGLRenderer/ },
  { name: 'three.js (__THREE__)', pattern: /__THREE__/ },
];

// Markers of the catalogue schema (src/domain/catalogue/schema.ts) and of valibot, which only a
// merchant catalogue needs.
const CATALOGUE_SCHEMA = [
  { name: 'the catalogue schema', pattern: /must be a lower-case identifier such as racing_green/ },
  { name: 'valibot', pattern: /vendor:\s*["'`]valibot["'`]/ },
];

// The reading of a share link (domain/share-read.ts).
const SHARE_READER = [{ name: 'the share-link reader', pattern: /the shared configuration is not base64url text/ }];

// What only some pages show, in chunks imported on demand: the Contact Us block (<ev-charger-contact>, and the wizard's
// "Need help?") and the preview's drawing (without preview images; the wizard imports that chunk too).
const IN_CHUNKS = [
  { name: 'the Contact Us block', pattern: /happy to help you at any step/ },
  { name: "the preview's drawing", pattern: /Drawing of the charger/ },
];

/** The files loaded on demand, each an entry of the module graph that keeps its name. */
const ON_DEMAND = [
  // The viewer file imports model-viewer's library itself on demand, once it knows the page has no <model-viewer>.
  { file: 'model-viewer.js', when: 'when the buyer opens the 3D view', holds: VIEWER, dynamic: true },
  { file: 'wizard.js', when: 'when the buyer first presses Continue, View in 3D or Start again', holds: [] },
  { file: 'catalogue.js', when: 'only when a merchant catalogue is set', holds: CATALOGUE_SCHEMA },
  { file: 'share-link.js', when: 'when the page was opened with a share link or the buyer shares one', holds: SHARE_READER },
];

const failures = [];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const text = (file) => readFileSync(join(DIST, file), 'utf8');
const found = (code, markers) => markers.filter(({ pattern }) => pattern.test(code)).map(({ name }) => name);
const missing = (code, markers) => markers.filter(({ pattern }) => !pattern.test(code)).map(({ name }) => name);
const gzipOf = (files) => files.reduce((sum, file) => sum + sizeOf(join(DIST, file)).gzip, 0);

for (const file of [LOADER, ENTRY, ...ON_DEMAND.map(({ file }) => file)]) {
  if (!existsSync(join(DIST, file))) failures.push(`dist/${file} is missing: tsup.config.ts builds it`);
}
if (failures.length > 0) {
  for (const failure of failures) console.error(failure);
  process.exit(1);
}

// The loader reaches elements.js with import() of a URL made beside itself, which esbuild must leave as a real dynamic import.
const loader = text(LOADER);
if (!loader.includes(`"${ENTRY}"`) || !/\bimport\(\s*[A-Za-z_$][\w$.]*\s*\)/.test(loader)) {
  failures.push(`dist/${LOADER} does not import ${ENTRY} by URL: the page would define no element`);
}

const staticOf = (file) => staticImports(text(file));
const firstLoad = [LOADER, ...importClosure(ENTRY, staticOf)];
const firstLoadGzip = gzipOf(firstLoad);
console.log(`Before the first interaction (${LOADER}, ${ENTRY} and the chunks it imports):`);
for (const file of firstLoad) {
  const { bytes, gzip } = sizeOf(join(DIST, file));
  console.log(`  dist/${file}: ${kb(bytes)} minified, ${gzip} B gzip`);
}
const verdict = firstLoadGzip <= BUDGET_BYTES ? 'within budget' : 'OVER BUDGET';
console.log(`  total: ${firstLoadGzip} B = ${kb(firstLoadGzip)} gzip (budget ${kb(BUDGET_BYTES)} = ${BUDGET_BYTES} B: ${verdict})`);
if (firstLoadGzip > BUDGET_BYTES) failures.push(`the page's first load is ${kb(firstLoadGzip)} gzip, over its ${kb(BUDGET_BYTES)} budget by ${firstLoadGzip - BUDGET_BYTES} bytes`);

// V8's compile hint (docs/decisions/compile-hint-for-the-page-script.md): first in every module the
// page evaluates before its first interaction, and in no file of the 3D viewer, most of which never runs.
const HINT = '//# allFunctionsCalledOnLoad';
const unhinted = firstLoad.filter((file) => file !== LOADER && !text(file).startsWith(HINT));
if (unhinted.length > 0) failures.push(`${unhinted.map((file) => `dist/${file}`).join(', ')} must start with ${HINT}`);
const viewerFiles = importClosure('model-viewer.js', (name) => relativeImports(text(name)));
const hintedViewer = viewerFiles.filter((file) => text(file).startsWith(HINT));
if (hintedViewer.length > 0) failures.push(`${hintedViewer.map((file) => `dist/${file}`).join(', ')} must not carry ${HINT}: the viewer is compiled as V8 chooses`);

const page = firstLoad.map(text).join('\n');
const viewerInside = found(page, VIEWER);
if (viewerInside.length > 0) failures.push(`the page's first load must not contain the 3D viewer, but contains: ${viewerInside.join(', ')}`);
const schemaInside = found(page, CATALOGUE_SCHEMA);
if (schemaInside.length > 0) failures.push(`the page's first load must not contain ${schemaInside.join(' or ')}: they load with dist/catalogue.js`);
if (found(page, SHARE_READER).length > 0) failures.push("the page's first load must not contain the share-link reader: it loads with dist/share-link.js");
for (const name of found(page, IN_CHUNKS)) failures.push(`the page's first load must not contain ${name}: it is a chunk imported on demand`);
const chunks = readdirSync(DIST).filter((file) => /^chunk-.*\.js$/.test(file) && !firstLoad.includes(file));
for (const name of missing(chunks.map(text).join('\n'), IN_CHUNKS)) failures.push(`no chunk imported on demand holds ${name}`);
const wizardFiles = importClosure('wizard.js', staticOf).filter((file) => !firstLoad.includes(file));
if (found(wizardFiles.map(text).join('\n'), IN_CHUNKS.slice(1)).length > 0) failures.push("dist/wizard.js must not load the preview's drawing with it: it imports the drawing's chunk when needed");

// Each on-demand file with what it brings that the page has not loaded already.
console.log('On demand (each with the chunks it adds to the first load):');
for (const { file, when, holds, dynamic } of ON_DEMAND) {
  const everything = importClosure(file, (name) => relativeImports(text(name)));
  const added = (dynamic ? everything : importClosure(file, staticOf)).filter((name) => !firstLoad.includes(name));
  console.log(`  dist/${file}: ${kb(gzipOf(added))} gzip in ${added.length} file(s), loaded ${when}`);
  const lacking = missing(everything.map(text).join('\n'), holds);
  if (lacking.length > 0) failures.push(`dist/${file} should hold ${lacking.join(', ')}, but does not (nor do the files it imports)`);
}

for (const failure of failures) console.error(failure);
if (failures.length > 0) process.exit(1);
