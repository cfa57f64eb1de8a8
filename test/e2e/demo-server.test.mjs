// DEMO-1: serves /dist/* and /dist-examples/* with their content types, nothing outside.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useHarness } from './harness.mjs';

const harness = useHarness({ browser: false });

const fetchPath = (path, init) => fetch(harness.url(path), init);

describe('demo server', () => {
  it('lists every example on / with its own sentence', async () => {
    const response = await fetchPath('/');
    assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
    const html = await response.text();
    assert.match(html, /href="\/dist-examples\/marketing-site\.html">marketing-site\.html<\/a> — A product page/);
    assert.match(html, /href="\/dist-examples\/mobilize-portal\.html">mobilize-portal\.html<\/a> — A leasing customer portal/);
  });

  const types = [
    ['/dist-examples/marketing-site.html', 'text/html; charset=utf-8'],
    ['/dist/ev-charger-configurator.js', 'text/javascript; charset=utf-8'],
    ['/dist/index.d.ts', 'text/plain; charset=utf-8'],
  ];
  for (const [path, type] of types) {
    it(`serves ${path} as ${type}`, async () => {
      const response = await fetchPath(path);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), type);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    });
  }

  const outside = ['/dist/..%2fpackage.json', '/dist/%2e%2e/package.json', '/dist-examples/..%2F..%2Fetc%2Fpasswd', '/dist/%00', '/dist/%E0%A4%A', '/package.json', '/dist/'];
  for (const path of outside) {
    it(`answers 404 for ${path}`, async () => {
      assert.equal((await fetchPath(path)).status, 404);
    });
  }

  it('answers HEAD like GET without a body, and 405 for other methods', async () => {
    const head = await fetchPath('/dist/ev-charger-configurator.js', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
    const post = await fetchPath('/dist/ev-charger-configurator.js', { method: 'POST', body: '{}' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET');
  });
});
