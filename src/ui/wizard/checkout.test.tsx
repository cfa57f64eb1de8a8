import { afterEach, describe, expect, it } from 'vitest';
import { updateForm } from '../../stores/form-answers';
import { choosePaymentType } from '../../stores/wizard-choices';
import { SHARED_CODES_CATALOGUE } from '../../domain/catalogue/shared-codes.fixture';
import { UK_CATALOGUE } from '../../domain/catalogue/uk';
import { totalsDetail } from '../../domain/pricing';
import { createTotalsSelector } from '../../stores/configurator-store';
import type { OrderServices } from '../../services/order-services';
import { byRole, cleanup, statusTexts, textOf, update } from '../testing';
import { CHECKOUT_UNAVAILABLE } from '../Wizard';
import { CART_DIFFERENCE_TITLE } from './CartDifferenceDialog';
import { HIGH_POWER_TITLE } from './HighPowerDialog';
import type { WizardOptions } from './wizard-testing';
import { backButton, CART_ID, continueDisabled, fakeOrderServices, nextButton, placedOrder, renderWizard, settle } from './wizard-testing';

afterEach(cleanup);

const CONTACT = { 'first-name': 'Ada', 'last-name': 'Lovelace', email: 'ada@partner-one.example', tel: '07700 900123' };

/**
 * The default choices paid in full, contact details filled in, on the last step (contact); the
 * partner discount by e-mail domain with a merchant's shared code (DISC-3), unless `wizard` says otherwise.
 */
function onLastStep(order: OrderServices | undefined, wizard: WizardOptions = { catalogue: SHARED_CODES_CATALOGUE }) {
  const rendered = renderWizard({ order, step: 'contact', ...wizard });
  update(() => {
    choosePaymentType(rendered.store, 'PAY_NOW');
    updateForm(rendered.store, CONTACT);
  });
  return rendered;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('checkout from the last step (CART-1, CART-2)', () => {
  it('"Continue to checkout" on the last step sends the configuration, form, totals and cart id, then keeps the cart id', async () => {
    const order = fakeOrderServices();
    const { container, store } = onLastStep(order);
    update(() => store.getState().actions.setShop({ cartId: 'gid://shopify/Cart/earlier' }));
    const state = store.getState();
    const expectedTotals = totalsDetail(createTotalsSelector()(state), state.configuration);
    expect(byRole<HTMLDialogElement>(container, 'dialog', 'Contact details').open).toBe(true);
    expect(nextButton(container)?.textContent).toBe('Continue to checkout');
    update(() => nextButton(container)?.click());
    await settle();
    expect(order.checkout).toHaveBeenCalledTimes(1);
    expect(order.checkout).toHaveBeenCalledWith({
      catalogue: state.catalogue,
      configuration: state.configuration,
      form: state.form,
      totals: expectedTotals,
      cartId: 'gid://shopify/Cart/earlier',
      sellingPlans: {},
    });
    expect(expectedTotals.lines.at(-1)).toEqual({ name: 'Partner Discount', amount: -100 });
    expect(store.getState().shop.cartId).toBe(CART_ID);
    // The cart matched what was shown: on to the checkout, without a word.
    expect(order.proceed).toHaveBeenCalledTimes(1);
    expect(statusTexts(container)).toContain('Taking you to the checkout…');
  });

  it('shows the spinner and disables the buttons while it runs; a failure says so with "Try again", which retries', async () => {
    const first = deferred<Awaited<ReturnType<OrderServices['checkout']>>>();
    let calls = 0;
    const order = fakeOrderServices({
      checkout: async () => {
        calls += 1;
        if (calls === 1) return first.promise;
        return placedOrder();
      },
    });
    const { container, reportError, store } = onLastStep(order);
    nextButton(container)?.focus();
    update(() => nextButton(container)?.click());
    expect(statusTexts(container)).toContain('Taking you to the checkout…');
    expect(continueDisabled(container)).toBe(true);
    // Announced as disabled but still focusable: focus stays on Continue while the cart is made.
    expect(document.activeElement).toBe(nextButton(container));
    update(() => nextButton(container)?.click());
    expect(calls).toBe(1);
    expect(backButton(container)?.disabled).toBe(true);

    first.reject({ code: 'NETWORK_ERROR', buyerMessage: 'The shop could not be reached. Check your connection and try again.', retryable: true });
    await settle();
    // The failure takes focus, named by its message, so it is read once.
    const alert = byRole(container, 'group', 'The shop could not be reached. Check your connection and try again.');
    expect(document.activeElement).toBe(alert);
    expect(reportError).toHaveBeenCalledWith({ code: 'NETWORK_ERROR', message: 'The shop could not be reached. Check your connection and try again.' });
    expect(continueDisabled(container)).toBe(false);
    expect(store.getState().form.email).toBe(CONTACT.email);

    update(() => byRole(alert, 'button', 'Try again').click());
    expect(document.activeElement?.getAttribute('part')).toBe('dialog-title');
    await settle();
    expect(calls).toBe(2);
    expect(container.querySelector('.evc-wizard-failure')).toBeNull();
    expect(store.getState().shop.cartId).toBe(CART_ID);
  });

  it('a host page that cancels the redirect leaves the buyer free to continue again', async () => {
    const order = fakeOrderServices();
    order.proceed.mockReturnValue(false);
    const { container } = onLastStep(order);
    update(() => nextButton(container)?.click());
    await settle();
    expect(order.checkout).toHaveBeenCalledTimes(1);
    expect(statusTexts(container)).not.toContain('Taking you to the checkout…');
    expect(continueDisabled(container)).toBe(false);
  });

  it('a cart that differs shows both figures and why; "Go back" stays with the shop’s figures shown, "Continue at" goes on', async () => {
    const order = fakeOrderServices();
    const charger = UK_CATALOGUE.baseProduct.variantId;
    order.checkout.mockResolvedValue(
      placedOrder({
        shown: 49900,
        charged: 64900,
        matches: false,
        differences: [
          { kind: 'code-not-accepted', code: 'PARTNER100' },
          { kind: 'price-changed', variantId: charger, name: 'Charge Point', shown: 59900, charged: 64900 },
        ],
      }),
    );
    const { container, store } = onLastStep(order);
    update(() => nextButton(container)?.click());
    await settle();
    const dialog = byRole<HTMLDialogElement>(container, 'dialog', CART_DIFFERENCE_TITLE);
    expect(dialog.open).toBe(true);
    expect(textOf(dialog.querySelector('[data-shown]'))).toBe('£499.00');
    expect(textOf(dialog.querySelector('[data-charged]'))).toBe('£649.00');
    expect([...dialog.querySelectorAll('li')].map(textOf)).toEqual([
      'The shop did not accept the discount code PARTNER100, so the discount is not applied.',
      'The shop’s price for Charge Point is now £649.00 (you were shown £599.00).',
    ]);
    expect(order.proceed).not.toHaveBeenCalled();
    // The wizard now shows the shop's figures: its price, and no partner discount.
    const totals = createTotalsSelector()(store.getState());
    expect(totals.total).toBe(64900);
    expect(totals.lines.some((line) => line.key === 'discount')).toBe(false);

    update(() => byRole(dialog, 'button', 'Go back').click());
    expect(dialog.open).toBe(false);
    expect(order.proceed).not.toHaveBeenCalled();

    update(() => nextButton(container)?.click());
    await settle();
    update(() => byRole(byRole(container, 'dialog', CART_DIFFERENCE_TITLE), 'button', 'Continue at £649.00').click());
    expect(order.proceed).toHaveBeenCalledTimes(1);
  });

  it('with partner-endpoint, a single-use code the shop refused ends its verification: the discount is no longer shown', async () => {
    const order = fakeOrderServices();
    order.checkout.mockResolvedValue(placedOrder({ shown: 49900, charged: 59900, matches: false, differences: [{ kind: 'code-not-accepted', code: 'PX-7Q2M9' }] }));
    const { container, store } = onLastStep(order, { verifiedPartnerDiscounts: true });
    const verifiedPartner = { email: CONTACT.email, discountId: 'partner', discountCode: 'PX-7Q2M9', token: 't', amount: 10000, expiresAt: '2030-01-01T00:00:00Z' };
    update(() => updateForm(store, { verifiedPartner }));
    expect(createTotalsSelector()(store.getState()).total).toBe(49900);
    update(() => nextButton(container)?.click());
    await settle();
    const dialog = byRole<HTMLDialogElement>(container, 'dialog', CART_DIFFERENCE_TITLE);
    expect([...dialog.querySelectorAll('li')].map(textOf)).toEqual(['The shop did not accept the discount code PX-7Q2M9, so the discount is not applied.']);
    expect(store.getState().form.verifiedPartner).toBeUndefined();
    expect(createTotalsSelector()(store.getState()).total).toBe(59900);
  });

  it('without ordering services, or with checkout off, a notice shows and Continue stays disabled on the last step', () => {
    for (const order of [undefined, fakeOrderServices({ checkoutAvailable: false })]) {
      const { container } = onLastStep(order);
      expect(textOf(container.querySelector('.evc-step .evc-notice'))).toBe(CHECKOUT_UNAVAILABLE);
      expect(continueDisabled(container)).toBe(true);
      expect(textOf(container.querySelector('.evc-wizard-hint'))).toBe(CHECKOUT_UNAVAILABLE);
      cleanup();
    }
  });
});

describe('lead capture (LEAD-1)', () => {
  it('each Continue with an e-mail sends the configuration and form; none without one', async () => {
    const order = fakeOrderServices();
    const { container, store } = renderWizard({ order });
    update(() => nextButton(container)?.click());
    expect(order.captureLead).not.toHaveBeenCalled();
    expect(store.getState().wizard.step).toBe('installation');

    update(() => updateForm(store, { email: 'ada@example.com', installationTerms: { no_install: true } }));
    update(() => nextButton(container)?.click());
    await settle();
    expect(order.captureLead).toHaveBeenCalledTimes(1);
    const [configuration, form] = order.captureLead.mock.calls[0] ?? [];
    expect(configuration).toEqual(store.getState().configuration);
    expect(form?.email).toBe('ada@example.com');
    expect(store.getState().wizard.step).toBe('options');
  });

  it('the form carries the steps walked up to the one continued from; steps gone back over drop out', async () => {
    const order = fakeOrderServices();
    const { container, store } = renderWizard({ order });
    update(() => updateForm(store, { email: 'ada@example.com', installationTerms: { no_install: true } }));
    const sentSteps = () => order.captureLead.mock.calls.at(-1)?.[1].wizardSteps;

    update(() => nextButton(container)?.click());
    expect(sentSteps()).toEqual(['cable']);
    update(() => nextButton(container)?.click());
    update(() => nextButton(container)?.click());
    expect(sentSteps()).toEqual(['cable', 'installation', 'options']);
    expect(store.getState().wizard.step).toBe('extras');

    update(() => backButton(container)?.click());
    update(() => backButton(container)?.click());
    update(() => nextButton(container)?.click());
    expect(sentSteps()).toEqual(['cable', 'installation']);
    // Kept with the form, so a reload keeps the path.
    expect(store.getState().form.wizardSteps).toEqual(['cable', 'installation', 'options']);
    await settle();
  });

  it("the 22kW dialog's Continue sends the lead as the wizard's Continue does, then moves on", async () => {
    const order = fakeOrderServices();
    const { container, store } = renderWizard({ order });
    update(() => updateForm(store, { email: 'ada@example.com' }));
    update(() => byRole(container, 'radio', '22kW socket').click());
    expect(order.captureLead).not.toHaveBeenCalled();
    update(() => byRole(byRole(container, 'dialog', HIGH_POWER_TITLE), 'button', 'Continue').click());
    await settle();
    expect(order.captureLead).toHaveBeenCalledTimes(1);
    const [configuration, form] = order.captureLead.mock.calls[0] ?? [];
    expect(configuration?.cable).toBe('socket_22kw');
    expect(form?.wizardSteps).toEqual(['cable']);
    expect(store.getState().wizard.step).toBe('installation');
    expect(order.installationDetails).toHaveBeenCalledTimes(1);
  });

  it("the 22kW dialog's Continue sends nothing without an e-mail", async () => {
    const order = fakeOrderServices();
    const { container, store } = renderWizard({ order });
    update(() => byRole(container, 'radio', '22kW with 6.5m cable').click());
    update(() => byRole(byRole(container, 'dialog', HIGH_POWER_TITLE), 'button', 'Continue').click());
    await settle();
    expect(order.captureLead).not.toHaveBeenCalled();
    expect(store.getState().wizard.step).toBe('installation');
  });
});
