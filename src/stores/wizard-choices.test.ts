import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE as C } from '../domain/catalogue/uk';
import type { Flow } from '../domain/wizard';
import { createConfiguratorStore } from './configurator-store';
import { memoryStorage } from './persistence';
import type { WizardChoice } from './wizard-choices';
import { makeChoice, selectChoiceUnavailable, selectUnavailableItems } from './wizard-choices';

const cable = (id: string) => C.cables.find((option) => option.id === id)!.variantId;
const installation = (id: string) => C.installations.find((option) => option.id === id)!.variantId;
const addOn = (id: string) => C.addOns.find((option) => option.id === id)!.variantId;

/** A store whose shop answered that `unavailable` cannot be sold. */
function shopStore(unavailable: string[], flow: Flow = 'order') {
  const store = createConfiguratorStore({ catalogue: C, flow, storageKey: 'test', storage: { choices: memoryStorage(), personal: memoryStorage() } });
  store.getState().actions.applyShopPrices({ ok: true, list: { prices: {}, unavailable, sellingPlans: {} }, catalogue: C });
  return store;
}

describe('wizard choices the shop cannot sell', () => {
  it.each<[string, string, WizardChoice]>([
    ['a cable', cable('tethered_7kw_8_5m'), { type: 'chooseCable', cable: 'tethered_7kw_8_5m' }],
    ['an installation', installation('standard_7kw'), { type: 'chooseInstallation', installation: 'standard_7kw' }],
    ['an extra', addOn('display'), { type: 'toggleExtra', extra: 'display', on: true }],
    ['a surge item switched by its cable', addOn('surge_three'), { type: 'chooseCable', cable: 'socket_22kw' }],
    ['a metallic hook colour (the metallic hook finish)', addOn('metallic_hook'), { type: 'chooseHookColour', colour: 'belgravia_blue' }],
  ])('refuses %s: the configuration stays as it was', (_what, variant, choice) => {
    const store = shopStore([variant]);
    // Surge protection and a cable hook on a tether, so the cable and hook colour choices bring their items.
    makeChoice(store, { type: 'toggleExtra', extra: 'surgeProtection', on: true });
    makeChoice(store, { type: 'chooseCable', cable: 'tethered_7kw_5_5m' });
    makeChoice(store, { type: 'toggleExtra', extra: 'cableHook', on: true });
    const before = store.getState().configuration;
    expect(selectChoiceUnavailable(store.getState(), choice)).toBe(true);
    makeChoice(store, choice);
    expect(store.getState().configuration).toBe(before);
    // The same choice is made once the shop can sell it again.
    store.getState().actions.applyShopPrices({ ok: true, list: { prices: {}, unavailable: [], sellingPlans: {} }, catalogue: C });
    expect(selectChoiceUnavailable(store.getState(), choice)).toBe(false);
    makeChoice(store, choice);
    expect(store.getState().configuration).not.toEqual(before);
  });

  it('makes a choice whose items the shop sells, and never refuses taking an unavailable item out', () => {
    const store = shopStore([addOn('display')]);
    makeChoice(store, { type: 'toggleExtra', extra: 'extendedWarranty', on: true });
    expect(store.getState().configuration.extendedWarranty).toBe(true);
    // A saved choice holding the item: the buyer can always untick it.
    store.setState((state) => ({ configuration: { ...state.configuration, display: true } }));
    expect(selectChoiceUnavailable(store.getState(), { type: 'toggleExtra', extra: 'display', on: false })).toBe(false);
    makeChoice(store, { type: 'toggleExtra', extra: 'display', on: false });
    expect(store.getState().configuration.display).toBe(false);
  });

  it('judges nothing unavailable until the shop has answered', () => {
    const store = createConfiguratorStore({ catalogue: C, flow: 'order', storageKey: 'test', shopPrices: true, storage: { choices: memoryStorage(), personal: memoryStorage() } });
    expect(selectChoiceUnavailable(store.getState(), { type: 'toggleExtra', extra: 'display', on: true })).toBe(false);
    expect(selectUnavailableItems(store.getState())).toEqual([]);
  });

  it('lists the items of the current order the shop cannot sell', () => {
    const store = shopStore([addOn('display'), addOn('metallic_front')]);
    expect(selectUnavailableItems(store.getState())).toEqual([]);
    store.getState().actions.chooseFront('racing_green');
    store.setState((state) => ({ configuration: { ...state.configuration, display: true } }));
    expect(selectUnavailableItems(store.getState()).map((item) => item.name)).toEqual(['Metallic Front Finish', 'Digital display']);
  });
});
