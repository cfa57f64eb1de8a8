import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { transform } from 'esbuild';
import { defineConfig, type Options } from 'tsup';
import { remToPx } from './src/ui/constructable-styles';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * CSS is imported as a string and adopted as a constructable stylesheet (STYLE-1); in the
 * shipped files that string is minified CSS, its rem lengths turned into px. tsup's own CSS plugin loads every path ending in `.css`
 * first (unminified, whatever the loader), so CSS imports resolve into a namespace of their own, under
 * a path that does not end in `.css`.
 */
const minifiedCssText: EsbuildPlugin = {
  name: 'evc-minified-css-text',
  setup(build) {
    build.onResolve({ filter: /\.css$/ }, ({ path, resolveDir }) => ({
      path: `${resolve(resolveDir, path)}?text`,
      namespace: 'evc-minified-css-text',
    }));
    build.onLoad({ filter: /\?text$/, namespace: 'evc-minified-css-text' }, async ({ path }) => {
      const file = path.slice(0, -'?text'.length);
      const { code } = await transform(await readFile(file, 'utf8'), { loader: 'css', minify: true, target: 'chrome111' });
      // Lengths in px, not rem (see remToPx): done here, so the page's script carries no converter.
      return { contents: remToPx(code.trim()), loader: 'text', watchFiles: [file] };
    });
  },
};

/**
 * In the viewer file, three.js's meshoptimizer decoder (imported by model-viewer) becomes
 * src/viewer/meshopt-on-demand.ts, which loads it only when a model needs it: evaluated with the
 * file, it compiled WebAssembly at once, refused under a strict Content-Security-Policy.
 * The stand-in's own import reaches the real module.
 */
const MESHOPT_ON_DEMAND = resolve('src/viewer/meshopt-on-demand.ts');

const meshoptOnDemand: EsbuildPlugin = {
  name: 'evc-meshopt-on-demand',
  setup(build) {
    build.onResolve({ filter: /\/meshopt_decoder\.module\.js$/ }, ({ importer }) => (importer === MESHOPT_ON_DEMAND ? undefined : { path: MESHOPT_ON_DEMAND }));
  },
};

/**
 * In the page's graph, the viewer file (its own build below) is imported by URL beside elements.js
 * (services/module-import.ts); the bundler's import of it, for ESM users, stays a bare external.
 */
const viewerApart: EsbuildPlugin = {
  name: 'evc-viewer-apart',
  setup(build) {
    build.onResolve({ filter: /\/viewer\/model-viewer-entry$/ }, () => ({ path: './model-viewer.js', external: true }));
  },
};

/**
 * Writes esbuild's record of a build (every output file, its static and dynamic imports and the
 * modules in it) to `dist/meta/<name>.json`: scripts/check-bundle.mjs measures the first load from it.
 */
const metafile = (name: string): EsbuildPlugin => ({
  name: 'evc-metafile',
  setup(build) {
    build.initialOptions.metafile = true;
    build.onEnd(async ({ metafile: meta }) => {
      if (!meta) return;
      await mkdir('dist/meta', { recursive: true });
      await writeFile(`dist/meta/${name}.json`, JSON.stringify(meta));
    });
  },
});

const shared: Options = {
  target: 'es2022',
  platform: 'browser',
  loader: { '.css': 'text' },
  esbuildPlugins: [minifiedCssText, meshoptOnDemand],
  outDir: 'dist',
  outExtension: () => ({ js: '.js' }),
};

export default defineConfig([
  {
    ...shared,
    // BUILD-1: one classic `<script src>` defines every element, by importing the module graph below from beside itself.
    entry: { 'ev-charger-configurator': 'src/loader.ts' },
    format: ['iife'],
    minify: true,
    esbuildPlugins: [minifiedCssText, metafile('loader')],
  },
  {
    ...shared,
    // The page's ES module graph. The files loaded on demand are entries, so they keep their names
    // beside the script (the wizard on Continue, View in 3D or Start again, the catalogue for a
    // merchant `catalog`, the share-link reader for a share link); what they share with the page,
    // React above all, is split into chunk files beside them (flat, as a Shopify theme's assets/ must be) and loaded once.
    entry: {
      elements: 'src/elements/browser.ts',
      wizard: 'src/app/wizard-entry.ts',
      catalogue: 'src/app/catalogue-entry.ts',
      'share-link': 'src/app/share-entry.ts',
      'shop-prices': 'src/app/shop-prices-entry.ts',
    },
    format: ['esm'],
    splitting: true,
    // Terser rather than esbuild's minifier: the smaller first load (docs/decisions/page-minified-by-terser.md).
    minify: 'terser',
    terserOptions: { ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: /allFunctionsCalledOnLoad|@license|@preserve|^!/ } },
    esbuildPlugins: [minifiedCssText, viewerApart, metafile('page')],
    // V8 compiles every function of these files while they stream in, off the main thread, instead of each on its first call.
    banner: { js: '//# allFunctionsCalledOnLoad' },
    noExternal: [/.*/],
    define: { 'process.env.NODE_ENV': '"production"' },
    esbuildOptions(options) {
      // Shared code and the modules imported on demand without a name of their own (the contact block) alike: one pattern to host.
      options.chunkNames = 'chunk-[hash]';
      // The libraries' licence notices go to a `.LEGAL.txt` beside each file, which names it at its
      // end: the size budget is for code (scripts/check-bundle.mjs).
      options.legalComments = 'linked';
    },
  },
  {
    ...shared,
    // The 3D viewer, on "View in 3D": a graph of its own, as it shares nothing the page needs, and
    // without the compile hint, as most of three.js and model-viewer never runs.
    entry: { 'model-viewer': 'src/viewer/model-viewer-entry.ts' },
    format: ['esm'],
    splitting: true,
    esbuildPlugins: [minifiedCssText, meshoptOnDemand, metafile('viewer')],
    minify: true,
    noExternal: [/.*/],
    define: { 'process.env.NODE_ENV': '"production"' },
    esbuildOptions(options) {
      options.chunkNames = '[name]-[hash]';
      options.legalComments = 'linked';
    },
  },
  {
    ...shared,
    // ESM for bundler users: dependencies stay external so their bundler dedupes React, and the
    // parts loaded on demand are dynamic imports their bundler splits off as ours does.
    entry: { index: 'src/index.ts' },
    format: ['esm'],
    splitting: true,
    dts: true,
    sourcemap: true,
    esbuildOptions(options) {
      options.chunkNames = 'lib/[name]-[hash]';
    },
  },
  {
    ...shared,
    // Reference handlers: Web-standard Request/Response only, so Node 20 and edge runtimes both run them.
    entry: { server: 'src/server/index.ts' },
    format: ['esm'],
    platform: 'neutral',
    esbuildPlugins: [minifiedCssText],
    dts: true,
    sourcemap: true,
  },
  {
    // The package's command (`npx ev-charger-configurator shop-setup`), on Node.
    entry: { cli: 'src/setup/bin.ts' },
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    outDir: 'dist',
    outExtension: () => ({ js: '.js' }),
    banner: { js: '#!/usr/bin/env node' },
  },
]);
