import { describe, expect, it, vi } from 'vitest';
import { createViewerLoader, webglAvailable } from './viewer';

/** A registry of its own per test, so defining `model-viewer` in one test leaves the others alone. */
function fakeRegistry() {
  const defined = new Set<string>();
  return {
    registry: { get: (name: string) => (defined.has(name) ? HTMLElement : undefined) } as unknown as CustomElementRegistry,
    define: () => defined.add('model-viewer'),
  };
}

describe('createViewerLoader', () => {
  /** What the viewer file exports; importing it defines <model-viewer> in the test's registry. */
  const viewerFile = (define: () => void) => async () => {
    define();
    return { mountModelStage: () => ({ update() {}, unmount() {} }) };
  };

  it('imports the viewer file once, however many elements ask, and hands over its stage', async () => {
    const { registry, define } = fakeRegistry();
    const importModule = vi.fn(viewerFile(define));
    const load = createViewerLoader({ importModule, registry });
    await Promise.all([load('https://shop.example/dist/model-viewer.js'), load('https://shop.example/dist/model-viewer.js')]);
    const module = await load('https://shop.example/dist/model-viewer.js');
    expect(typeof module.mountModelStage).toBe('function');
    expect(importModule).toHaveBeenCalledTimes(1);
    expect(importModule).toHaveBeenCalledWith('https://shop.example/dist/model-viewer.js');
  });

  it('imports the file for its stage when the page already has <model-viewer> (the file keeps the page\'s)', async () => {
    const { registry, define } = fakeRegistry();
    define();
    const importModule = vi.fn(viewerFile(() => undefined));
    await expect(createViewerLoader({ importModule, registry })('/dist/model-viewer.js')).resolves.toHaveProperty('mountModelStage');
    expect(importModule).toHaveBeenCalledOnce();
  });

  it('rejects naming the URL when the import fails, and a retry asks for a fresh URL', async () => {
    const { registry, define } = fakeRegistry();
    const importModule = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockImplementation(viewerFile(define));
    const load = createViewerLoader({ importModule, registry });
    await expect(load('/dist/model-viewer.js')).rejects.toThrow(
      'The 3D viewer could not be loaded from /dist/model-viewer.js: Failed to fetch dynamically imported module',
    );
    await expect(load('/dist/model-viewer.js')).resolves.toHaveProperty('mountModelStage');
    expect(importModule.mock.calls).toEqual([['/dist/model-viewer.js'], ['/dist/model-viewer.js?retry=1']]);
  });

  it("without viewer-src imports the build's own file, and passes on its failure", async () => {
    const { registry, define } = fakeRegistry();
    const importModule = vi.fn();
    const importOwn = vi.fn().mockRejectedValueOnce(new Error('The 3D viewer could not be loaded: offline')).mockImplementation(viewerFile(define));
    const load = createViewerLoader({ importModule, importOwn, registry });
    await expect(load()).rejects.toThrow('The 3D viewer could not be loaded: offline');
    await expect(load()).resolves.toHaveProperty('mountModelStage');
    expect(importOwn).toHaveBeenCalledTimes(2);
    expect(importModule).not.toHaveBeenCalled();
  });

  it('rejects when the file loads but defines no <model-viewer>, or brings no stage', async () => {
    const { registry, define } = fakeRegistry();
    const load = createViewerLoader({ importModule: async () => undefined, registry });
    await expect(load('/dist/other.js?v=2')).rejects.toThrow('/dist/other.js?v=2 did not define <model-viewer>');
    define();
    await expect(createViewerLoader({ importModule: async () => ({}), registry })('/dist/other.js?v=3')).rejects.toThrow(
      '/dist/other.js?v=3 did not define <model-viewer>',
    );
  });
});

describe('webglAvailable', () => {
  const documentWith = (getContext: (kind: string) => unknown) =>
    ({ createElement: () => ({ getContext }) }) as unknown as Document;

  it('is true with a WebGL 2 or WebGL 1 context, and releases the probe context', () => {
    const loseContext = vi.fn();
    const context = { getExtension: () => ({ loseContext }) };
    expect(webglAvailable(documentWith((kind) => (kind === 'webgl' ? context : null)))).toBe(true);
    expect(loseContext).toHaveBeenCalledOnce();
  });

  it('is false without a context or when the canvas throws, and asks once per document', () => {
    const getContext = vi.fn(() => null);
    const document = documentWith(getContext);
    expect(webglAvailable(document)).toBe(false);
    expect(webglAvailable(document)).toBe(false);
    expect(getContext).toHaveBeenCalledTimes(2); // webgl2, then webgl, on the first call only
    expect(webglAvailable(documentWith(() => { throw new Error('blocked'); }))).toBe(false);
  });
});
