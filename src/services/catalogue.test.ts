import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { loadCatalogue } from './catalogue';

const answer = (body: string, init: ResponseInit = {}) => (async () => new Response(body, init)) as unknown as typeof fetch;

describe('loadCatalogue', () => {
  it('loads and validates a catalogue JSON', async () => {
    const result = await loadCatalogue('https://shop.example/catalog.json', { fetch: answer(JSON.stringify(UK_CATALOGUE)) });
    expect(result.ok).toBe(true);
  });

  it('names an HTTP failure', async () => {
    const result = await loadCatalogue('https://shop.example/missing.json', { fetch: answer('nope', { status: 404, statusText: 'Not Found' }) });
    expect(result).toEqual({ ok: false, error: 'catalogue: https://shop.example/missing.json answered 404 Not Found' });
  });

  it('names a network failure', async () => {
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const result = await loadCatalogue('https://shop.example/c.json', { fetch: failing });
    expect(result).toEqual({ ok: false, error: 'catalogue: could not load https://shop.example/c.json: Failed to fetch' });
  });

  it('names the first bad field of a malformed catalogue', async () => {
    const bad = { ...UK_CATALOGUE, cables: [{ ...UK_CATALOGUE.cables[0], price: -1 }] };
    const result = await loadCatalogue('https://shop.example/c.json', { fetch: answer(JSON.stringify(bad)) });
    expect(result).toEqual({ ok: false, error: 'catalogue.cables[0].price: must not be negative' });
  });
});
