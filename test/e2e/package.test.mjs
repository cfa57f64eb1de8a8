// The npm package as a bundler user installs it: its dependencies are exactly the packages that
// dist/index.js and the files it imports import at run time (the 3D viewer, three.js and the shop
// client are bundled in), with the set-up command's, and React is the host's, as a peer.
import assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { build } from 'esbuild';

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** The packages a built file imports at run time: esbuild reads it as a bundler would (string contents are not imports). */
async function packagesImportedBy(file, platform) {
  const { metafile } = await build({
    entryPoints: [new URL(file, root).pathname],
    bundle: true,
    write: false,
    metafile: true,
    packages: 'external',
    format: 'esm',
    platform,
    logLevel: 'silent',
  });
  return Object.values(metafile.inputs)
    .flatMap((input) => input.imports)
    .filter((found) => found.external && !found.path.startsWith('node:') && !builtinModules.includes(found.path))
    .map((found) => packageOf(found.path));
}

it('depends on what dist/index.js and the set-up command import at run time, and nothing else; React as a peer from 19.2', async () => {
  const imported = new Set([...(await packagesImportedBy('dist/index.js', 'browser')), ...(await packagesImportedBy('dist/cli.js', 'node'))]);
  assert.deepEqual([...imported].sort(), Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }).sort());
  assert.equal(pkg.bin['ev-charger-configurator'], './dist/cli.js');
  assert.ok(pkg.files.includes('dist'), 'the command ships with the package');
  assert.deepEqual(Object.keys(pkg.peerDependencies).sort(), ['react', 'react-dom']);
  for (const name of ['react', 'react-dom']) assert.equal(pkg.peerDependencies[name], '^19.2.0', `${name}: useEffectEvent needs 19.2`);
  for (const name of ['react', 'react-dom']) assert.equal(pkg.dependencies?.[name], undefined, `${name} is not a dependency: npm would nest a second copy`);
});

it('names every file of the build in its exports, so a bundler user can serve them', () => {
  for (const file of ['ev-charger-configurator.js', 'elements.js', 'wizard.js', 'model-viewer.js', 'catalogue.js', 'share-link.js', 'shop-prices.js']) {
    assert.equal(pkg.exports[`./${file}`], `./dist/${file}`, file);
  }
  assert.equal(pkg.exports['./*.js'], './dist/*.js', 'the chunk files too');
});
