import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { transform } from 'esbuild';
import { defineConfig, type Options } from 'tsup';
import { eagerFactories } from './scripts/eager-factories.mjs';
import { remToPx } from './src/ui/constructable-styles';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * CSS is imported as a string and adopted as a constructable stylesheet (DESIGN: Styles); in the
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
 * Modules the classic script swaps for stand-ins of its own, in that build only:
 * - The classic script cannot split code, so what it loads on demand is a file of its own, imported
 *   by URL. The loaders of the catalogue and share-link files (src/app/on-demand.ts, plain
 *   dynamic imports for ESM users and tests) become src/elements/on-demand-by-url.ts, which imports
 *   `catalogue.js` and `share-link.js` from beside the script.
 * - React DOM's client (`react-dom/client`, whoever imports it) and src/elements/renderer.ts become
 *   renderer-on-first-use.ts, which evaluates React DOM's client on first use rather than with the
 *   script: it keeps that work out of the script's task. Its own require of
 *   `react-dom/client` reaches the real module.
 */
const RENDERER_ON_FIRST_USE = resolve('src/elements/renderer-on-first-use.ts');

const CLASSIC_STAND_INS: Record<string, string> = {
  [resolve('src/app/on-demand.ts')]: resolve('src/elements/on-demand-by-url.ts'),
  [resolve('src/elements/renderer.ts')]: RENDERER_ON_FIRST_USE,
};

const classicStandIns: EsbuildPlugin = {
  name: 'evc-classic-stand-ins',
  setup(build) {
    build.onResolve({ filter: /^\./ }, ({ path, resolveDir }) => {
      const target = CLASSIC_STAND_INS[`${resolve(resolveDir, path)}.ts`];
      return target ? { path: target } : undefined;
    });
    build.onResolve({ filter: /^react-dom\/client$/ }, ({ importer }) => (importer === RENDERER_ON_FIRST_USE ? undefined : { path: RENDERER_ON_FIRST_USE }));
  },
};

/**
 * esbuild wraps the classic script in an arrow IIFE, `(()=>{…})()`. V8 compiles a parenthesised
 * `function` expression eagerly, on the background streaming thread, but parses the arrow's body
 * (the whole bundle) again on the main thread when it is called, which made the script's task
 * measurably longer. The bundle's top level uses no `this`, so the two forms behave alike.
 * The CommonJS modules' factories inside it (React DOM's above all) are arrows too, and become
 * parenthesised functions the same way (scripts/eager-factories.mjs). scripts/check-bundle.mjs
 * checks the output has both.
 */
const EAGER_IIFE: NonNullable<Options['plugins']>[number] = {
  name: 'evc-eager-iife',
  renderChunk(code, chunk) {
    if (!chunk.path.endsWith('.js')) return undefined;
    const arrow = '"use strict";(()=>{';
    const at = code.indexOf(arrow);
    if (at === -1 || at > 64) throw new Error(`${chunk.path}: expected esbuild's IIFE "${arrow}" at the start`);
    const wrapped = `${code.slice(0, at)}"use strict";(function(){${code.slice(at + arrow.length)}`;
    return { code: eagerFactories(wrapped, chunk.path).code };
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

const shared: Options = {
  target: 'es2022',
  loader: { '.css': 'text' },
  esbuildPlugins: [minifiedCssText],
  outDir: 'dist',
};

/** The wizard file renders with the classic script's React (src/elements/runtime.ts). */
const SHARED_RUNTIME_ALIASES = {
  react: './src/elements/shared-runtime/react.ts',
  'react/jsx-runtime': './src/elements/shared-runtime/jsx-runtime.ts',
  'react-dom': './src/elements/shared-runtime/react-dom.ts',
  'react-dom/client': './src/elements/shared-runtime/react-dom-client.ts',
};

/**
 * A file beside the classic script that it imports by URL on demand (DESIGN, Builds): one
 * self-contained, minified ES module, no splitting, so there is one file to serve.
 */
const onDemand: Options = {
  ...shared,
  format: ['esm'],
  platform: 'browser',
  minify: true,
  splitting: false,
  noExternal: [/.*/],
  define: { 'process.env.NODE_ENV': '"production"' },
  outExtension: () => ({ js: '.js' }),
};

export default defineConfig([
  {
    ...shared,
    // DESIGN contract: one self-contained classic script that defines every element.
    entry: { 'ev-charger-configurator': 'src/elements/browser.ts' },
    esbuildPlugins: [minifiedCssText, classicStandIns],
    format: ['iife'],
    platform: 'browser',
    minify: true,
    plugins: [EAGER_IIFE],
    noExternal: [/.*/],
    define: { 'process.env.NODE_ENV': '"production"' },
    outExtension: () => ({ js: '.js' }),
    esbuildOptions(options) {
      // The libraries' licence notices go to `ev-charger-configurator.js.LEGAL.txt` beside the
      // script, which names that file at its end: the size budget is for code (scripts/check-bundle.mjs).
      options.legalComments = 'linked';
      // V8's explicit compile hint: the script runs almost all of its functions (React's) as it
      // loads, so they are compiled eagerly with the script on the background streaming thread
      // instead of one by one on the page's main thread (about a third of its evaluation time).
      options.banner = { js: '//# allFunctionsCalledOnLoad' };
    },
  },
  {
    ...onDemand,
    // The 3D viewer (model-viewer with three.js), imported by URL when the buyer asks for it.
    entry: { 'model-viewer': 'src/viewer/model-viewer-entry.ts' },
    esbuildPlugins: [minifiedCssText, meshoptOnDemand],
  },
  {
    ...onDemand,
    // The wizard, loaded when the buyer first presses Continue, so the page's script stays small.
    // It brings no React of its own: the aliases hand it the classic script's.
    entry: { wizard: 'src/app/wizard-entry.ts' },
    esbuildOptions(options) {
      options.alias = { ...options.alias, ...SHARED_RUNTIME_ALIASES };
    },
  },
  {
    ...onDemand,
    // The catalogue schema and its validation, imported by URL only when a merchant catalogue is set;
    // reading a share link, only when the page was opened with one.
    entry: { catalogue: 'src/app/catalogue-entry.ts', 'share-link': 'src/app/share-entry.ts' },
  },
  {
    ...shared,
    // ESM for bundler users; dependencies stay external so their bundler dedupes React. One file:
    // the catalogue loader's dynamic import stays inside it, for their bundler to split if it likes.
    entry: { index: 'src/index.ts' },
    format: ['esm'],
    splitting: false,
    platform: 'browser',
    dts: true,
    sourcemap: true,
  },
  {
    ...shared,
    // Reference handlers: Web-standard Request/Response only, so Node 20 and edge runtimes both run them.
    entry: { server: 'src/server/index.ts' },
    format: ['esm'],
    platform: 'neutral',
    dts: true,
    sourcemap: true,
  },
]);
