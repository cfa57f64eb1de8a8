import { describe, expect, it } from 'vitest';
import { parseConfiguratorAttributes } from './attributes';

const BASE = 'https://merchant.example/products/charger';

// The viewer file is the build's own (a dynamic import), unless `viewer-src` names another copy.
describe('where the 3D viewer file is', () => {
  it('model-src alone is enough: no viewer-src is asked for', () => {
    const { options, errors } = parseConfiguratorAttributes({ modelSrc: 'charger.glb' }, BASE);
    expect(errors).toEqual([]);
    expect(options.viewerSrc).toBeUndefined();
    expect(options.modelSrc).toBe('https://merchant.example/products/charger.glb');
  });

  it('viewer-src names another copy, resolved against the page', () => {
    const { options, errors } = parseConfiguratorAttributes({ modelSrc: '/models/charger.glb', viewerSrc: '../assets/model-viewer.js' }, BASE);
    expect(errors).toEqual([]);
    expect(options.viewerSrc).toBe('https://merchant.example/assets/model-viewer.js');
    expect(options.modelSrc).toBe('https://merchant.example/models/charger.glb');
  });

  it('refuses a viewer-src that is not http(s), naming it once', () => {
    const { options, errors } = parseConfiguratorAttributes({ modelSrc: 'charger.glb', viewerSrc: 'javascript:alert(1)' }, BASE);
    expect(options.viewerSrc).toBeUndefined();
    expect(errors).toEqual([{ attribute: 'viewer-src', message: 'viewer-src="javascript:alert(1)" is not a valid http(s) URL' }]);
  });
});
