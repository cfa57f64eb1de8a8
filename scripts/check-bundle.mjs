// Post-build check of the page's scripts against BUILD-1; fails the build (exit 1) when
// one fails. It reads what esbuild recorded of the builds (dist/meta/*.json, scripts/first-load.mjs),
// never the code: the first load is the loader, dist/elements.js and every chunk that imports
// statically; each on-demand file must hold the modules the page leaves out for it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sizeOf } from './bench/sizes.mjs';
import { ENTRY, LOADER, firstLoadFiles, metafileOf, modulesIn, staticClosure } from './first-load.mjs';

const DIST = 'dist';
const BUDGET_BYTES = 90 * 1024;
/** Room kept under the budget for what comes next: the first load aims at 88 KB. */
const TARGET_BYTES = 88 * 1024;

// Modules by their source path, as the metafile names them (node_modules paths keep the package's name).
const VIEWER = [
  { name: '@google/model-viewer', pattern: /node_modules\/@google\/model-viewer\// },
  { name: 'three.js', pattern: /node_modules\/three\// },
];
const CATALOGUE_SCHEMA = [
  { name: 'the catalogue schema', pattern: /^src\/domain\/catalogue\/schema\.ts$/ },
  { name: 'valibot', pattern: /node_modules\/valibot\// },
];
const SHARE_READER = [{ name: 'the share-link reader', pattern: /^src\/domain\/share-read\.ts$/ }];
const WIZARD = [{ name: 'the wizard', pattern: /^src\/ui\/Wizard\.tsx$/ }];
const SHOP_PRICES = [{ name: "the shop's price request", pattern: /^src\/services\/shop-prices\.ts$/ }];
// What only some pages show, in chunks imported on demand: the Contact Us block (<ev-charger-contact>,
// and the wizard's "Need help?") and the preview's drawing (for a page without preview images).
const CONTACT = { name: 'the Contact Us block', pattern: /^src\/ui\/ContactUs\.tsx$/ };
const DRAWING = { name: "the preview's drawing", pattern: /^src\/ui\/ChargerDrawing\.tsx$/ };

/** The files loaded on demand, each an entry of the module graph that keeps its name. */
const ON_DEMAND = [
  { file: 'model-viewer.js', build: 'viewer', when: 'when the buyer opens the 3D view', holds: VIEWER },
  { file: 'wizard.js', build: 'page', when: 'when the buyer first presses Continue, View in 3D or Start again', holds: WIZARD },
  { file: 'catalogue.js', build: 'page', when: 'only when a merchant catalogue is set', holds: CATALOGUE_SCHEMA },
  { file: 'share-link.js', build: 'page', when: 'when the page was opened with a share link or the buyer shares one', holds: SHARE_READER },
  { file: 'shop-prices.js', build: 'page', when: 'once an element with a shop has rendered', holds: SHOP_PRICES },
];

const failures = [];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const text = (file) => readFileSync(join(DIST, file), 'utf8');
const gzipOf = (files) => files.reduce((sum, file) => sum + sizeOf(join(DIST, file)).gzip, 0);
const found = (modules, markers) => markers.filter(({ pattern }) => [...modules].some((path) => pattern.test(path))).map(({ name }) => name);
const missing = (modules, markers) => markers.filter(({ pattern }) => ![...modules].some((path) => pattern.test(path))).map(({ name }) => name);

for (const file of [LOADER, ENTRY, ...ON_DEMAND.map(({ file }) => file), 'meta/loader.json', 'meta/page.json', 'meta/viewer.json']) {
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

const page = metafileOf(DIST, 'page');
const firstLoad = firstLoadFiles(DIST);
const firstLoadGzip = gzipOf(firstLoad);
console.log(`Before the first interaction (${LOADER}, ${ENTRY} and the chunks it imports statically, from esbuild's metafile):`);
for (const file of firstLoad) {
  const { bytes, gzip } = sizeOf(join(DIST, file));
  console.log(`  dist/${file}: ${kb(bytes)} minified, ${gzip} B gzip (${((100 * gzip) / firstLoadGzip).toFixed(1)}%)`);
}
const room = TARGET_BYTES - firstLoadGzip;
const verdict = firstLoadGzip <= BUDGET_BYTES ? 'within budget' : 'OVER BUDGET';
console.log(`  total: ${firstLoadGzip} B = ${kb(firstLoadGzip)} gzip (budget ${kb(BUDGET_BYTES)} = ${BUDGET_BYTES} B: ${verdict})`);
console.log(`  room: ${room >= 0 ? `${room} B under` : `${-room} B over`} the ${kb(TARGET_BYTES)} = ${TARGET_BYTES} B target`);
// Which code takes the room: minified bytes by package or by folder of src/ (esbuild's bytesInOutput).
const byPart = new Map();
for (const file of firstLoad.slice(1)) {
  for (const [path, { bytesInOutput }] of Object.entries(page.outputs[`dist/${file}`].inputs)) {
    const part = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? path.match(/src\/[^/]+/)?.[0] ?? path.replace(/^.*\//, '').replace(/\?text$/, '');
    byPart.set(part, (byPart.get(part) ?? 0) + bytesInOutput);
  }
}
const minified = [...byPart.values()].reduce((sum, bytes) => sum + bytes, 0);
console.log(`  minified, by package or folder: ${[...byPart].sort((a, b) => b[1] - a[1]).map(([part, bytes]) => `${part} ${((100 * bytes) / minified).toFixed(1)}%`).join(', ')}`);
if (firstLoadGzip > BUDGET_BYTES) failures.push(`the page's first load is ${kb(firstLoadGzip)} gzip, over its ${kb(BUDGET_BYTES)} budget by ${firstLoadGzip - BUDGET_BYTES} bytes`);

// V8's compile hint (docs/decisions/compile-hint-for-the-page-script.md): first in every module the
// page evaluates before its first interaction, and in no file of the 3D viewer, most of which never runs.
const HINT = '//# allFunctionsCalledOnLoad';
const unhinted = firstLoad.filter((file) => file !== LOADER && !text(file).startsWith(HINT));
if (unhinted.length > 0) failures.push(`${unhinted.map((file) => `dist/${file}`).join(', ')} must start with ${HINT}`);
const viewer = metafileOf(DIST, 'viewer');
const viewerFiles = Object.keys(viewer.outputs).filter((path) => path.endsWith('.js')).map((path) => path.replace(/^dist\//, ''));
const hintedViewer = viewerFiles.filter((file) => text(file).startsWith(HINT));
if (hintedViewer.length > 0) failures.push(`${hintedViewer.map((file) => `dist/${file}`).join(', ')} must not carry ${HINT}: the viewer is compiled as V8 chooses`);

const onPage = new Set([...modulesIn(metafileOf(DIST, 'loader'), [LOADER]), ...modulesIn(page, firstLoad.slice(1))]);
for (const [markers, where] of [[VIEWER, 'model-viewer.js'], [CATALOGUE_SCHEMA, 'catalogue.js'], [SHARE_READER, 'share-link.js'], [SHOP_PRICES, 'shop-prices.js'], [WIZARD, 'wizard.js'], [[CONTACT, DRAWING], 'a chunk imported on demand']]) {
  const inside = found(onPage, markers);
  if (inside.length > 0) failures.push(`the page's first load must not contain ${inside.join(' or ')}: it loads with ${where}`);
}
const onDemandChunks = Object.keys(page.outputs).filter((path) => /^dist\/chunk-.*\.js$/.test(path)).map((path) => path.replace(/^dist\//, '')).filter((file) => !firstLoad.includes(file));
for (const name of missing(modulesIn(page, onDemandChunks), [CONTACT, DRAWING])) failures.push(`no chunk imported on demand holds ${name}`);
const withWizard = staticClosure(page, 'wizard.js').filter((file) => !firstLoad.includes(file));
if (found(modulesIn(page, withWizard), [DRAWING]).length > 0) failures.push("dist/wizard.js must not load the preview's drawing with it: it imports the drawing's chunk when needed");

// Each on-demand file with what it brings that the page has not loaded already.
console.log('On demand (each with the files it adds to the first load):');
for (const { file, build, when, holds } of ON_DEMAND) {
  const meta = build === 'page' ? page : viewer;
  // The viewer file imports model-viewer's library itself on demand, once it knows the page has no <model-viewer>.
  const everything = build === 'page' ? staticClosure(meta, file) : viewerFiles;
  const added = everything.filter((name) => !firstLoad.includes(name));
  console.log(`  dist/${file}: ${kb(gzipOf(added))} gzip in ${added.length} file(s), loaded ${when}`);
  const lacking = missing(modulesIn(meta, everything), holds);
  if (lacking.length > 0) failures.push(`dist/${file} should hold ${lacking.join(', ')}, but does not (nor do the files it imports)`);
}

for (const failure of failures) console.error(failure);
if (failures.length > 0) process.exit(1);
