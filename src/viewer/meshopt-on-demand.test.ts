import { afterEach, describe, expect, it, vi } from 'vitest';

const REAL = 'three/examples/jsm/libs/meshopt_decoder.module.js';

/** A fresh copy of the stand-in for each test. */
async function freshStandIn() {
  vi.resetModules();
  return (await import('./meshopt-on-demand')).MeshoptDecoder;
}

/** Puts a fake in place of the real decoder module; `evaluated` tells whether it was imported. */
function fakeRealDecoder(ready: () => Promise<void>) {
  const state = { evaluated: false };
  vi.doMock(REAL, () => {
    state.evaluated = true;
    return { MeshoptDecoder: { supported: true, get ready() { return ready(); } } };
  });
  return state;
}

afterEach(() => {
  vi.doUnmock(REAL);
});

describe('meshopt decoder on demand (the viewer file under a strict CSP)', () => {
  it('does not evaluate the real decoder (which compiles WebAssembly) until something waits for it', async () => {
    const real = fakeRealDecoder(async () => {});
    const decoder = await freshStandIn();
    expect(decoder.supported).toBe(true);
    expect(real.evaluated).toBe(false);
    await decoder.ready;
    expect(real.evaluated).toBe(true);
  });

  it('refuses a decode before it is ready, and forwards every call to the real decoder after', async () => {
    const decoder = await freshStandIn();
    const target = new Uint8Array(12);
    const notEncoded = new Uint8Array([1, 2, 3]);
    expect(() => decoder.decodeIndexBuffer(...([target, 3, 4, notEncoded] as never[]))).toThrow('The meshopt decoder was used before it was ready');

    await decoder.ready;
    // The real decoder's own answer to data it cannot decode.
    expect(() => decoder.decodeIndexBuffer(...([target, 3, 4, notEncoded] as never[]))).toThrow(/Malformed buffer data/);
    await expect(decoder.decodeGltfBufferAsync(...([3, 4, notEncoded, 'TRIANGLES', 'NONE'] as never[]))).rejects.toThrow(/Malformed buffer data/);
  });

  it('passes a refused compile on to whoever waits', async () => {
    fakeRealDecoder(() => Promise.reject(new WebAssembly.CompileError('refused by the page')));
    const decoder = await freshStandIn();
    await expect(decoder.ready).rejects.toThrow('refused by the page');
  });
});
