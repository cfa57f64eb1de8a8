// The committed files generated from src/elements/manifest.ts, and so from the attribute table
// (ATTR-1, BUILD-4): custom-elements.json, docs/reference.md's element reference and README's
// attribute table. scripts/custom-elements.mjs writes them; test/unit/generated-files.test.ts
// renders them in memory and fails when a committed one differs.
import { REFERENCE_FILE, renderAttributeTable, renderReference, withAttributeTable, withReference } from './readme-reference.mjs';

/** The command that rewrites every generated file (run by `npm run build`). */
export const REGENERATE = 'node scripts/custom-elements.mjs';

/**
 * Each generated file's path (from the repository root) and text, from manifest.ts's exports;
 * `read(path)` gives a committed file's text, whose hand-written parts are kept.
 */
export function generatedFiles({ manifestJson, readmeAttributeRows }, read) {
  const json = manifestJson();
  return [
    { path: 'custom-elements.json', text: json },
    { path: REFERENCE_FILE, text: withReference(read(REFERENCE_FILE), renderReference(JSON.parse(json))) },
    { path: 'README.md', text: withAttributeTable(read('README.md'), renderAttributeTable(readmeAttributeRows())) },
  ];
}
