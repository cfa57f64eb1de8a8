import type { Configuration } from '../domain/configuration';
import type { OrderItem } from '../domain/order-items';
import type { PaymentType } from '../domain/catalogue/schema';
import type { SelectionAction } from '../domain/choices';
import { applySelection } from '../domain/choices';
import type { Extra } from '../domain/selection';
import { choiceUnavailable, unavailableItems } from '../domain/shop-prices';
import type { ConfiguratorState, ConfiguratorStore, ShopState } from './configurator-store';
import { selectUnavailableVariants } from './configurator-store';

/** A choice the wizard offers: a cable, installation or extra (the selection rules), or a cable hook colour. */
export type WizardChoice = SelectionAction | { type: 'chooseHookColour'; colour: string };

/** What decides whether a choice can be made. */
export type AvailabilityState = Pick<ConfiguratorState, 'catalogue' | 'configuration' | 'flow'> & { shop: Pick<ShopState, 'prices'> };

/** The configuration a choice leads to, by the same rules as the store's actions. */
export function choiceOutcome(state: AvailabilityState, choice: WizardChoice): Configuration {
  if (choice.type === 'chooseHookColour') return { ...state.configuration, hookColour: choice.colour };
  return applySelection(state.catalogue, state.configuration, state.flow, choice);
}

/** Whether a choice would add an item the shop answered it cannot sell now. */
export function selectChoiceUnavailable(state: AvailabilityState, choice: WizardChoice): boolean {
  return choiceUnavailable(state.catalogue, state.configuration, choiceOutcome(state, choice), selectUnavailableVariants(state));
}

/** The items of the current order the shop cannot sell now (a default, a saved choice, a finish chosen on the page). */
export function selectUnavailableItems(state: AvailabilityState): OrderItem[] {
  return unavailableItems(state.catalogue, state.configuration, selectUnavailableVariants(state));
}

/**
 * Makes one of the wizard's choices through the store's actions, unless it would add an item the
 * shop cannot sell: then the configuration stays as it was. Only the wizard makes these choices.
 */
export function makeChoice(store: ConfiguratorStore, choice: WizardChoice): void {
  const state = store.getState();
  if (!selectChoiceUnavailable(state, choice)) state.actions.setConfiguration(choiceOutcome(state, choice));
}

/*
 * The wizard's other choices, through the store's one configuration action: only the wizard makes them.
 */

/** A cable, installation or extra, by the selection rules (no availability check: see makeChoice). */
export function choose(store: ConfiguratorStore, action: SelectionAction): void {
  const state = store.getState();
  state.actions.setConfiguration(applySelection(state.catalogue, state.configuration, state.flow, action));
}

/** CHOICE-6: extras toggle independently. */
export const chooseExtra = (store: ConfiguratorStore, extra: Extra, on: boolean): void => choose(store, { type: 'toggleExtra', extra, on });

export function choosePaymentType(store: ConfiguratorStore, paymentType: PaymentType): void {
  const { actions, configuration } = store.getState();
  actions.setConfiguration({ ...configuration, paymentType });
}

export function chooseOffer(store: ConfiguratorStore, offer: string | null): void {
  const { actions, configuration } = store.getState();
  actions.setConfiguration({ ...configuration, offer });
}

export function chooseHookColour(store: ConfiguratorStore, hookColour: string): void {
  const { actions, configuration } = store.getState();
  actions.setConfiguration({ ...configuration, hookColour });
}
