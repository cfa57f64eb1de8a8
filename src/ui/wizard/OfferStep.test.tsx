import { afterEach, describe, expect, it } from 'vitest';
import { updateForm } from '../../stores/form-answers';
import { choose, choosePaymentType } from '../../stores/wizard-choices';
import { allByRole, byRole, cleanup, update } from '../testing';
import { descriptionOf, fakeOrderServices, nextButton, renderWizard } from './wizard-testing';

afterEach(cleanup);

const OFFERS = [{ id: 'cable_bag', name: 'Cable storage bag' }];

describe('offer step (only when the shop has offers)', () => {
  it('follows the contact details when the shop has offers and installation is included', () => {
    const { container, store } = renderWizard({ order: fakeOrderServices(), step: 'contact' });
    update(() => {
      choose(store, { type: 'chooseInstallation', installation: 'premium_7kw' });
      choosePaymentType(store, 'PAY_NOW');
      updateForm(store, { 'first-name': 'Ada', 'last-name': 'Lovelace', email: 'ada@example.com', tel: '07700 900123' });
    });
    update(() => store.getState().actions.setShop({ offers: OFFERS }));
    update(() => nextButton(container)?.click());
    expect(store.getState().wizard.step).toBe('offer');
    expect(byRole<HTMLDialogElement>(container, 'dialog', 'Offer').open).toBe(true);
  });

  it('offers each offer for free and "No thanks"', () => {
    const { container, store, goTo } = renderWizard();
    update(() => {
      store.getState().actions.setShop({ offers: OFFERS });
      choose(store, { type: 'chooseInstallation', installation: 'premium_7kw' });
    });
    goTo('offer');
    const group = byRole(container, 'radiogroup', 'Would you like a free offer with your order?');
    expect(allByRole(group, 'radio')).toHaveLength(2);
    expect(descriptionOf(byRole(group, 'radio', 'Cable storage bag'))).toBe('Free');
    expect(byRole<HTMLInputElement>(group, 'radio', 'No thanks').checked).toBe(true);
    update(() => byRole(group, 'radio', 'Cable storage bag').click());
    expect(store.getState().configuration.offer).toBe('cable_bag');
    update(() => byRole(group, 'radio', 'No thanks').click());
    expect(store.getState().configuration.offer).toBeNull();
  });
});
