import { describe, expect, it } from 'vitest';
import { updateForm } from './form-answers';
import { choose } from './wizard-choices';
import { SHARED_CODES_CATALOGUE } from '../domain/catalogue/shared-codes.fixture';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { createConfiguratorStore, selectTotals } from './configurator-store';
import { selectAwaitingHighPower, selectWizardSteps } from './wizard-navigation';
import { createStepValidationSelector } from './step-validation';
import { memoryStorage } from './persistence';
import { wizardNavigation } from './wizard-navigation';

const make = (flow: 'order' | 'spec-request' = 'order', storage = { choices: memoryStorage(), personal: memoryStorage() }) =>
  ({ store: createConfiguratorStore({ catalogue: UK_CATALOGUE, flow, storageKey: 'test', storage }), storage });

describe('configurator store', () => {
  it('starts from the spec defaults, wizard closed on its first step', () => {
    const { store } = make();
    const state = store.getState();
    expect(state.configuration.cable).toBe('socket_7kw');
    expect(state.wizard).toEqual({ open: false, step: 'cable', highPowerConfirmed: false });
    expect(make('spec-request').store.getState().wizard.step).toBe('email');
  });

  it('actions change the configuration and the totals follow', () => {
    const { store } = make();
    const before = selectTotals(store.getState());
    expect(selectTotals(store.getState())).toBe(before);
    store.getState().actions.chooseFront('racing_green');
    const after = selectTotals(store.getState());
    expect(after.total - before.total).toBe(2200);
  });

  it('two stores never share state', () => {
    const a = make().store;
    const b = make().store;
    a.getState().actions.chooseBody('alpine_white');
    expect(b.getState().configuration.body).toBe('midnight_black');
  });

  it('MOVE-7: a 22kW cable waits for confirmation; "go back" returns to the previous cable', () => {
    const { store } = make();
    const { actions } = store.getState();
    actions.openWizard();
    choose(store, { type: 'chooseCable', cable: 'tethered_7kw_8_5m' });
    choose(store, { type: 'chooseCable', cable: 'tethered_22kw_6_5m' });
    expect(selectAwaitingHighPower(store.getState())).toBe(true);
    expect(wizardNavigation(store).goNext()).toBeNull();
    wizardNavigation(store).declineHighPower();
    expect(store.getState().configuration.cable).toBe('tethered_7kw_8_5m');
    expect(selectAwaitingHighPower(store.getState())).toBe(false);
  });

  it('MOVE-7: confirming the 22kW dialog moves on and asks for product details', () => {
    const { store } = make();
    const { actions } = store.getState();
    actions.openWizard();
    choose(store, { type: 'chooseCable', cable: 'socket_22kw' });
    expect(wizardNavigation(store).confirmHighPower().fetchProductDetails).toBe(true);
    expect(store.getState().wizard.step).toBe('installation');
  });

  it('MOVE-4: Back on the first step closes the wizard', () => {
    const { store } = make();
    store.getState().actions.openWizard();
    wizardNavigation(store).goBack();
    expect(store.getState().wizard.open).toBe(false);
  });

  it('state survives a reload: choices and wizard step; personal details without the date of birth', () => {
    const { store, storage } = make();
    const { actions } = store.getState();
    actions.chooseFront('cotswold_oak');
    actions.openWizard();
    wizardNavigation(store).goNext();
    updateForm(store, { email: 'sam@example.com', dob: '1980-01-01' });
    const reloaded = make('order', storage).store.getState();
    expect(reloaded.configuration.front).toBe('cotswold_oak');
    expect(reloaded.wizard).toMatchObject({ open: true, step: 'installation' });
    expect(reloaded.form.email).toBe('sam@example.com');
    expect(reloaded.form.dob).toBe('');
    expect(storage.personal.getItem('evc:test:personal')).not.toContain('1980');
  });

  it.each([
    ['not JSON', '{oops'],
    ['an old version', JSON.stringify({ version: 0, data: {} })],
    ['an unknown colour', JSON.stringify({ version: 1, data: { configuration: { front: 'gold' }, wizard: {} } })],
    ['an unknown step', 'X'],
  ])('a corrupt saved state (%s) is discarded, never a crash', (_, raw) => {
    const storage = { choices: memoryStorage(), personal: memoryStorage() };
    storage.choices.setItem('evc:test:choices', raw);
    const { store } = make('order', storage);
    expect(store.getState().configuration.front).toBe('midnight_black');
    expect(storage.choices.getItem('evc:test:choices')).toBeNull();
  });

  it('Start again clears choices and saved traces', () => {
    const { store, storage } = make();
    store.getState().actions.chooseBody('cashmere');
    updateForm(store, { email: 'a@b.example' });
    store.getState().actions.reset();
    expect(store.getState().configuration.body).toBe('midnight_black');
    expect(store.getState().form.email).toBe('');
    expect(storage.choices.size() + storage.personal.size()).toBe(0);
  });

  it('blocked storage does not break the store', () => {
    const throwing = {
      getItem: () => { throw new Error('SecurityError'); },
      setItem: () => { throw new Error('QuotaExceededError'); },
      removeItem: () => { throw new Error('SecurityError'); },
    };
    const store = createConfiguratorStore({ catalogue: UK_CATALOGUE, flow: 'order', storageKey: 'x', storage: { choices: throwing, personal: throwing } });
    store.getState().actions.chooseFront('racing_green');
    expect(store.getState().configuration.front).toBe('racing_green');
  });
});

describe('MOVE-10 wizardSteps: the path walked, kept with the form', () => {
  it('follows Continue, Back, the 22kW confirmation and a jump back to a step', () => {
    const { store } = make();
    const { actions } = store.getState();
    const navigation = wizardNavigation(store);
    actions.openWizard();
    expect(store.getState().form.wizardSteps).toEqual([]);
    expect(selectWizardSteps(store.getState())).toEqual(['cable']);
    choose(store, { type: 'chooseCable', cable: 'socket_22kw' });
    navigation.confirmHighPower();
    navigation.goNext();
    navigation.goNext();
    expect(store.getState().form.wizardSteps).toEqual(['cable', 'installation', 'options', 'extras']);
    navigation.goBack();
    expect(selectWizardSteps(store.getState())).toEqual(['cable', 'installation', 'options']);
    navigation.goNext();
    navigation.goNext();
    expect(selectWizardSteps(store.getState())).toEqual(['cable', 'installation', 'options', 'extras', 'payment']);
    navigation.goToStep('installation');
    expect(selectWizardSteps(store.getState())).toEqual(['cable', 'installation']);
  });

  it('a step the choices take away is cut from the path without a move', () => {
    const { store } = make();
    const navigation = wizardNavigation(store);
    navigation.setSmallScreen(true);
    store.getState().actions.openWizard();
    for (let moves = 0; moves < 4; moves += 1) navigation.goNext();
    expect(selectWizardSteps(store.getState())).toEqual(['cable', 'installation', 'options', 'extras', 'summary']);
    navigation.setSmallScreen(false);
    expect(selectWizardSteps(store.getState())).toEqual(['cable', 'installation', 'options', 'extras']);
  });

  it('survives a reload with the personal details and goes with Start again', () => {
    const { store, storage } = make();
    store.getState().actions.openWizard();
    wizardNavigation(store).goNext();
    expect(make('order', storage).store.getState().form.wizardSteps).toEqual(['cable', 'installation']);
    store.getState().actions.reset();
    expect(store.getState().form.wizardSteps).toEqual([]);
  });

  it.each([
    ['not a list', '"cable"'],
    ['an unknown step', '["cable","checkout"]'],
    ['steps out of order', '["installation","cable"]'],
  ])('a saved path that is not one (%s) is dropped; the other answers stay', (_case, saved) => {
    const storage = { choices: memoryStorage(), personal: memoryStorage() };
    storage.personal.setItem('evc:test:personal', `{"version":1,"data":{"email":"sam@example.com","wizardSteps":${saved}}}`);
    const { form } = make('order', storage).store.getState();
    expect(form.wizardSteps).toEqual([]);
    expect(form.email).toBe('sam@example.com');
  });
});

describe('a partner discount verified by a one-time code (partner-endpoint)', () => {
  const EMAIL = 'sam@partner-one.example';
  const verified = (expiresAt: string) => ({ email: EMAIL, discountId: 'partner', discountCode: 'PX-7Q2M9', token: 't', amount: 10000, expiresAt });
  const withEndpoint = (storage = { choices: memoryStorage(), personal: memoryStorage() }) => ({
    store: createConfiguratorStore({ catalogue: UK_CATALOGUE, flow: 'order', storageKey: 'test', storage, verifiedPartnerDiscounts: true }),
    storage,
  });
  const total = (store: ReturnType<typeof make>['store']) => selectTotals(store.getState()).total;

  it('prices the discount only once verified; without partner-endpoint the e-mail domain gives it where the catalogue names its shop code', () => {
    const { store } = withEndpoint();
    updateForm(store, { email: EMAIL });
    expect(total(store)).toBe(59900);
    updateForm(store, { verifiedPartner: verified('2030-01-01T00:00:00Z') });
    expect(total(store)).toBe(49900);
    const coded = createConfiguratorStore({ catalogue: SHARED_CODES_CATALOGUE, flow: 'order', storageKey: 'test', storage: {} });
    updateForm(coded, { email: EMAIL });
    expect(total(coded)).toBe(49900);
    // The embedded catalogue names no shop codes: a discount shown would be withdrawn at checkout.
    const plain = make().store;
    updateForm(plain, { email: EMAIL });
    expect(total(plain)).toBe(59900);
  });

  it('spec-request mode, which has no cart and so no code to verify, shows no partner discount with it', () => {
    const store = createConfiguratorStore({ catalogue: UK_CATALOGUE, flow: 'spec-request', storageKey: 'test', storage: {}, verifiedPartnerDiscounts: true });
    updateForm(store, { orderEmail: EMAIL, email: EMAIL });
    expect(total(store)).toBe(59900);
  });

  it('changing the e-mail drops the verification, even back to the same address', () => {
    const { store } = withEndpoint();
    updateForm(store, { email: EMAIL, verifiedPartner: verified('2030-01-01T00:00:00Z') });
    updateForm(store, { 'first-name': 'Sam' });
    expect(store.getState().form.verifiedPartner).toBeDefined();
    updateForm(store, { email: 'sam@partner-two.example' });
    updateForm(store, { email: EMAIL });
    expect(store.getState().form.verifiedPartner).toBeUndefined();
    expect(total(store)).toBe(59900);
  });

  it.each([
    ['survives a reload while current', '2030-01-01T00:00:00Z', 49900],
    ['is dropped on reload once expired', '2020-01-01T00:00:00Z', 59900],
    ['is dropped on reload with an unreadable expiry', 'soon', 59900],
  ])('saved with the personal details, it %s', (_, expiresAt, expected) => {
    const { store, storage } = withEndpoint();
    updateForm(store, { email: EMAIL, verifiedPartner: verified(expiresAt) });
    expect(storage.personal.getItem('evc:test:personal')).toContain('PX-7Q2M9');
    const reloaded = withEndpoint(storage).store;
    expect(reloaded.getState().form.email).toBe(EMAIL);
    expect(total(reloaded)).toBe(expected);
  });

  it('Start again forgets it', () => {
    const { store, storage } = withEndpoint();
    updateForm(store, { email: EMAIL, verifiedPartner: verified('2030-01-01T00:00:00Z') });
    store.getState().actions.reset();
    expect(store.getState().form.verifiedPartner).toBeUndefined();
    expect(withEndpoint(storage).store.getState().form.verifiedPartner).toBeUndefined();
  });
});

describe('step validation selector (MOVE-9: Continue disabled while the step is invalid)', () => {
  it('reports the contact step messages until the fields are filled', () => {
    const { store } = make();
    const select = createStepValidationSelector(() => new Date('2026-11-22'));
    store.setState((state) => ({ wizard: { ...state.wizard, open: true, step: 'contact' } }));
    const empty = select(store.getState());
    expect(empty.valid).toBe(false);
    expect(empty.errors['first-name']).toBe('First name is a required field');
    expect(select(store.getState())).toBe(empty);
    updateForm(store, { 'first-name': 'Sam', 'last-name': 'Lee', email: 'sam@example.com', tel: '07700 900123' });
    expect(select(store.getState())).toEqual({ valid: true, errors: {} });
  });
});

describe('offers (STEP-1: the offer step only when the shop has offers)', () => {
  it('come from the catalogue; the embedded one has none', () => {
    expect(make().store.getState().shop.offers).toEqual([]);
    const catalogue = { ...UK_CATALOGUE, offers: [{ id: 'health_check', name: 'Free first-year health check' }] };
    const store = createConfiguratorStore({ catalogue, flow: 'order', storageKey: 'offers', storage: {} });
    expect(store.getState().shop.offers.map((offer) => offer.name)).toEqual(['Free first-year health check']);
  });
});
