// Builds a host fixture (test/hosts/<name>/: index.html and entry.jsx) with esbuild into `outdir`,
// as a host app's own bundler would: `ev-charger-configurator` is this package, reached through its
// `exports` (esbuild resolves a package's own name from inside it), React whichever copy the
// fixture's folder resolves. A fixture with a server.jsx is rendered to HTML in Node first.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const HOSTS = fileURLToPath(new URL('.', import.meta.url));

/**
 * Builds fixture `name` into `outdir` (index.html, entry.js and its chunks); `development` builds
 * React's development files instead of its production ones. Returns `outdir`.
 */
export async function buildHost(name, outdir, { development = false } = {}) {
  const source = join(HOSTS, name);
  const common = {
    bundle: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': JSON.stringify(development ? 'development' : 'production') },
    logLevel: 'silent',
  };
  await build({
    ...common,
    entryPoints: { entry: join(source, 'entry.jsx') },
    outdir,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    target: 'es2022',
  });
  let html = await readFile(join(source, 'index.html'), 'utf8');
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

