// A catalogue URL that never answers ends in a clear error, not an endless
// spinner. (The browser test of the same case would have to wait the real 15 seconds.)
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/services/catalogue';

/** A server that accepts the request and never answers; it stops only when the signal aborts. */
const silent = ((_url: string, init: RequestInit) =>
  new Promise<Response>((_, reject) => {
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  })) as unknown as typeof fetch;

describe('loadCatalogue against a catalogue URL that never answers', () => {
  it('gives up after its timeout and says so', async () => {
    const started = Date.now();
    const result = await loadCatalogue('https://shop.example/slow.json', { fetch: silent, timeoutMs: 50 });
    expect(result).toEqual({ ok: false, error: 'catalogue: could not load https://shop.example/slow.json: it took too long to answer' });
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('stops quietly when the element goes away first', async () => {
    const controller = new AbortController();
    const pending = loadCatalogue('https://shop.example/slow.json', { fetch: silent, timeoutMs: 60_000, signal: controller.signal });
    controller.abort();
    const result = await pending;
    expect(result.ok).toBe(false);
  });
});
