import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { transform } from 'esbuild';
import { defineConfig, type Options } from 'tsup';
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
 * The classic script cannot split code, so what it loads on demand is a file of its own, imported
 * by URL: in its build the loaders of src/app/on-demand.ts (plain dynamic imports for ESM
 * users and tests) become on-demand-by-url.ts, which imports `catalogue.js` and `share-link.js` from
 * beside the script.
 */
const CLASSIC_STAND_INS: Record<string, string> = {
  [resolve('src/app/on-demand.ts')]: resolve('src/elements/on-demand-by-url.ts'),
};

const classicStandIns: EsbuildPlugin = {
  name: 'evc-classic-stand-ins',
  setup(build) {
    build.onResolve({ filter: /^\./ }, ({ path, resolveDir }) => {
      const target = CLASSIC_STAND_INS[`${resolve(resolveDir, path)}.ts`];
      return target ? { path: target } : undefined;
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
    // V8 compiles every function of the script while it streams in, off the main thread, instead of each on its first call.
    banner: { js: '//# allFunctionsCalledOnLoad' },
    noExternal: [/.*/],
    define: { 'process.env.NODE_ENV': '"production"' },
    outExtension: () => ({ js: '.js' }),
    esbuildOptions(options) {
      // The libraries' licence notices go to `ev-charger-configurator.js.LEGAL.txt` beside the
      // script, which names that file at its end: the size budget is for code (scripts/check-bundle.mjs).
      options.legalComments = 'linked';
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
