import { useCallback, useMemo, useState } from 'react';
import { totalsDetail } from '../../domain/pricing';
import type { ContinueEffects } from '../../domain/wizard';
import { next } from '../../domain/wizard';
import { cartPricedCatalogue } from '../../domain/cart-check';
import type { ConfiguratorStore } from '../../stores/configurator-store';
import { createTotalsSelector, navigationContext } from '../../stores/configurator-store';
import { selectWizardSteps } from '../../stores/wizard-navigation';
import { updateForm } from '../../stores/form-answers';
import { wizardNavigation } from '../../stores/wizard-navigation';
import type { OrderFailure, PlacedOrder } from '../../services/order-services';
import { toOrderFailure } from '../../services/order-services';
import { useUiOptions } from '../options-context';
import { useConfiguratorStore } from '../store-context';

/**
 * Where the checkout is: not started, on its way (spinner), redirecting, failed (message, retry), or
 * waiting for the buyer because the shop's cart differs from what they were shown.
 */
export type CheckoutState =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'redirecting' }
  | { status: 'failed'; failure: OrderFailure }
  | { status: 'differs'; order: PlacedOrder };

const CHECKOUT_FAILED = 'We could not start the checkout. Please try again.';
const DETAILS_FAILED = 'The installation details could not be loaded.';

/**
 * The ordering wizard's moves with their calls to the outside world (MOVE-2..7, CART-1, CART-7, LEAD-1): Continue (the
 * wizard's own or the 22kW dialog's) with lead capture and the product details, and on the last
 * step the checkout.
 */
export function useOrderFlow() {
  const store = useConfiguratorStore();
  const navigation = useMemo(() => wizardNavigation(store), [store]);
  const { order, reportError } = useUiOptions();
  const [checkout, setCheckout] = useState<CheckoutState>({ status: 'idle' });
  const selectTotals = useMemo(() => createTotalsSelector(), []);

  /** CART-7: a failure keeps the catalogue's names; the step still works. */
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

  /** LEAD-1: with an e-mail, the form values and the steps walked so far go out (fire and forget). */
  const captureLead = useCallback(() => {
    const state = store.getState();
    if (!order || state.form.email.trim() === '') return;
    void order.captureLead(state.configuration, { ...state.form, wizardSteps: selectWizardSteps(state) });
  }, [store, order]);

  /** Leaves for the checkout; a host page that cancelled `evc-checkout` keeps the buyer here, free to try again. */
  const proceed = useCallback(
    (placed: PlacedOrder) => {
      if (!order) return;
      setCheckout(order.proceed(placed) ? { status: 'redirecting' } : { status: 'idle' });
    },
    [order],
  );

  /**
   * CART-1: the cart with every configured line, then the shop's checkout. The shop is the
   * source of truth: when its cart differs from what the buyer was shown, they are told first.
   */
  const startCheckout = useCallback(async () => {
    if (!order?.checkoutAvailable) return;
    const state = store.getState();
    setCheckout({ status: 'busy' });
    try {
      const prices = state.shop.prices;
      const placed = await order.checkout({
        catalogue: state.catalogue,
        configuration: state.configuration,
        form: state.form,
        totals: totalsDetail(selectTotals(state), state.configuration),
        cartId: state.shop.cartId,
        sellingPlans: prices.source === 'shop' ? prices.list.sellingPlans : {},
      });
      const { actions } = store.getState();
      if (placed.reusableCartId !== null) actions.setShop({ cartId: placed.reusableCartId });
      if (placed.comparison.matches) {
        proceed(placed);
        return;
      }
      showCartAnswer(store, placed);
      setCheckout({ status: 'differs', order: placed });
    } catch (error) {
      const failure = toOrderFailure(error, CHECKOUT_FAILED);
      // GoCardless did not set the mandate up: the direct-debit step asks for it again.
      if (failure.field === 'goCardlessMandateComplete') updateForm(store, { goCardlessMandateComplete: false, goCardlessFlowId: '' });
      setCheckout({ status: 'failed', failure });
      reportError?.({ code: failure.code, message: failure.buyerMessage });
    }
  }, [store, order, reportError, selectTotals, proceed]);

  /** "Go back" from the difference: the wizard now shows the shop's figures. */
  const dismissDifference = useCallback(() => setCheckout({ status: 'idle' }), []);

  /** MOVE-2 Continue, with the lead (LEAD-1). On the ordering flow's last step Continue is the checkout. */
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

  /** MOVE-7: the 22kW dialog's Continue is a Continue too: the lead goes out, then the move and its product query. */
  const confirmHighPower = useCallback(() => {
    captureLead();
    runEffects(navigation.confirmHighPower());
  }, [navigation, captureLead, runEffects]);

  const goBack = useCallback(() => {
    setCheckout((current) => (current.status === 'failed' ? { status: 'idle' } : current));
    navigation.goBack();
  }, [navigation]);

  return { checkout, checkoutAvailable: order?.checkoutAvailable === true, confirmHighPower, startCheckout, proceed, dismissDifference, goNext, goBack };
}

/**
 * What the shop's cart said is shown from now on: its prices, and no discount from a code it refused
 * (a verified partner's single-use code ends its verification: a new code can be asked for).
 */
function showCartAnswer(store: ConfiguratorStore, placed: PlacedOrder) {
  const { shop, catalogue, actions, form } = store.getState();
  const known = shop.prices.source === 'shop' ? shop.prices.list : { prices: {}, unavailable: [], sellingPlans: {} };
  actions.applyShopPrices({ ok: true, ...cartPricedCatalogue(catalogue, known, placed.comparison) });
  const code = form.verifiedPartner?.discountCode;
  if (placed.comparison.differences.some((difference) => difference.kind === 'code-not-accepted' && difference.code === code)) {
    updateForm(store, { verifiedPartner: undefined });
  }
}
