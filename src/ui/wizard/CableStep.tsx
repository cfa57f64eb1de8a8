import type { CableOption } from '../../domain/catalogue/schema';
import { ChoiceChanges } from './ChoiceChanges';
import { HighPowerDialog } from './HighPowerDialog';
import { CableOptions } from './CableOptions';
import type { StepProps } from './types';

const KINDS: readonly { kind: CableOption['kind']; legend: string }[] = [
  { kind: 'tethered', legend: 'Tethered' },
  { kind: 'socketed', legend: 'Socketed' },
];

/**
 * STEP-4, cable choice: the five power and cable options as radios named by option name,
 * grouped Tethered and Socketed, with their prices; a 22kW choice asks for confirmation.
 */
export function CableStep({ confirmHighPower }: StepProps) {
  return (
    <>
      <p>
        Choose a tethered cable, which stays attached to the charger, or a Type 2 socket for your own cable. 7 kW
        charging works on a single-phase supply; 22 kW charging needs a three-phase supply.
      </p>
      {KINDS.map(({ kind, legend }) => (
        <CableOptions key={kind} kind={kind} legend={legend} />
      ))}
      <ChoiceChanges />
      <HighPowerDialog confirmHighPower={confirmHighPower} />
    </>
  );
}
