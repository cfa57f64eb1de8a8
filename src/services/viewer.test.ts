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
  it('imports the viewer file once, however many elements ask', async () => {
    const { registry, define } = fakeRegistry();
    const importModule = vi.fn(async () => define());
    const load = createViewerLoader({ importModule, registry });
    await Promise.all([load('https://shop.example/dist/model-viewer.js'), load('https://shop.example/dist/model-viewer.js')]);
    await load('https://shop.example/dist/model-viewer.js');
    expect(importModule).toHaveBeenCalledTimes(1);
    expect(importModule).toHaveBeenCalledWith('https://shop.example/dist/model-viewer.js');
  });

  it('imports nothing when the page already has <model-viewer>', async () => {
    const { registry, define } = fakeRegistry();
    define();
    const importModule = vi.fn(async () => undefined);
    await createViewerLoader({ importModule, registry })('/dist/model-viewer.js');
    expect(importModule).not.toHaveBeenCalled();
  });

  it('rejects naming the URL when the import fails, and a retry asks for a fresh URL', async () => {
    const { registry, define } = fakeRegistry();
    const importModule = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockImplementation(async () => define());
    const load = createViewerLoader({ importModule, registry });
    await expect(load('/dist/model-viewer.js')).rejects.toThrow(
      'The 3D viewer could not be loaded from /dist/model-viewer.js: Failed to fetch dynamically imported module',
    );
    await expect(load('/dist/model-viewer.js')).resolves.toBeUndefined();
    expect(importModule.mock.calls).toEqual([['/dist/model-viewer.js'], ['/dist/model-viewer.js?retry=1']]);
  });

  it('rejects when the file loads but defines no <model-viewer>', async () => {
    const { registry } = fakeRegistry();
    const load = createViewerLoader({ importModule: async () => undefined, registry });
    await expect(load('/dist/other.js?v=2')).rejects.toThrow('/dist/other.js?v=2 did not define <model-viewer>');
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
