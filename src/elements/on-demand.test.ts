import { describe, expect, it, vi } from 'vitest';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { defaultConfiguration } from '../domain/configuration';
import { encodeSharedConfiguration } from '../domain/share';
import { createConfiguratorStore } from '../stores/configurator-store';
import { loadCatalogueModule, loadShareModule } from '../app/on-demand';
import { createOnDemandLoader } from './on-demand-by-url';
import { isCatalogueModule, isShareModule } from '../app/on-demand-modules';

const URL_OF_FILE = 'https://shop.example/dist/catalogue.js';

describe('the on-demand files in module builds (ESM users, tests)', () => {
  it('catalogue-entry.ts: the schema check and the loader', async () => {
    const module = await loadCatalogueModule();
    expect(isCatalogueModule(module)).toBe(true);
    expect(module.parseCatalogue(UK_CATALOGUE)).toEqual({ ok: true, catalogue: UK_CATALOGUE });
    expect(module.parseCatalogue({ ...UK_CATALOGUE, version: 2 })).toEqual({ ok: false, error: 'catalogue.version: must be 1' });
    const fetch = (async () => Response.json(UK_CATALOGUE)) as unknown as typeof globalThis.fetch;
    await expect(module.loadCatalogue('https://shop.example/catalog.json', { fetch })).resolves.toEqual({ ok: true, catalogue: UK_CATALOGUE });
  });

  it('share-entry.ts: reading a share link into the element it names', async () => {
    const module = await loadShareModule();
    expect(isShareModule(module)).toBe(true);
    const store = createConfiguratorStore({ catalogue: UK_CATALOGUE, flow: 'order', storageKey: 'on-demand-test' });
    const payload = encodeSharedConfiguration({ target: '#0', configuration: { ...defaultConfiguration(UK_CATALOGUE), front: 'racing_green' } });
    expect(module.restoreSharedLink(store, payload, { name: '#1', first: false })).toEqual({ kind: 'none' });
    expect(store.getState().configuration.front).toBe('midnight_black');
    expect(module.restoreSharedLink(store, payload, { name: '#0', first: true })).toEqual({ kind: 'restored' });
    expect(store.getState().configuration.front).toBe('racing_green');
  });
});

describe('the on-demand files in the classic script (on-demand-by-url.ts)', () => {
  it('imports a file from beside the script once, however many elements ask', async () => {
    const real = await loadCatalogueModule();
    const importModule = vi.fn(async () => real);
    const load = createOnDemandLoader('catalogue.js', () => URL_OF_FILE, isCatalogueModule, importModule);
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toBe(real);
    expect(second).toBe(real);
    await load();
    expect(importModule.mock.calls).toEqual([[URL_OF_FILE]]);
  });

  it('a failed import names the URL, and the next attempt asks for a fresh URL', async () => {
    const real = await loadCatalogueModule();
    const importModule = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(real);
    const load = createOnDemandLoader('catalogue.js', () => URL_OF_FILE, isCatalogueModule, importModule);
    await expect(load()).rejects.toThrow(`The file catalogue.js could not be loaded from ${URL_OF_FILE}: Failed to fetch dynamically imported module`);
    await expect(load()).resolves.toBe(real);
    expect(importModule.mock.calls).toEqual([[URL_OF_FILE], [`${URL_OF_FILE}?retry=1`]]);
  });

  it('refuses a file that is not the one asked for, and a script without a URL', async () => {
    const wrong = createOnDemandLoader('catalogue.js', () => URL_OF_FILE, isCatalogueModule, async () => ({ mountWizard() {} }));
    await expect(wrong()).rejects.toThrow(`${URL_OF_FILE} is not catalogue.js.`);
    const share = createOnDemandLoader('share-link.js', () => URL_OF_FILE, isShareModule, async () => loadCatalogueModule());
    await expect(share()).rejects.toThrow(`${URL_OF_FILE} is not share-link.js.`);
    const importModule = vi.fn();
    await expect(createOnDemandLoader('catalogue.js', () => undefined, isCatalogueModule, importModule)()).rejects.toThrow('which was not loaded from a URL');
    expect(importModule).not.toHaveBeenCalled();
  });
});
