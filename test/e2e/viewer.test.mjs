// The 3D viewer file is never part of the page load; "View in 3D" loads it and shows
// the demo charger model. The page closes once the model is asked for: drawing it takes software
// WebGL ten seconds of both cores here, which would starve the tests running beside this one. The
// model's colours are checked against a fake model-viewer in src/ui/Viewer3D.test.tsx.
// page.evaluate callbacks run in the browser:
/* global document, customElements, MutationObserver */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeChargerGlb } from '../../scripts/make-charger-glb.mjs';
import { hasWebgl, useHarness } from './harness.mjs';

const harness = useHarness();

const pathOf = (url) => new URL(url).pathname;
const viewerRequests = (requests) => requests.filter((url) => ['/dist/model-viewer.js', '/models/charger.glb'].includes(pathOf(url)));

describe('3D viewer on demand', () => {
  it('the demo serves the charger model as model/gltf-binary, exactly as the script makes it', async () => {
    const response = await fetch(harness.url('/models/charger.glb'));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'model/gltf-binary');
    assert.deepEqual(new Uint8Array(await response.arrayBuffer()), await makeChargerGlb());
  });

  it('marketing-site.html requests model-viewer.js only after "View in 3D", then shows the model', async () => {
    const { page, errors, requests } = await harness.open('/dist-examples/marketing-site.html');
    const element = page.locator('ev-charger-configurator');
    const button = element.getByRole('button', { name: 'View in 3D' });
    await button.waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(viewerRequests(requests), [], 'nothing of the 3D view on load');

    await element.getByRole('radiogroup', { name: 'Front' }).getByRole('radio', { name: 'Racing Green' }).check();
    await element.getByRole('radiogroup', { name: 'Body' }).getByRole('radio', { name: 'Alpine White' }).check();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(viewerRequests(requests), [], 'nothing of the 3D view after picking colours');

    const webgl = await hasWebgl(page);
    if (!webgl) {
      // A browser without WebGL keeps the 2D page and says so; nothing is loaded.
      await button.click();
      await element.getByText('3D view is not available in this browser.').waitFor();
      assert.deepEqual(viewerRequests(requests), []);
    } else {
      // Once model-viewer starts drawing, software WebGL holds the page's main thread for seconds, so
      // the element is described from inside the page the moment it is inserted, and the rest is
      // watched on the network.
      const inserted = page.evaluate(
        () =>
          new Promise((resolve) => {
            const root = document.querySelector('ev-charger-configurator').shadowRoot;
            const observer = new MutationObserver(() => {
              const node = root.querySelector('dialog[open] model-viewer');
              if (!node) return;
              observer.disconnect();
              resolve({
                upgraded: node instanceof customElements.get('model-viewer'),
                attributes: Object.fromEntries(Array.from(node.attributes, (attribute) => [attribute.name, attribute.value])),
              });
            });
            observer.observe(root, { subtree: true, childList: true });
          }),
      );
      const modelRequested = page.waitForRequest((request) => pathOf(request.url()) === '/models/charger.glb');
      await button.click();
      const { upgraded, attributes } = await inserted;
      assert.ok(requests.some((url) => pathOf(url) === '/dist/model-viewer.js'), 'model-viewer.js requested after the click');
      assert.ok(upgraded, 'the real <model-viewer> from the viewer file');
      assert.deepEqual(
        { ...attributes, src: pathOf(attributes.src) },
        {
          ...attributes,
          src: '/models/charger.glb',
          alt: '3D model of the charger in Racing Green and Alpine White',
          'camera-controls': '',
          'touch-action': 'pan-y',
          ar: '',
          'ar-modes': 'webxr scene-viewer quick-look',
          'ar-placement': 'wall',
        },
      );
      // model-viewer itself asks for the model once it is defined, connected and in view.
      await modelRequested;
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
});
