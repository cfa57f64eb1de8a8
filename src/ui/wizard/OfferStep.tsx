import { useUiOptions } from '../options-context';
import { chooseOffer } from '../../stores/wizard-choices';
import { useConfigurator, useConfiguratorStore } from '../store-context';
import { OptionControl, OptionGroup } from './OptionControl';
import type { StepProps } from './types';

/** The answer that takes no offer (VALID-4: withOffer false). */
export const NO_OFFER_LABEL = 'No thanks';

/**
 * The ordering flow's offer step, present only when the shop has offers: each offer is free
 * (CAT-9), and "No thanks" answers withOffer false.
 */
export function OfferStep({ validation }: StepProps) {
  const offers = useConfigurator((state) => state.shop.offers);
  const selected = useConfigurator((state) => state.configuration.offer);
  const store = useConfiguratorStore();
  const group = `${useUiOptions().instanceId}-offer`;
  return (
    <OptionGroup legend="Would you like a free offer with your order?" radios field="withOffer" error={validation.errors['withOffer']}>
      {offers.map((offer) => (
        <OptionControl
          key={offer.id}
          type="radio"
          group={group}
          value={offer.id}
          label={offer.name}
          checked={offer.id === selected}
          onChange={() => chooseOffer(store, offer.id)}
          price="Free"
        />
      ))}
      <OptionControl type="radio" group={group} value="" label={NO_OFFER_LABEL} checked={selected === null} onChange={() => chooseOffer(store, null)} />
    </OptionGroup>
  );
}
