// The element in Vue 3, Svelte 5 and Angular apps built as their developers build them
// (test/hosts/<name>/, compiled and bundled here with esbuild into a temporary folder, on the npm
// entry). Each passes the checks of host-checks.mjs; Vue's development build, where React's
// development build comes along, moves the element and remounts it with its wizard open (the plain
// remounts in React's development build are host-apps.test.mjs's).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countersWhen, domCounters, elementSettled, fixtureReady, hostChecks, useHostBuilds } from './host-checks.mjs';
import { useHarness } from './harness.mjs';

const harness = useHarness();
const opener = useHostBuilds(harness, { vue: ['vue'], 'vue-dev': ['vue', { development: true }], svelte: ['svelte'], angular: ['angular'] });
// Enough that an element kept per remount (two nodes at least) exceeds the margins below.
const REMOUNTS = 10;

describe('Vue 3 app (template with :catalog, :mailSender and @evc-… listeners)', () => {
  hostChecks(opener('vue'));
});

describe("Vue 3 app, Vue's and React's development builds", () => {
  hostChecks(opener('vue-dev'), { only: ['move'] });

  it('keeps flat node and listener counts over remounts, each element with its wizard open', async () => {
    const { page, messages } = await opener('vue-dev')();
    try {
      await fixtureReady(page);
      const element = page.locator('ev-charger-configurator');
      const steps = () => page.evaluate(() => globalThis.hostFixture.events.filter(({ type }) => type === 'evc-step').length);
      const openWizard = async () => {
        const before = await steps();
        await element.getByRole('button', { name: 'Continue' }).first().click();
        await page.waitForFunction((count) => globalThis.hostFixture.events.filter(({ type }) => type === 'evc-step').length > count, before);
      };
      const remount = async () => {
        await page.evaluate(() => globalThis.hostFixture.toggle());
        await element.waitFor({ state: 'detached' });
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
        await page.evaluate(() => globalThis.hostFixture.toggle());
        await element.locator('.evc-continue').waitFor();
        await openWizard();
      };
      await openWizard();
      // Warm: the wizard's code and the page's images are loaded once for the page.
      for (let warm = 0; warm < 2; warm += 1) await remount();
      await elementSettled(page);
      const opened = await domCounters(page);
      for (let count = 0; count < REMOUNTS; count += 1) await remount();
      await elementSettled(page);
      const after = await countersWhen(
        page,
        (counts) => counts.nodes - opened.nodes < REMOUNTS && counts.jsEventListeners - opened.jsEventListeners < 10 && counts.documents === opened.documents,
      );
      const detail = JSON.stringify({ opened, after });
      // Both settled, the counts match; an unmounted element kept alive is at least two nodes (its
      // shadow tree emptied) and keeps React's listeners on its shadow root.
      assert.ok(after.nodes - opened.nodes < REMOUNTS, `nodes stay flat: ${detail}`);
      assert.ok(after.jsEventListeners - opened.jsEventListeners < 10, `listeners stay flat: ${detail}`);
      assert.equal(after.documents, opened.documents, detail);
      assert.deepEqual(messages, [], 'no console error or warning');
    } finally {
      await page.close();
    }
  });
});

describe('Svelte 5 app (markup with catalog and mailSender properties and onevc-… listeners)', () => {
  hostChecks(opener('svelte'));
});

describe('Angular app (standalone, CUSTOM_ELEMENTS_SCHEMA, zoneless: [catalog], [attr.mode] and (evc-…))', () => {
  hostChecks(opener('angular'));
});
