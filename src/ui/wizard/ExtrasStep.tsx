import { addOn, hookItem } from '../../domain/configuration';
import { extrasOffered } from '../../domain/selection';
import { useConfigurator } from '../store-context';
import { ExtraCheckbox } from './ExtraCheckbox';
import { OptionGroup } from './OptionControl';
import type { StepProps } from './types';

/**
 * STEP-7 extras: the cable hook (only for a tethered cable, CHOICE-2), the digital
 * display and the extended warranty (4 more years, 7 in total).
 */
export function ExtrasStep(_props: StepProps) {
  const catalogue = useConfigurator((state) => state.catalogue);
  const configuration = useConfigurator((state) => state.configuration);
  const offered = extrasOffered(catalogue, configuration, 'order');
  const warranty = addOn(catalogue, 'warranty');
  return (
    <OptionGroup legend="Choose your extras">
      {offered.cableHook ? (
        <ExtraCheckbox extra="cableHook" price={hookItem(catalogue, configuration).price} note="You choose its colour next." />
      ) : (
        <p className="evc-option-note">The cable hook comes with a tethered cable only.</p>
      )}
      <ExtraCheckbox extra="display" price={addOn(catalogue, 'display').price} />
      <ExtraCheckbox extra="extendedWarranty" price={warranty.price} note={`${warranty.name}, on top of the ${catalogue.standardWarranty.name.toLowerCase()}`} />
    </OptionGroup>
  );
}
