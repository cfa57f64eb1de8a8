import { useCallback } from 'react';
import type { WizardChoice } from '../../stores/wizard-choices';
import { UNAVAILABLE_REASON } from '../../domain/shop-availability';
import { makeChoice, selectChoiceUnavailable } from '../../stores/wizard-choices';
import { useConfigurator, useConfiguratorStore } from '../store-context';

export interface WizardChoiceApi {
  /** Why the choice cannot be made, when it would add an item the shop cannot sell now: its control is disabled, with this reason. */
  unavailable(choice: WizardChoice): string | undefined;
  /** Makes the choice, unless it is unavailable. */
  choose(choice: WizardChoice): void;
}

/**
 * The wizard's options ask this whether they can be chosen and choose through it, so an option the
 * shop cannot sell is both disabled and refused. A choice, not the configuration it leads to, so
 * both judge the outcome by the store's own selection rules.
 */
export function useWizardChoice(): WizardChoiceApi {
  const store = useConfiguratorStore();
  const catalogue = useConfigurator((state) => state.catalogue);
  const configuration = useConfigurator((state) => state.configuration);
  const flow = useConfigurator((state) => state.flow);
  const prices = useConfigurator((state) => state.shop.prices);
  const unavailable = useCallback(
    (choice: WizardChoice) => (selectChoiceUnavailable({ catalogue, configuration, flow, shop: { prices } }, choice) ? UNAVAILABLE_REASON : undefined),
    [catalogue, configuration, flow, prices],
  );
  const choose = useCallback((choice: WizardChoice) => makeChoice(store, choice), [store]);
  return { unavailable, choose };
}
