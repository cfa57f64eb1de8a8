// The page's first load as scripts/check-bundle.mjs measures it: from esbuild's metafile, what
// elements.js imports statically at any depth, never what it imports on demand.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Metafile } from '../../scripts/first-load.mjs';
import { firstLoadFiles, modulesIn, staticClosure } from '../../scripts/first-load.mjs';

const output = (imports: [string, string][], inputs: string[] = []) => ({
  imports: imports.map(([path, kind]) => ({ path, kind })),
  inputs: Object.fromEntries(inputs.map((input) => [input, { bytesInOutput: 1 }])),
});

const META: Metafile = {
  outputs: {
    'dist/elements.js': output([['dist/chunk-A.js', 'import-statement'], ['dist/wizard.js', 'dynamic-import']], ['src/elements/browser.ts']),
    'dist/chunk-A.js': output([['dist/chunk-B.js', 'import-statement'], ['dist/chunk-D.js', 'dynamic-import']], ['node_modules/react-dom/index.js']),
    'dist/chunk-B.js': output([['dist/chunk-A.js', 'import-statement']], ['src/ui/Preview.tsx']),
    'dist/wizard.js': output([['dist/chunk-A.js', 'import-statement'], ['dist/chunk-C.js', 'import-statement'], ['./model-viewer.js', 'dynamic-import']], ['src/ui/Wizard.tsx']),
    'dist/chunk-C.js': output([], ['src/stores/wizard-navigation.ts']),
    'dist/chunk-D.js': output([], ['src/ui/ChargerDrawing.tsx']),
  },
};

describe('first load from the metafile', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('follows static imports at any depth, once each, and leaves dynamic imports out', () => {
    expect(staticClosure(META, 'elements.js')).toEqual(['elements.js', 'chunk-A.js', 'chunk-B.js']);
    expect(staticClosure(META, 'wizard.js')).toEqual(['wizard.js', 'chunk-A.js', 'chunk-C.js', 'chunk-B.js']);
  });

  it('names the modules bundled into files', () => {
    expect([...modulesIn(META, ['elements.js', 'chunk-B.js'])]).toEqual(['src/elements/browser.ts', 'src/ui/Preview.tsx']);
  });

  it('refuses a file the metafile does not know', () => {
    const meta: Metafile = { outputs: { 'dist/elements.js': output([['dist/chunk-gone.js', 'import-statement']]) } };
    expect(() => staticClosure(meta, 'elements.js')).toThrow('dist/chunk-gone.js');
  });

  it('the first load is the loader and the closure of elements.js, read from dist/meta/page.json', () => {
    const dist = mkdtempSync(join(tmpdir(), 'evc-first-load-'));
    dirs.push(dist);
    mkdirSync(join(dist, 'meta'));
    writeFileSync(join(dist, 'meta', 'page.json'), JSON.stringify(META));
    expect(firstLoadFiles(dist)).toEqual(['ev-charger-configurator.js', 'elements.js', 'chunk-A.js', 'chunk-B.js']);
  });
});
