import { useCallback, useMemo, useState } from 'react';
import { totalsDetail } from '../../domain/pricing';
import type { ContinueEffects } from '../../domain/wizard';
import { next } from '../../domain/wizard';
import { createTotalsSelector, navigationContext, selectWizardSteps } from '../../stores/configurator-store';
import { wizardNavigation } from '../../stores/wizard-navigation';
import type { OrderFailure } from '../order-services';
import { toOrderFailure } from '../order-services';
import { useUiOptions } from '../options-context';
import { useConfiguratorStore } from '../store-context';

/** Where the checkout is: not started, on its way (spinner), redirecting, or failed (message, retry). */
export type CheckoutState = { status: 'idle' } | { status: 'busy' } | { status: 'redirecting' } | { status: 'failed'; failure: OrderFailure };

const CHECKOUT_FAILED = 'We could not start the checkout. Please try again.';
const DETAILS_FAILED = 'The installation details could not be loaded.';

/**
 * The ordering wizard's moves with their calls to the outside world (spec §4, §7): Continue (the
 * wizard's own or the 22kW dialog's) with lead capture and the product details, and on the last
 * step the checkout.
 */
export function useOrderFlow() {
  const store = useConfiguratorStore();
  const navigation = useMemo(() => wizardNavigation(store), [store]);
  const { order, reportError } = useUiOptions();
  const [checkout, setCheckout] = useState<CheckoutState>({ status: 'idle' });
  const selectTotals = useMemo(() => createTotalsSelector(), []);

  /** Spec §7.1: a failure keeps the catalogue's names; the step still works. */
  const runEffects = useCallback(
    (effects: ContinueEffects) => {
      if (!effects.fetchProductDetails || !order) return;
      order.installationDetails().then(
        (details) => {
          const { shop, actions } = store.getState();
          actions.setShop({ installationDetails: { ...shop.installationDetails, ...details } });
        },
        (error: unknown) => {
          const failure = toOrderFailure(error, DETAILS_FAILED);
          reportError?.({ code: failure.code, message: failure.buyerMessage });
        },
      );
    },
    [store, order, reportError],
  );

  /** Spec §7.2: with an e-mail, the form values and the steps walked so far go out (fire and forget). */
  const captureLead = useCallback(() => {
    const state = store.getState();
    if (!order || state.form.email.trim() === '') return;
    void order.captureLead(state.configuration, { ...state.form, wizardSteps: selectWizardSteps(state) });
  }, [store, order]);

  /** Spec §7.3/§7.5: the cart with every configured line, then the shop's checkout. */
  const startCheckout = useCallback(async () => {
    if (!order?.checkoutAvailable) return;
    const state = store.getState();
    setCheckout({ status: 'busy' });
    try {
      const result = await order.checkout({
        configuration: state.configuration,
        form: state.form,
        totals: totalsDetail(selectTotals(state), state.configuration),
        cartId: state.shop.cartId,
      });
      store.getState().actions.setShop({ cartId: result.cartId });
      // A host page that cancelled `evc-checkout` keeps the buyer here, free to try again.
      setCheckout(result.redirected ? { status: 'redirecting' } : { status: 'idle' });
    } catch (error) {
      const failure = toOrderFailure(error, CHECKOUT_FAILED);
      setCheckout({ status: 'failed', failure });
      reportError?.({ code: failure.code, message: failure.buyerMessage });
    }
  }, [store, order, reportError, selectTotals]);

  /** Spec §4 Continue, with the lead of spec §7.2. On the ordering flow's last step Continue is the checkout. */
  const goNext = useCallback(() => {
    const state = store.getState();
    if (state.flow !== 'order') {
      navigation.goNext();
      return;
    }
    captureLead();
    if (next(navigationContext(state), state.wizard.step).type === 'finish') {
      void startCheckout();
      return;
    }
    const moved = navigation.goNext();
    if (moved) runEffects(moved.effects);
  }, [store, navigation, captureLead, startCheckout, runEffects]);

  /** Spec §4: the 22kW dialog's Continue is a Continue too: the lead goes out, then the move and its product query. */
  const confirmHighPower = useCallback(() => {
    captureLead();
    runEffects(navigation.confirmHighPower());
  }, [navigation, captureLead, runEffects]);

  const goBack = useCallback(() => {
    setCheckout((current) => (current.status === 'failed' ? { status: 'idle' } : current));
    navigation.goBack();
  }, [navigation]);

  return { checkout, checkoutAvailable: order?.checkoutAvailable === true, confirmHighPower, startCheckout, goNext, goBack };
}
