// The element in host apps built as their developers build them (test/hosts/<name>/, bundled here
// with esbuild into a temporary folder): a React 19 app on the npm entry with the newest React 19
// (test/hosts/react19-latest), the same app on the project's React 19.2 rendered on the server and
// hydrated with the elements defined late, and a React 18 app on the classic script.
// Each passes the checks of host-checks.mjs; the development build of React 19 adds its warnings.
/* global document */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { elementsDefined, fixtureReady, hostChecks, useHostBuilds } from './host-checks.mjs';
import { useHarness } from './harness.mjs';

const harness = useHarness();
const opener = useHostBuilds(harness, { react19: ['react19'], 'react19-dev': ['react19', { development: true }], 'react19-ssr': ['react19-ssr'], react18: ['react18'] });

describe('React 19 app (npm entry, createRoot, JSX props and onevc-… events)', () => {
  // The newest React 19 (test/hosts/react19-latest), not the 19.2 the classic script bundles (docs/decisions/react-19-2-in-the-page-script.md).
  hostChecks(opener('react19'), { react: /^19\.(?!2\.)\d+\./ });
});

describe("React 19 app, React's development build", () => {
  // The development build warns where the production one is silent, such as a root unmounted while React renders.
  hostChecks(opener('react19-dev'), { only: ['remounts', 'move'] });
});

describe('React 19 app rendered on the server, hydrated, the elements defined after hydration', () => {
  // The project's React 19.2.
  hostChecks(opener('react19-ssr'), { react: /^19\.2\./ });

  it('served the element without its objects as attributes, hydrated before definition, then took the objects', async () => {
    const html = await readFile(join(opener.folder('react19-ssr'), 'index.html'), 'utf8');
    const tag = html.match(/<ev-charger-configurator[^>]*>/)?.[0] ?? '';
    assert.match(tag, / mode="order"/);
    assert.doesNotMatch(tag, /catalog|mailSender|object/i);
    const opened = await opener('react19-ssr')();
    const { page, messages } = opened;
    await fixtureReady(page);
    assert.equal(await page.evaluate(() => globalThis.hostFixture.hydratedBeforeDefinition), true, 'hydrated before the elements were defined');
    assert.equal(await elementsDefined(page), true);
    const element = await page.evaluate(() => {
      const node = document.querySelector('ev-charger-configurator');
      return { catalog: typeof node.catalog, mailSender: typeof node.mailSender, attribute: node.getAttribute('catalog') };
    });
    assert.deepEqual(element, { catalog: 'object', mailSender: 'function', attribute: null });
    assert.deepEqual(messages, [], 'no hydration mismatch or other message');
    await page.close();
  });
});

describe('React 18 app (classic script tag, properties and listeners through a ref)', () => {
  // React 18, from its own folder, beside the project's React 19.
  hostChecks(opener('react18'), { react: /^18\./ });
});
