import { defineConfig, type Options } from 'tsup';

/** CSS is imported as a string and adopted as a constructable stylesheet (DESIGN: Styles). */
const shared: Options = {
  target: 'es2022',
  loader: { '.css': 'text' },
  outDir: 'dist',
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
    ...shared,
    // The 3D viewer (model-viewer with three.js) as one self-contained ES module beside the classic
    // script, which imports it by URL on demand (DESIGN, Builds). No splitting: one file to serve.
    entry: { 'model-viewer': 'src/viewer/model-viewer-entry.ts' },
    format: ['esm'],
    platform: 'browser',
    minify: true,
    splitting: false,
    noExternal: [/.*/],
    define: { 'process.env.NODE_ENV': '"production"' },
    outExtension: () => ({ js: '.js' }),
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
