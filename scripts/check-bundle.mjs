// Post-build check of dist/ev-charger-configurator.js against DESIGN's contract: no 3D viewer inside
// (it is a separate file loaded on demand) and a gzip size within budget. Also reports the on-demand
// viewer file, dist/model-viewer.js, which must hold the viewer the main script leaves out.
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

const code = readFileSync(BUNDLE);
const text = code.toString('utf8');
const found = FORBIDDEN.filter(({ pattern }) => pattern.test(text)).map(({ name }) => name);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipped = gzipSync(code, { level: 9 }).length;
const verdict = gzipped <= BUDGET_BYTES ? 'within budget' : 'OVER BUDGET';
console.log(`${BUNDLE}: ${kb(code.length)} minified, ${kb(gzipped)} gzip (budget ${kb(BUDGET_BYTES)}: ${verdict})`);

if (found.length > 0) {
  console.error(`${BUNDLE} must not contain the 3D viewer, but contains: ${found.join(', ')}`);
  process.exit(1);
}

// The main script reaches the viewer with import(url) of a variable URL, which esbuild must leave as
// a real dynamic import (a classic script may use one; nothing else can load an ES module from it).
if (!/\bimport\(\s*[A-Za-z_$][\w$]*\s*\)/.test(text)) {
  console.error(`${BUNDLE} has no dynamic import(url) left: the 3D viewer could not be loaded on demand`);
  process.exit(1);
}

const VIEWER = 'dist/model-viewer.js';
if (!existsSync(VIEWER)) {
  console.error(`${VIEWER} is missing: the 3D viewer is built as its own file (tsup.config.ts)`);
  process.exit(1);
}
const viewer = readFileSync(VIEWER);
const viewerMissing = FORBIDDEN.filter(({ pattern }) => !pattern.test(viewer.toString('utf8'))).map(({ name }) => name);
console.log(`${VIEWER}: ${kb(viewer.length)} minified, ${kb(gzipSync(viewer, { level: 9 }).length)} gzip (on demand: loaded only when the buyer opens the 3D view)`);
if (viewerMissing.length > 0) {
  console.error(`${VIEWER} should hold the 3D viewer, but lacks: ${viewerMissing.join(', ')}`);
  process.exit(1);
}

// The wizard is its own file too, and must not bring a second React: it renders with the main
// script's (src/elements/shared-runtime), so React's own markers must be absent from it.
const WIZARD = 'dist/wizard.js';
if (!existsSync(WIZARD)) {
  console.error(`${WIZARD} is missing: the wizard is built as its own file (tsup.config.ts)`);
  process.exit(1);
}
const wizard = readFileSync(WIZARD);
console.log(`${WIZARD}: ${kb(wizard.length)} minified, ${kb(gzipSync(wizard, { level: 9 }).length)} gzip (on demand: loaded when the buyer first presses Continue)`);
if (/react\.transitional\.element|__CLIENT_INTERNALS_DO_NOT_USE/.test(wizard.toString('utf8'))) {
  console.error(`${WIZARD} contains a copy of React; it must use the main script's (shared-runtime aliases)`);
  process.exit(1);
}
