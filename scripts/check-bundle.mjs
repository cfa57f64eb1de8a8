// Post-build check of dist/ev-charger-configurator.js against DESIGN's contract: no 3D viewer inside
// (it is a separate file loaded on demand) and a gzip size within budget.
import { readFileSync } from 'node:fs';
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
