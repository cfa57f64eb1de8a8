// What `npm run bench` counts as loaded before the first interaction and as on demand
// (scripts/bench/sizes.mjs, scripts/bench/blocking.mjs), for a page script that is one classic file
// and for one that is a loader importing ES modules and chunks.
import { describe, expect, it } from 'vitest';
import { ourScripts } from '../../scripts/bench/blocking.mjs';
import { onDemandFiles, relativeImports, resolveRelative } from '../../scripts/bench/sizes.mjs';

describe('bench first-load and on-demand files', () => {
  it('ourScripts: script paths below /dist/ of the page origin, in request order, once each', () => {
    const origin = 'http://127.0.0.1:4000';
    const requests = [
      `${origin}/dist-examples/marketing-site.html`,
      `${origin}/dist/ev-charger-configurator.js`,
      `${origin}/dist/elements.js`,
      `${origin}/cdn/front/racing_green.png`,
      `${origin}/dist/chunks/chunk-A1.js?v=1`,
      `${origin}/dist/elements.js`,
      `${origin}/dist/ev-charger-configurator.js.LEGAL.txt`,
      'http://127.0.0.1:5000/dist/other.js',
    ];
    expect(ourScripts(requests, origin)).toEqual(['ev-charger-configurator.js', 'elements.js', 'chunks/chunk-A1.js']);
  });

  it('relativeImports: static imports, re-exports and literal dynamic imports of relative paths, minified or not', () => {
    const minified = 'import{a as b}from"./chunks/chunk-A1.js";import"./chunks/chunk-B2.js";export*from"../x.js";const c=import("./wizard.js");';
    expect(relativeImports(minified)).toEqual(['./chunks/chunk-A1.js', './chunks/chunk-B2.js', '../x.js', './wizard.js']);
    expect(relativeImports("import { x } from './chunk-C3.js';\nimport React from 'react';\nArray.from('./not.js');\nimport(url);")).toEqual(['./chunk-C3.js']);
  });

  it('resolveRelative: a specifier against the importing file, as a dist/-relative path', () => {
    expect(resolveRelative('elements.js', './chunks/chunk-A1.js')).toBe('chunks/chunk-A1.js');
    expect(resolveRelative('chunks/chunk-A1.js', './chunk-B2.js')).toBe('chunks/chunk-B2.js');
    expect(resolveRelative('chunks/chunk-A1.js', '../wizard.js')).toBe('wizard.js');
  });

  it('onDemandFiles: every script not loaded first and not the package entries or their chunks', () => {
    const imports: Record<string, string[]> = {
      'index.js': ['./index-chunk.js'],
      'index-chunk.js': ['./index.js'],
      'server.js': [],
      'elements.js': ['./chunks/chunk-A1.js'],
      'wizard.js': ['./chunks/chunk-A1.js', './chunks/chunk-W9.js'],
    };
    const importsOf = (file: string) => imports[file] ?? [];
    const loaderShape = ['catalogue.js', 'chunks/chunk-A1.js', 'chunks/chunk-W9.js', 'elements.js', 'ev-charger-configurator.js', 'index-chunk.js', 'index.js', 'model-viewer.js', 'server.js', 'wizard.js'];
    const firstLoad = ['ev-charger-configurator.js', 'elements.js', 'chunks/chunk-A1.js'];
    expect(onDemandFiles(loaderShape, firstLoad, importsOf)).toEqual(['catalogue.js', 'chunks/chunk-W9.js', 'model-viewer.js', 'wizard.js']);

    const classicShape = ['catalogue.js', 'ev-charger-configurator.js', 'index.js', 'model-viewer.js', 'server.js', 'share-link.js', 'wizard.js'];
    expect(onDemandFiles(classicShape, ['ev-charger-configurator.js'], importsOf)).toEqual(['catalogue.js', 'model-viewer.js', 'share-link.js', 'wizard.js']);
  });
});
