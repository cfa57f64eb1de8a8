// The package on a server: server-side rendering imports it where there is no DOM, so importing it
// must touch no DOM global, and define() must do nothing there.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { it } from 'node:test';

const entry = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

it('imports in Node with no DOM, and define() does nothing there', () => {
  const script = `
    const names = ['window', 'document', 'HTMLElement', 'customElements', 'CSSStyleSheet'];
    const present = names.filter((name) => name in globalThis);
    if (present.length) throw new Error('not a DOM-free process: ' + present.join(', '));
    const { define, EvChargerConfigurator, EvChargerContact } = await import(${JSON.stringify(entry)});
    define();
    console.log(JSON.stringify({ define: typeof define, configurator: typeof EvChargerConfigurator, contact: typeof EvChargerContact }));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout), { define: 'function', configurator: 'function', contact: 'function' });
});
