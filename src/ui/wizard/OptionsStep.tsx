import { addOn, solarItem, surgeItem } from '../../domain/configuration';
import { extrasOffered } from '../../domain/selection';
import { useConfigurator } from '../store-context';
import { ExtraCheckbox, SOLAR_NOT_FOR_22KW } from './ExtraCheckbox';
import { OptionGroup } from './OptionControl';
import type { StepProps } from './types';

/**
 * STEP-6 options: surge protection (single or three phase by cable), advanced solar
 * (its item by installation; not offered for 22kW) and renewable energy integration.
 */
export function OptionsStep(_props: StepProps) {
  const catalogue = useConfigurator((state) => state.catalogue);
  const configuration = useConfigurator((state) => state.configuration);
  const offered = extrasOffered(catalogue, configuration, 'order');
  const surge = surgeItem(catalogue, configuration);
  const solar = solarItem(catalogue, configuration);
  return (
    <OptionGroup legend="Choose your options">
      <ExtraCheckbox extra="surgeProtection" price={surge.price} note={surge.name} />
      {offered.advancedSolar ? (
        <ExtraCheckbox extra="advancedSolar" price={solar.price} />
      ) : (
        <p className="evc-option-note">{SOLAR_NOT_FOR_22KW}</p>
      )}
      {offered.renewable && <ExtraCheckbox extra="renewable" price={addOn(catalogue, 'renewable').price} />}
    </OptionGroup>
  );
}
