// The npm package as a bundler user installs it: its dependencies are exactly the packages that
// dist/index.js and the files it imports import at run time (the 3D viewer, three.js and the shop
// client are bundled in), and React is the host's, as a peer.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { build } from 'esbuild';

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

it('depends on what dist/index.js imports at run time, and nothing else; React as a peer from 19.2', async () => {
  // esbuild reads the files as a bundler would (string contents are not imports), keeping every package import.
  const { metafile } = await build({
    entryPoints: [new URL('dist/index.js', root).pathname],
    bundle: true,
    write: false,
    metafile: true,
    packages: 'external',
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent',
  });
  const imported = new Set(
    Object.values(metafile.inputs)
      .flatMap((input) => input.imports)
      .filter((found) => found.external)
      .map((found) => packageOf(found.path)),
  );
  assert.deepEqual([...imported].sort(), Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }).sort());
  assert.deepEqual(Object.keys(pkg.peerDependencies).sort(), ['react', 'react-dom']);
  for (const name of ['react', 'react-dom']) assert.equal(pkg.peerDependencies[name], '^19.2.0', `${name}: useEffectEvent needs 19.2`);
  for (const name of ['react', 'react-dom']) assert.equal(pkg.dependencies?.[name], undefined, `${name} is not a dependency: npm would nest a second copy`);
});

it('names every file of the build in its exports, so a bundler user can serve them', () => {
  for (const file of ['ev-charger-configurator.js', 'elements.js', 'wizard.js', 'model-viewer.js', 'catalogue.js', 'share-link.js']) {
    assert.equal(pkg.exports[`./${file}`], `./dist/${file}`, file);
  }
  assert.equal(pkg.exports['./*.js'], './dist/*.js', 'the chunk files too');
});
