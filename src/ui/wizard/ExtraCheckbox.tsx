import type { Pence } from '../../domain/money';
import { formatPence } from '../../domain/money';
import type { Extra } from '../../domain/selection';
import { useConfigurator } from '../store-context';
import { OptionControl } from './OptionControl';
import { useWizardChoice } from './use-wizard-choice';

/** NAME-2: each extra is a checkbox named exactly so. */
export const EXTRA_LABELS: Record<Extra, string> = {
  surgeProtection: 'Surge protection',
  advancedSolar: 'Advanced solar',
  renewable: 'Renewable energy integration',
  cableHook: 'Cable hook',
  display: 'Digital display',
  extendedWarranty: 'Extended warranty',
};

/** What the extras whose names do not say it are, in a line each. */
const EXTRA_DESCRIPTIONS: Partial<Record<Extra, string>> = {
  advancedSolar: 'Charges your car from the spare power of your solar panels, measured by a sensor at your meter.',
  renewable: "Connects the charger to your home's renewable energy system, so your car charges from it when it can.",
};

/** One wording in both flows for the extra the 22kW cables do not offer. */
export const SOLAR_NOT_FOR_22KW = 'Advanced solar is not available with a 22kW charger.';

export interface ExtraCheckboxProps {
  extra: Extra;
  price: Pence;
  /** The item's own name where it says more than the label (e.g. "Surge Protection three phase"). */
  note?: string;
}

/**
 * CHOICE-6: extras toggle independently: one extra as a checkbox with its price; disabled when
 * ticking it would add an item the shop cannot sell (unticking one never does).
 */
export function ExtraCheckbox({ extra, price, note }: ExtraCheckboxProps) {
  const checked = useConfigurator((state) => state.configuration[extra]);
  const { unavailable, choose } = useWizardChoice();
  return (
    <OptionControl
      type="checkbox"
      label={EXTRA_LABELS[extra]}
      checked={checked}
      onChange={(on) => choose({ type: 'toggleExtra', extra, on })}
      price={formatPence(price)}
      unavailable={unavailable({ type: 'toggleExtra', extra, on: !checked })}
    >
      {EXTRA_DESCRIPTIONS[extra] && <span className="evc-option-note">{EXTRA_DESCRIPTIONS[extra]}</span>}
      {note && <span className="evc-option-note">{note}</span>}
    </OptionControl>
  );
}
