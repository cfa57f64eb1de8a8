import { describe, expect, it } from 'vitest';
import { parseConfiguratorAttributes } from './attributes';
import { captureViewerSrc, scriptViewerSrc } from './viewer-src';

const BASE = 'https://merchant.example/products/charger';

// The viewer file is found beside the classic script, or named by `viewer-src`.
describe('where the 3D viewer file is', () => {
  it('is model-viewer.js beside the classic script that ran, whatever its query', () => {
    const script = document.createElement('script');
    script.src = 'https://cdn.merchant.example/evc/1.2/ev-charger-configurator.js?v=3';
    captureViewerSrc(script);
    expect(scriptViewerSrc()).toBe('https://cdn.merchant.example/evc/1.2/model-viewer.js');
    captureViewerSrc(null); // loaded as a module: nothing to learn, the last answer stands
    expect(scriptViewerSrc()).toBe('https://cdn.merchant.example/evc/1.2/model-viewer.js');
  });

  it('viewer-src wins over the file beside the script, resolved against the page', () => {
    const { options, errors } = parseConfiguratorAttributes(
      { modelSrc: '/models/charger.glb', viewerSrc: '../assets/model-viewer.js' },
      BASE,
      { viewerSrc: 'https://cdn.merchant.example/model-viewer.js' },
    );
    expect(errors).toEqual([]);
    expect(options.viewerSrc).toBe('https://merchant.example/assets/model-viewer.js');
    expect(options.modelSrc).toBe('https://merchant.example/models/charger.glb');
  });

  it('falls back to the file beside the script', () => {
    const { options } = parseConfiguratorAttributes({ modelSrc: 'charger.glb' }, BASE, { viewerSrc: 'https://cdn.merchant.example/model-viewer.js' });
    expect(options.viewerSrc).toBe('https://cdn.merchant.example/model-viewer.js');
  });

  it('says what to set when model-src is given and no viewer file is known', () => {
    expect(parseConfiguratorAttributes({ modelSrc: 'charger.glb' }, BASE).errors).toEqual([
      {
        attribute: 'viewer-src',
        message: 'model-src is set but the 3D viewer file is unknown: set viewer-src to the URL of model-viewer.js (needed when the element is not loaded by its script tag)',
      },
    ]);
    expect(parseConfiguratorAttributes({}, BASE).errors).toEqual([]);
  });

  it('refuses a viewer-src that is not http(s), naming it once', () => {
    const { options, errors } = parseConfiguratorAttributes({ modelSrc: 'charger.glb', viewerSrc: 'javascript:alert(1)' }, BASE);
    expect(options.viewerSrc).toBeUndefined();
    expect(errors).toEqual([{ attribute: 'viewer-src', message: 'viewer-src="javascript:alert(1)" is not a valid http(s) URL' }]);
  });
});
