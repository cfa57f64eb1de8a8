// The built 3D viewer file and how the page reaches it, in real Chromium.
// Nothing here presses "View in 3D": drawing the model in software WebGL would hold the page for seconds.
import { expect } from 'chai';
import { after, before, describe, it } from './mocha';
import { loadElements, waitFor } from './page';
import { allByRole } from './queries';

const VIEWER_URL = new URL('/dist/model-viewer.js', location.href).href;

/** A dynamic import of a variable URL, as the element does; the test bundler leaves it as it is. */
const importByUrl = (url: string): Promise<unknown> => import(url);

describe('dist/model-viewer.js', () => {
  const mounted: HTMLElement[] = [];

  before(async () => {
    expect(await loadElements()).to.deep.equal([]);
  });

  after(() => {
    for (const host of mounted) host.remove();
  });

  it('model-src alone brings the 3D button: the build imports its own viewer file', async () => {
    const host = document.createElement('ev-charger-configurator');
    host.setAttribute('persist', 'none');
    host.setAttribute('model-src', '/demo/assets/charger.glb');
    document.body.append(host);
    mounted.push(host);
    const root = await waitFor(() => host.shadowRoot, 'a shadow root');
    await waitFor(() => allByRole(root, 'button', 'View in 3D')[0], 'the "View in 3D" button');
    expect(root.querySelector('[part~="notice"]'), 'no notice asking for viewer-src').to.equal(null);
    expect(customElements.get('model-viewer'), 'nothing of the viewer loaded yet').to.equal(undefined);
  });

  it('defines <model-viewer> on import, and a second copy from another URL keeps the first', async () => {
    await importByUrl(`${VIEWER_URL}?copy=1`);
    const first = customElements.get('model-viewer');
    expect(first).to.be.a('function');
    await importByUrl(`${VIEWER_URL}?copy=2`);
    expect(customElements.get('model-viewer')).to.equal(first);
  });
});
