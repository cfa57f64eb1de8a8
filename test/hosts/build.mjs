// Builds a host fixture (test/hosts/<name>/: entry.jsx or entry.ts) with esbuild into
// `outdir`, as a host app's own bundler would: Vue's single-file components and Svelte's components
// compiled by their compilers, Angular's components with TypeScript's decorators, compiled in the
// page (JIT), JSX for React. `ev-charger-configurator` is this package, reached through its `exports`
// (esbuild resolves a package's own name from inside it), React the fixture's own copy (REACT_FROM)
// or else the project's, for the modules it shares with the others too. Its page is PAGES' entry; a
// fixture with a server.jsx is rendered into it in Node first.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { compile as compileSvelte } from 'svelte/compiler';
import { compileScript, compileTemplate, parse as parseVue } from 'vue/compiler-sfc';

const HOSTS = fileURLToPath(new URL('.', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/**
 * The folders under test/hosts whose node_modules hold a fixture's own React (npm workspaces): React
 * 18, and the newest React 19 for the React 19 app, kept apart from it so that the app, with no
 * package.json of its own, imports this package by its name. Any other fixture builds with the project's React.
 */
const REACT_FROM = { react18: 'react18', react19: 'react19-latest' };

/** Each fixture's page: its title, where its app mounts, and what else it loads. */
const PAGES = {
  react19: { title: 'React 19 host' },
  'react19-ssr': { title: 'React 19 host, server-rendered', mount: '<div id="root"><!--app--></div>' },
  // A React 18 app cannot use the npm entry (React 19.2 or later): it adds the classic script.
  react18: { title: 'React 18 host', more: '<script src="/dist/ev-charger-configurator.js" defer></script>' },
  vue: { title: 'Vue 3 host' },
  svelte: { title: 'Svelte 5 host' },
  angular: { title: 'Angular host', mount: '<app-host></app-host>' },
};

const page = ({ title, mount = '<div id="root"></div>', more = '' }) =>
  `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8">
    <title>${title}</title>
  </head>
  <body>
    ${mount}
    <script type="module" src="./entry.js"></script>${more ? `\n    ${more}` : ''}
  </body>
</html>
`;

const isCustomElement = (tag) => tag.startsWith('ev-charger-');

/** Vue's single-file components, as its bundler plugins compile them: production inlines the template, development keeps a separate render function. */
const vuePlugin = (development) => ({
  name: 'host-vue',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.vue$/ }, async ({ path }) => {
      const { descriptor, errors } = parseVue(await readFile(path, 'utf8'), { filename: path });
      if (errors.length > 0) throw errors[0];
      const id = createHash('sha256').update(path).digest('hex').slice(0, 8);
      const compilerOptions = { isCustomElement };
      const script = compileScript(descriptor, { id, isProd: !development, inlineTemplate: !development, genDefaultAs: 'component', templateOptions: { compilerOptions } });
      let contents = script.content;
      if (development) {
        const template = compileTemplate({ id, filename: path, source: descriptor.template.content, isProd: false, compilerOptions: { ...compilerOptions, bindingMetadata: script.bindings } });
        if (template.errors.length > 0) throw new Error(String(template.errors[0]));
        contents += `\n${template.code}\ncomponent.render = render;`;
      }
      return { contents: `${contents}\nexport default component;`, loader: script.lang === 'ts' ? 'ts' : 'js', resolveDir: dirname(path) };
    });
  },
});

/** Svelte's components, compiled for the browser with their styles injected. */
const sveltePlugin = (development) => ({
  name: 'host-svelte',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.svelte$/ }, async ({ path }) => {
      const { js, warnings } = compileSvelte(await readFile(path, 'utf8'), { filename: path, dev: development, css: 'injected', generate: 'client' });
      if (warnings.length > 0) throw new Error(warnings.map((warning) => warning.message).join('\n'));
      return { contents: js.code, loader: 'js', resolveDir: dirname(path) };
    });
  },
});

/**
 * Builds fixture `name` into `outdir` (index.html, entry.js and its chunks); `development` builds
 * every package's development files (the framework's and React's) as a development server serves
 * them. Returns `outdir`.
 */
export async function buildHost(name, outdir, { development = false } = {}) {
  const source = join(HOSTS, name);
  // Every module of the fixture, the shared ones too, with one React.
  const reactHome = REACT_FROM[name] ? join(HOSTS, REACT_FROM[name]) : ROOT;
  const common = {
    bundle: true,
    jsx: 'automatic',
    define: {
      'process.env.NODE_ENV': JSON.stringify(development ? 'development' : 'production'),
      // Vue's build flags, as its bundler plugins set them.
      __VUE_OPTIONS_API__: 'true',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
      // Angular's production builds drop its development checks.
      ...(development ? {} : { ngDevMode: 'false' }),
    },
    alias: { react: join(reactHome, 'node_modules/react'), 'react-dom': join(reactHome, 'node_modules/react-dom') },
    logLevel: 'silent',
  };
  const entry = ['entry.jsx', 'entry.ts'].map((file) => join(source, file)).find((path) => existsSync(path));
  await build({
    ...common,
    entryPoints: { entry },
    outdir,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    target: 'es2022',
    conditions: [development ? 'development' : 'production', 'module'],
    tsconfigRaw: { compilerOptions: { experimentalDecorators: true, useDefineForClassFields: false } },
    plugins: [vuePlugin(development), sveltePlugin(development)],
  });
  let html = page(PAGES[name]);
  const serverEntry = join(source, 'server.jsx');
  if (existsSync(serverEntry)) {
    // CommonJS: React's server renderer requires Node's built-ins, which an ES module bundle cannot.
    const server = join(outdir, 'server.cjs');
    await build({ ...common, entryPoints: [serverEntry], outfile: server, format: 'cjs', platform: 'node', target: 'node20' });
    const { render } = createRequire(import.meta.url)(server);
    html = html.replace('<!--app-->', render());
  }
  await writeFile(join(outdir, 'index.html'), html);
  return outdir;
}
