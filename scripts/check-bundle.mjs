// Post-build check of dist/ev-charger-configurator.js against DESIGN's contract: no 3D viewer inside
// (it is a separate file loaded on demand) and a gzip size within budget; fails the build (exit 1)
// otherwise. The budget covers everything a page loads before the buyer's first interaction: the
// script alone, since the files below load on a click, a `catalog` attribute or a share link (the
// on-demand files end-to-end test checks a page with a shop loads nothing else). Also reports the files the script loads on demand, and checks each holds what the
// script leaves out: dist/model-viewer.js the viewer, dist/wizard.js the wizard (without a second
// React), dist/catalogue.js the catalogue schema (for a merchant's `catalog`), dist/share-link.js the
// reading of a share link.
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUNDLE = process.argv[2] ?? 'dist/ev-charger-configurator.js';
const BUDGET_BYTES = 90 * 1024;

// Markers of the libraries' own code. The bare tag name "model-viewer" is allowed: the element may
// create <model-viewer> after importing the viewer file by URL.
const FORBIDDEN = [
  { name: '@google/model-viewer', pattern: /get is\(\)\s*\{\s*return\s*["'`]model-viewer["'`]/ },
  { name: 'three.js (WebGLRenderer)', pattern: /WebGLRenderer/ },
  { name: 'three.js (__THREE__)', pattern: /__THREE__/ },
];

// Markers of the catalogue schema (src/domain/catalogue/schema.ts) and of valibot, which only a
// merchant catalogue needs: they belong in dist/catalogue.js, not in the page's script.
const CATALOGUE_SCHEMA = [
  { name: 'the catalogue schema', pattern: /must be a lower-case identifier such as racing_green/ },
  { name: 'valibot', pattern: /vendor:\s*["'`]valibot["'`]/ },
];

// The reading of a share link (domain/share.ts decodeSharedConfiguration) belongs in dist/share-link.js.
const SHARE_READER = [{ name: 'the share-link reader', pattern: /the shared configuration is not base64url text/ }];

const failures = [];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gzip = (code) => gzipSync(code, { level: 9 }).length;
const found = (text, markers) => markers.filter(({ pattern }) => pattern.test(text)).map(({ name }) => name);
const missing = (text, markers) => markers.filter(({ pattern }) => !pattern.test(text)).map(({ name }) => name);

function read(file, why) {
  if (existsSync(file)) return readFileSync(file);
  failures.push(`${file} is missing: ${why}`);
  return undefined;
}

const code = readFileSync(BUNDLE);
const text = code.toString('utf8');
const gzipped = gzip(code);
const verdict = gzipped <= BUDGET_BYTES ? 'within budget' : 'OVER BUDGET';
console.log(`${BUNDLE}: ${kb(code.length)} minified, ${kb(gzipped)} gzip (budget ${kb(BUDGET_BYTES)}: ${verdict})`);
if (gzipped > BUDGET_BYTES) {
  failures.push(`${BUNDLE} is ${kb(gzipped)} gzip, over its ${kb(BUDGET_BYTES)} budget by ${gzipped - BUDGET_BYTES} bytes`);
}

const viewerInside = found(text, FORBIDDEN);
if (viewerInside.length > 0) failures.push(`${BUNDLE} must not contain the 3D viewer, but contains: ${viewerInside.join(', ')}`);
const schemaInside = found(text, CATALOGUE_SCHEMA);
if (schemaInside.length > 0) failures.push(`${BUNDLE} must not contain ${schemaInside.join(' or ')}: they load with dist/catalogue.js`);
if (found(text, SHARE_READER).length > 0) failures.push(`${BUNDLE} must not contain the share-link reader: it loads with dist/share-link.js`);

// The main script reaches the on-demand files with import(url) of a variable URL, which esbuild must
// leave as a real dynamic import (a classic script may use one; nothing else can load an ES module).
if (!/\bimport\(\s*[A-Za-z_$][\w$]*\s*\)/.test(text)) {
  failures.push(`${BUNDLE} has no dynamic import(url) left: its on-demand files could not be loaded`);
}

const VIEWER = 'dist/model-viewer.js';
const viewer = read(VIEWER, 'the 3D viewer is built as its own file (tsup.config.ts)');
if (viewer) {
  console.log(`${VIEWER}: ${kb(viewer.length)} minified, ${kb(gzip(viewer))} gzip (on demand: loaded only when the buyer opens the 3D view)`);
  const viewerMissing = missing(viewer.toString('utf8'), FORBIDDEN);
  if (viewerMissing.length > 0) failures.push(`${VIEWER} should hold the 3D viewer, but lacks: ${viewerMissing.join(', ')}`);
}

// The wizard is its own file too, and must not bring a second React: it renders with the main
// script's (src/elements/shared-runtime), so React's own markers must be absent from it.
const REACT = /react\.transitional\.element|__CLIENT_INTERNALS_DO_NOT_USE/;
const WIZARD = 'dist/wizard.js';
const wizard = read(WIZARD, 'the wizard is built as its own file (tsup.config.ts)');
if (wizard) {
  console.log(`${WIZARD}: ${kb(wizard.length)} minified, ${kb(gzip(wizard))} gzip (on demand: loaded when the buyer first presses Continue, View in 3D or Start again)`);
  if (REACT.test(wizard.toString('utf8'))) failures.push(`${WIZARD} contains a copy of React; it must use the main script's (shared-runtime aliases)`);
}

const CATALOGUE = 'dist/catalogue.js';
const catalogue = read(CATALOGUE, 'the catalogue schema is built as its own file (tsup.config.ts)');
if (catalogue) {
  console.log(`${CATALOGUE}: ${kb(catalogue.length)} minified, ${kb(gzip(catalogue))} gzip (on demand: loaded only when a merchant catalogue is set)`);
  const catalogueText = catalogue.toString('utf8');
  const schemaMissing = missing(catalogueText, CATALOGUE_SCHEMA);
  if (schemaMissing.length > 0) failures.push(`${CATALOGUE} should hold the catalogue schema, but lacks: ${schemaMissing.join(', ')}`);
  if (REACT.test(catalogueText)) failures.push(`${CATALOGUE} contains a copy of React; it needs none`);
}

const SHARE = 'dist/share-link.js';
const share = read(SHARE, 'the share-link reader is built as its own file (tsup.config.ts)');
if (share) {
  console.log(`${SHARE}: ${kb(share.length)} minified, ${kb(gzip(share))} gzip (on demand: loaded only when the page was opened with a share link)`);
  const shareText = share.toString('utf8');
  if (missing(shareText, SHARE_READER).length > 0) failures.push(`${SHARE} should hold the share-link reader, but lacks it`);
  if (REACT.test(shareText)) failures.push(`${SHARE} contains a copy of React; it needs none`);
}

for (const failure of failures) console.error(failure);
if (failures.length > 0) process.exit(1);
