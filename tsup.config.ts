import { readFile } from 'node:fs/promises';
import { transform } from 'esbuild';
import { defineConfig, type Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * CSS is imported as a string and adopted as a constructable stylesheet (DESIGN: Styles); in the
 * shipped files that string is minified CSS.
 */
const minifiedCssText: EsbuildPlugin = {
  name: 'evc-minified-css-text',
  setup(build) {
    build.onLoad({ filter: /\.css$/ }, async ({ path }) => {
      const { code } = await transform(await readFile(path, 'utf8'), { loader: 'css', minify: true, target: 'chrome111' });
      return { contents: code.trim(), loader: 'text' };
    });
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
    format: ['iife'],
    platform: 'browser',
    minify: true,
    noExternal: [/.*/],
    define: { 'process.env.NODE_ENV': '"production"' },
    outExtension: () => ({ js: '.js' }),
  },
  {
    ...onDemand,
    // The 3D viewer (model-viewer with three.js), imported by URL when the buyer asks for it.
    entry: { 'model-viewer': 'src/viewer/model-viewer-entry.ts' },
  },
  {
    ...onDemand,
    // The wizard, loaded when the buyer first presses Continue, so the page's script stays small.
    // It brings no React of its own: the aliases hand it the classic script's.
    entry: { wizard: 'src/elements/wizard-entry.ts' },
    esbuildOptions(options) {
      options.alias = { ...options.alias, ...SHARED_RUNTIME_ALIASES };
    },
  },
  {
    ...shared,
    // ESM for bundler users; dependencies stay external so their bundler dedupes React.
    entry: { index: 'src/index.ts' },
    format: ['esm'],
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
