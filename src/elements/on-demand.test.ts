import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { defaultConfiguration } from '../domain/configuration';
import { encodeSharedConfiguration } from '../domain/share-write';
import { createConfiguratorStore } from '../stores/configurator-store';
import { loadCatalogueModule, loadShareModule, loadShopPricesModule, loadWizardModule } from '../app/on-demand';
import { isWizardModule } from '../ui/wizard-module';
import { isCatalogueModule, isShareModule, isShopPricesModule } from '../app/on-demand-modules';

describe('the on-demand files', () => {
  it('catalogue-entry.ts: the schema check and the loader', async () => {
    const module = await loadCatalogueModule();
    expect(isCatalogueModule(module)).toBe(true);
    expect(module.parseCatalogue(UK_CATALOGUE)).toEqual({ ok: true, catalogue: UK_CATALOGUE });
    expect(module.parseCatalogue({ ...UK_CATALOGUE, version: 2 })).toEqual({ ok: false, error: 'catalogue.version: must be 1' });
    const fetch = (async () => Response.json(UK_CATALOGUE)) as unknown as typeof globalThis.fetch;
    await expect(module.loadCatalogue('https://shop.example/catalog.json', { fetch })).resolves.toEqual({ ok: true, catalogue: UK_CATALOGUE });
  });

  it('share-entry.ts: a share link, read and applied to the element it names', async () => {
    const module = await loadShareModule();
    expect(isShareModule(module)).toBe(true);
    const store = createConfiguratorStore({ catalogue: UK_CATALOGUE, flow: 'order', storageKey: 'on-demand-test' });
    const payload = encodeSharedConfiguration({ target: '#0', configuration: { ...defaultConfiguration(UK_CATALOGUE), front: 'racing_green' } });
    expect(module.applySharedLink(store, payload, { name: '#1', first: false })).toEqual({ kind: 'none' });
    expect(store.getState().configuration.front).toBe('midnight_black');
    expect(module.applySharedLink(store, payload, { name: '#0', first: true })).toEqual({ kind: 'restored' });
    expect(store.getState().configuration.front).toBe('racing_green');
  });

  it('shop-prices-entry.ts: the shop asked for its prices', async () => {
    const module = await loadShopPricesModule();
    expect(isShopPricesModule(module)).toBe(true);
    const fetch = (async () => new Response('down', { status: 503 })) as unknown as typeof globalThis.fetch;
    const storefront = { storefrontEndpoint: 'https://shop.example/api/graphql.json', apiVersion: '2026-04', token: 'public-token' };
    await expect(module.shopPrices(UK_CATALOGUE, { ...storefront, monthlyPlan: false, fetch })).resolves.toEqual({
      ok: false,
      error: 'https://shop.example/api/graphql.json answered 503',
    });
  });

  it('wizard-entry.ts: the wizard and the page dialogs', async () => {
    expect(isWizardModule(await loadWizardModule())).toBe(true);
  });
});
