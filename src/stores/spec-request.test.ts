import { describe, expect, it } from 'vitest';
import { updateForm } from './form-answers';
import { choose, chooseExtra } from './wizard-choices';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import type { FormValues } from '../domain/forms';
import { createConfiguratorStore } from './configurator-store';
import { selectSpecRequestSent } from './spec-request';
import { memoryStorage } from './persistence';
import { buildSpecRequest, specRequestSending } from './spec-request';

const DETAILS: Partial<FormValues> = {
  orderEmail: 'order@lease.example',
  email: 'me@home.example',
  'first-name': 'Ada',
  'last-name': 'Lovelace',
  tel: '07700 900123',
};

function make(storage = { choices: memoryStorage(), personal: memoryStorage() }) {
  let keys = 0;
  const store = createConfiguratorStore({
    catalogue: UK_CATALOGUE,
    flow: 'spec-request',
    storageKey: 'test',
    storage,
  });
  const sending = specRequestSending(store, () => `key_${String(++keys).padStart(16, '0')}`);
  return { store, storage, actions: store.getState().actions, sending };
}

/** A filled-in request, accepted as `requestId`, with the wizard on the confirmation. */
function sent(requestId = 'req-1', storage?: ReturnType<typeof make>['storage']) {
  const made = make(storage);
  updateForm(made.store, DETAILS);
  made.actions.openWizard();
  made.store.setState((state) => ({ wizard: { ...state.wizard, step: 'submission' } }));
  made.sending.begin();
  made.sending.sent(requestId);
  return made;
}

describe('buildSpecRequest', () => {
  it('sends the order e-mail (step 01) and the contact e-mail (step 06) apart', () => {
    const { store } = make();
    updateForm(store, DETAILS);
    expect(buildSpecRequest(store.getState(), 'key_0000000000000001')).toMatchObject({
      orderEmail: 'order@lease.example',
      customer: { email: 'me@home.example', 'first-name': 'Ada', tel: '07700 900123' },
    });
  });

  it("carries step 05's answers only when installation is included (the step applies)", () => {
    const { store } = make();
    updateForm(store, { ...DETAILS, installCheck: { cable: 'yes', mainland: 'no' } });
    expect(buildSpecRequest(store.getState(), 'key_0000000000000001')).not.toHaveProperty('installCheck');
    choose(store, { type: 'chooseCable', cable: 'socket_22kw' });
    expect(buildSpecRequest(store.getState(), 'key_0000000000000001').installCheck).toEqual({ cable: 'yes', mainland: 'no' });
  });

  it('amends the accepted request once one was accepted', () => {
    const { store } = make();
    expect(buildSpecRequest(store.getState(), 'key_0000000000000001')).not.toHaveProperty('amends');
    expect(buildSpecRequest(sent('req-1').store.getState(), 'key_0000000000000002').amends).toBe('req-1');
  });
});

describe('the specification request after sending', () => {
  it('shows as sent until what it says changes; then it is due for amendment with a new key', () => {
    const { store, sending } = sent('req-1');
    expect(selectSpecRequestSent(store.getState())).toBe(true);
    updateForm(store, { tel: '07700 900999' });
    expect(selectSpecRequestSent(store.getState())).toBe(false);
    expect(store.getState().specRequest).toMatchObject({ sentRequestId: 'req-1', changedSinceSent: true, idempotencyKey: null });
    expect(sending.begin()).toBe('key_0000000000000002');
  });

  it.each<[string, (made: ReturnType<typeof sent>) => void]>([
    ['an extra ticked', ({ store }) => chooseExtra(store, 'display', true)],
    ['a colour chosen on the page', ({ actions }) => actions.chooseFront('racing_green')],
    ['the contact e-mail changed', ({ store }) => updateForm(store, { email: 'other@home.example' })],
    ['the order e-mail changed', ({ store }) => updateForm(store, { orderEmail: 'other@lease.example' })],
  ])('%s counts as a change', (_, change) => {
    const made = sent();
    change(made);
    expect(selectSpecRequestSent(made.store.getState())).toBe(false);
  });

  it.each<[string, (made: ReturnType<typeof sent>) => void]>([
    ['the same phone typed again', ({ store }) => updateForm(store, { tel: '07700 900123' })],
    ['spaces around the phone', ({ store }) => updateForm(store, { tel: ' 07700 900123 ' })],
    ['installation check answers without installation', ({ store }) => updateForm(store, { installCheck: { cable: 'no' } })],
    ['the wizard closed and opened', ({ actions }) => (actions.closeWizard(), actions.openWizard())],
  ])('%s is no change: still sent', (_, change) => {
    const made = sent();
    change(made);
    expect(selectSpecRequestSent(made.store.getState())).toBe(true);
  });

  it('a change made while the wizard waits on the confirmation takes it back to the details, so "sent" never shows for it', () => {
    const { store, actions } = sent();
    actions.closeWizard();
    actions.chooseBody('cashmere');
    expect(store.getState().wizard.step).toBe('details');
  });

  it('a change survives a reload: the reloaded request is still due for amendment of the first', () => {
    const { store, storage } = sent('req-1');
    chooseExtra(store, 'extendedWarranty', true);
    const reloaded = make(storage).store.getState();
    expect(reloaded.specRequest).toMatchObject({ sentRequestId: 'req-1', changedSinceSent: true });
    expect(reloaded.wizard.step).toBe(store.getState().wizard.step);
    expect(selectSpecRequestSent(reloaded)).toBe(false);
  });

  it('the amendment accepted: sent again, and the next change amends it', () => {
    const { store, sending } = sent('req-1');
    updateForm(store, { tel: '07700 900999' });
    sending.begin();
    sending.sent('req-2');
    expect(selectSpecRequestSent(store.getState())).toBe(true);
    updateForm(store, { tel: '07700 900888' });
    expect(buildSpecRequest(store.getState(), sending.begin()).amends).toBe('req-2');
  });

  it('a refused amendment keeps the link to the accepted request', () => {
    const { store, sending } = sent('req-1');
    updateForm(store, { tel: '07700 900999' });
    sending.begin();
    sending.refused([{ field: 'customer.tel', message: 'no' }], 'details');
    expect(store.getState().specRequest).toMatchObject({ sentRequestId: 'req-1', changedSinceSent: true, idempotencyKey: null });
  });

  it('before sending, a change drops a key made for the old content (the relay would replay its answer)', () => {
    const { store, sending } = make();
    updateForm(store, DETAILS);
    sending.begin();
    updateForm(store, { 'first-name': 'Ann' });
    expect(store.getState().specRequest).toMatchObject({ idempotencyKey: null, sentRequestId: null, changedSinceSent: false });
  });

  it('Start again forgets the request', () => {
    const { store, actions } = sent();
    actions.reset();
    expect(store.getState().specRequest).toEqual({ idempotencyKey: null, sentRequestId: null, changedSinceSent: false, problems: [] });
  });
});
