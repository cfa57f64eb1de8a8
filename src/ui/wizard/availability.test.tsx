import { afterEach, describe, expect, it } from 'vitest';
import { updateForm } from '../../stores/form-answers';
import { choose, chooseExtra, choosePaymentType } from '../../stores/wizard-choices';
import { UK_CATALOGUE as C } from '../../domain/catalogue/uk';
import { UNAVAILABLE_REASON } from '../../domain/shop-availability';
import type { StepName } from '../../domain/wizard';
import type { ConfiguratorStore } from '../../stores/configurator-store';
import { byRole, cleanup, render, statusTexts, textOf, update } from '../testing';
import { Wizard } from '../Wizard';
import { unavailableMessage } from './UnavailableNotice';
import { continueDisabled, descriptionOf, fakeOrderServices, nextButton, renderWizard } from './wizard-testing';

afterEach(cleanup);

const variantOf = (items: readonly { id: string; variantId: string }[], id: string) => items.find((item) => item.id === id)!.variantId;
const cable = (id: string) => variantOf(C.cables, id);
const installation = (id: string) => variantOf(C.installations, id);
const addOn = (id: string) => variantOf(C.addOns, id);

/** The shop answered that these variants cannot be sold now. */
function shopUnavailable(store: ConfiguratorStore, unavailable: string[]) {
  update(() => store.getState().actions.applyShopPrices({ ok: true, list: { prices: {}, unavailable, sellingPlans: {} }, catalogue: C }));
}

const input = (element: HTMLElement) => element as HTMLInputElement;

function renderSpecWizard(step: StepName) {
  const rendered = render(<Wizard />, { flow: 'spec-request', options: { specRequest: async () => ({ ok: true, requestId: 'r' }) } });
  update(() => {
    rendered.store.getState().actions.openWizard();
    rendered.store.setState((state) => ({ wizard: { ...state.wizard, step } }));
  });
  return rendered;
}

describe('options the shop cannot sell are disabled, with the reason', () => {
  it.each<[string, StepName, string, 'radio' | 'checkbox', string, string]>([
    ['a cable', 'cable', cable('tethered_7kw_8_5m'), 'radio', '7kW with 8.5m cable', '£99.00 8.5 m cable attached, single-phase supply'],
    ['an installation', 'installation', installation('standard_7kw'), 'radio', 'Standard', '£425.00 7kW Standard installation (remote survey)'],
    ['an option', 'options', addOn('renewable'), 'checkbox', 'Renewable energy integration', "£97.00 Connects the charger to your home's renewable energy system, so your car charges from it when it can."],
    ['an extra', 'extras', addOn('display'), 'checkbox', 'Digital display', '£88.00'],
  ])('ordering flow: %s', (_what, step, variant, role, name, details) => {
    const { container, store } = renderWizard({ step });
    const before = store.getState().configuration;
    shopUnavailable(store, [variant]);
    const control = input(byRole(container, role, name));
    expect(control.disabled).toBe(true);
    expect(descriptionOf(control)).toBe(`${details} ${UNAVAILABLE_REASON}`);
    update(() => control.click());
    expect(store.getState().configuration).toBe(before);
    shopUnavailable(store, []);
    expect(input(byRole(container, role, name)).disabled).toBe(false);
    expect(descriptionOf(byRole(container, role, name))).toBe(details);
  });

  it('a cable that would switch in an unavailable item: the 22kW cables with surge protection on', () => {
    const { container, store } = renderWizard();
    update(() => chooseExtra(store, 'surgeProtection', true));
    shopUnavailable(store, [addOn('surge_three')]);
    for (const name of ['22kW with 6.5m cable', '22kW socket']) expect(input(byRole(container, 'radio', name)).disabled).toBe(true);
    expect(input(byRole(container, 'radio', '7kW with 8.5m cable')).disabled).toBe(false);
  });

  it('hook colours: the metallic ones when the metallic hook finish cannot be sold', () => {
    const { container, store, goTo } = renderWizard();
    update(() => {
      choose(store, { type: 'chooseCable', cable: 'tethered_7kw_5_5m' });
      chooseExtra(store, 'cableHook', true);
    });
    goTo('hook');
    shopUnavailable(store, [addOn('metallic_hook')]);
    const group = byRole(container, 'radiogroup', 'Cable hook colour');
    const belgravia = input(byRole(group, 'radio', 'Belgravia Blue'));
    expect(belgravia.disabled).toBe(true);
    expect(descriptionOf(belgravia)).toBe(`+£5.00 ${UNAVAILABLE_REASON}`);
    expect(input(byRole(group, 'radio', 'Racing Green')).disabled).toBe(false);
    update(() => belgravia.click());
    expect(store.getState().configuration.hookColour).toBe('midnight_black');
  });

  it('specification flow: a cable, an installation and an extra', () => {
    const { container, store } = renderSpecWizard('cable');
    shopUnavailable(store, [cable('socket_22kw'), installation('premium_7kw'), addOn('warranty')]);
    expect(input(byRole(container, 'radio', '22kW socket')).disabled).toBe(true);
    expect(descriptionOf(byRole(container, 'radio', '22kW socket'))).toContain(UNAVAILABLE_REASON);
    update(() => store.setState((state) => ({ wizard: { ...state.wizard, step: 'installation' } })));
    expect(input(byRole(container, 'radio', 'Premium')).disabled).toBe(true);
    update(() => store.setState((state) => ({ wizard: { ...state.wizard, step: 'extras' } })));
    expect(input(byRole(container, 'checkbox', 'Extended warranty')).disabled).toBe(true);
    expect(input(byRole(container, 'checkbox', 'Digital display')).disabled).toBe(false);
  });

  it('specification flow: Tethered starts at the first tethered cable the shop can sell, and is disabled when it can sell none', () => {
    const { container, store } = renderSpecWizard('cable');
    const kinds = byRole(container, 'radiogroup', 'Socketed or Tethered');
    shopUnavailable(store, [cable('tethered_7kw_5_5m')]);
    update(() => byRole(kinds, 'radio', 'Tethered').click());
    expect(store.getState().configuration.cable).toBe('tethered_7kw_8_5m');

    update(() => byRole(kinds, 'radio', 'Socketed').click());
    shopUnavailable(store, C.cables.filter((option) => option.kind === 'tethered').map((option) => option.variantId));
    const tethered = input(byRole(kinds, 'radio', 'Tethered'));
    expect(tethered.disabled).toBe(true);
    expect(descriptionOf(tethered)).toBe(`The cable stays attached to the charger. ${UNAVAILABLE_REASON}`);
  });
});

describe('an order already holding an item the shop cannot sell', () => {
  const message = unavailableMessage({ name: 'Digital display' });

  it('says so on the current step, politely, and the checkout waits on the last step with that hint', () => {
    const { container, store } = renderWizard({ order: fakeOrderServices(), step: 'extras' });
    update(() => chooseExtra(store, 'display', true));
    expect(statusTexts(container)).toEqual([]);
    shopUnavailable(store, [addOn('display')]);
    expect(statusTexts(container)).toEqual([message]);
    // Not on the last step: the buyer may go on and come back.
    expect(continueDisabled(container)).toBe(false);
    // Unticking it is the way on, so it stays enabled.
    expect(input(byRole(container, 'checkbox', 'Digital display')).disabled).toBe(false);

    update(() => {
      choosePaymentType(store, 'PAY_NOW');
      updateForm(store, { 'first-name': 'Ada', 'last-name': 'Lovelace', email: 'ada@home.example', tel: '07700 900123' });
      store.setState((state) => ({ wizard: { ...state.wizard, step: 'contact' } }));
    });
    expect(statusTexts(container)).toContain(message);
    const next = nextButton(container)!;
    expect(continueDisabled(container)).toBe(true);
    expect(textOf(container.querySelector(`[id="${next.getAttribute('aria-describedby')}"]`))).toBe(message);

    update(() => store.setState((state) => ({ configuration: { ...state.configuration, display: false } })));
    expect(statusTexts(container)).toEqual([]);
    expect(continueDisabled(container)).toBe(false);
  });

  it('names a finish chosen on the page', () => {
    const { container, store } = renderWizard({ step: 'payment' });
    update(() => store.getState().actions.chooseFront('racing_green'));
    shopUnavailable(store, [addOn('metallic_front')]);
    expect(statusTexts(container)).toEqual([unavailableMessage({ name: 'Metallic Front Finish' })]);
  });
});
