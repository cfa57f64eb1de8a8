// The page's script defines the elements and does little else in its own task: React DOM's client
// is evaluated in a later task, before the first mount (src/elements/renderer-on-first-use.ts).
// React DOM's client registers with React DevTools' hook as it is evaluated, so a stand-in hook
// tells when that happened.
/* global window, document, customElements */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useHarness } from './harness.mjs';

const harness = useHarness();

/** A stand-in for React DevTools' hook that records, at each renderer's registration, how far the page had got. */
function recordRendererRegistrations() {
  window.evcRegistrations = [];
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject(renderer) {
      const elements = [...document.querySelectorAll('ev-charger-configurator')];
      window.evcRegistrations.push({
        defined: customElements.get('ev-charger-configurator') !== undefined,
        upgraded: elements.length > 0 && elements.every((element) => element.shadowRoot !== null),
        mounted: elements.some((element) => (element.shadowRoot?.childNodes.length ?? 0) > 0),
        version: renderer.version,
      });
      return window.evcRegistrations.length;
    },
    checkDCE() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
  };
}

describe("the page script's own task", () => {
  for (const path of ['/dist-examples/marketing-site.html', '/dist-examples/partner-intranet.html']) {
    it(`${path}: React DOM's client is evaluated once, after the elements are defined and upgraded, before they mount`, async () => {
      const { page, errors } = await harness.open(path, { init: recordRendererRegistrations });
      await page.locator('ev-charger-configurator').first().getByRole('radiogroup', { name: 'Front' }).waitFor();
      const registrations = await page.evaluate(() => window.evcRegistrations);
      assert.equal(registrations.length, 1, `one registration, not ${JSON.stringify(registrations)}`);
      const [registration] = registrations;
      assert.equal(registration.defined, true, 'the elements are defined by the time React DOM is evaluated');
      assert.equal(registration.upgraded, true, 'the elements on the page are upgraded by then');
      assert.equal(registration.mounted, false, 'no element has mounted before React DOM is there');
      assert.match(registration.version, /^19\./);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});
