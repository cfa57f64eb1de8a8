import { addOn, hookItem, solarItem, surgeItem } from '../../../domain/configuration';
import { extrasOffered } from '../../../domain/selection';
import { useConfigurator } from '../../store-context';
import { ExtraCheckbox, SOLAR_NOT_FOR_22KW } from '../ExtraCheckbox';
import { OptionGroup } from '../OptionControl';
import type { StepProps } from '../types';

/**
 * STEP-7, specification-request step 04 'Select Your Extras', and CHOICE-2: extended warranty, cable hook
 * (tethered cables only), display, surge protection (its three-phase item for the 22kW cables) and
 * advanced solar (not for the 22kW cables; its item depends on installation), each on its own.
 */
export function SpecExtrasStep(_props: StepProps) {
  const catalogue = useConfigurator((state) => state.catalogue);
  const configuration = useConfigurator((state) => state.configuration);
  const offered = extrasOffered(catalogue, configuration, 'spec-request');
  const warranty = addOn(catalogue, 'warranty');
  const surge = surgeItem(catalogue, configuration);
  const solar = solarItem(catalogue, configuration);
  return (
    <OptionGroup legend="Choose your extras">
      <ExtraCheckbox extra="extendedWarranty" price={warranty.price} note={`${warranty.name}, on top of the ${catalogue.standardWarranty.name.toLowerCase()}`} />
      {offered.cableHook ? (
        <ExtraCheckbox extra="cableHook" price={hookItem(catalogue, configuration).price} />
      ) : (
        <p className="evc-option-note">The cable hook comes with a tethered cable only.</p>
      )}
      <ExtraCheckbox extra="display" price={addOn(catalogue, 'display').price} />
      <ExtraCheckbox extra="surgeProtection" price={surge.price} note={surge.name} />
      {offered.advancedSolar ? (
        <ExtraCheckbox extra="advancedSolar" price={solar.price} />
      ) : (
        <p className="evc-option-note">{SOLAR_NOT_FOR_22KW}</p>
      )}
    </OptionGroup>
  );
}
