import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CatalogueState } from '../app/configurator';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { defaultConfiguration } from '../domain/configuration';
import { encodeSharedConfiguration } from '../domain/share-write';
import { createConfiguratorStore } from '../stores/configurator-store';
import { loadCatalogueModule, loadShareModule, loadShopPricesModule, loadWizardModule } from '../app/on-demand';
import { isWizardModule } from '../ui/wizard-module';
import { isCatalogueModule, isShareModule, isShopPricesModule } from '../app/on-demand-modules';

describe('the on-demand files', () => {
  it('catalogue-entry.ts: a merchant catalogue, checked before use', async () => {
    const module = await loadCatalogueModule();
    expect(isCatalogueModule(module)).toBe(true);
    const states: CatalogueState[] = [];
    const render = (object: unknown) =>
      renderToString(createElement(module.MerchantCatalogue, { object, url: undefined, children: (state: CatalogueState) => void states.push(state) }));
    // An object is checked as it renders: no spinner first.
    render(UK_CATALOGUE);
    render({ ...UK_CATALOGUE, version: 2 });
    expect(states).toEqual([
      { status: 'ready', catalogue: UK_CATALOGUE },
      { status: 'error', message: 'catalogue.version: must be 1' },
    ]);
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
