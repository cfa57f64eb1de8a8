import type { Configuration } from '../domain/configuration';
import type { OrderItem } from '../domain/order-items';
import type { SelectionAction } from '../domain/selection';
import { applySelection } from '../domain/selection';
import { choiceUnavailable, unavailableItems } from '../domain/shop-prices';
import type { ConfiguratorState, ConfiguratorStore, ShopState } from './configurator-store';

/** A choice the wizard offers: a cable, installation or extra (the selection rules), or a cable hook colour. */
export type WizardChoice = SelectionAction | { type: 'chooseHookColour'; colour: string };

/** What decides whether a choice can be made. */
export type AvailabilityState = Pick<ConfiguratorState, 'catalogue' | 'configuration' | 'flow'> & { shop: Pick<ShopState, 'prices'> };

const NONE: readonly string[] = [];

const unavailableVariants = ({ shop }: AvailabilityState) => (shop.prices.source === 'shop' ? shop.prices.list.unavailable : NONE);

/** The configuration a choice leads to, by the same rules as the store's actions. */
export function choiceOutcome(state: AvailabilityState, choice: WizardChoice): Configuration {
  if (choice.type === 'chooseHookColour') return { ...state.configuration, hookColour: choice.colour };
  return applySelection(state.catalogue, state.configuration, state.flow, choice);
}

/** Whether a choice would add an item the shop answered it cannot sell now. */
export function selectChoiceUnavailable(state: AvailabilityState, choice: WizardChoice): boolean {
  return choiceUnavailable(state.catalogue, state.configuration, choiceOutcome(state, choice), unavailableVariants(state));
}

/** The items of the current order the shop cannot sell now (a default, a saved choice, a finish chosen on the page). */
export function selectUnavailableItems(state: AvailabilityState): OrderItem[] {
  return unavailableItems(state.catalogue, state.configuration, unavailableVariants(state));
}

/**
 * Makes one of the wizard's choices through the store's actions, unless it would add an item the
 * shop cannot sell: then the configuration stays as it was. Only the wizard makes these choices, so
 * the check ships in the wizard's file, not in the page's script.
 */
export function makeChoice(store: ConfiguratorStore, choice: WizardChoice): void {
  const state = store.getState();
  if (selectChoiceUnavailable(state, choice)) return;
  if (choice.type === 'chooseHookColour') state.actions.chooseHookColour(choice.colour);
  else state.actions.select(choice);
}
