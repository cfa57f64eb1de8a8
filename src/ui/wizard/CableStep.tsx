import type { CableOption } from '../../domain/catalogue/schema';
import { formatPence } from '../../domain/money';
import { useUiOptions } from '../options-context';
import { useConfigurator } from '../store-context';
import { HighPowerDialog } from './HighPowerDialog';
import { OptionControl, OptionGroup } from './OptionControl';
import type { StepProps } from './types';

const KINDS: readonly { kind: CableOption['kind']; legend: string }[] = [
  { kind: 'tethered', legend: 'Tethered' },
  { kind: 'socketed', legend: 'Socketed' },
];

/** Spec §1/§2 spec table: 7 kW single phase and 22 kW three phase. */
function cableDetail(cable: CableOption): string {
  const supply = cable.powerKw === 22 ? 'three-phase supply' : 'single-phase supply';
  return cable.lengthM !== undefined ? `${cable.lengthM} m cable attached, ${supply}` : `Type 2 socket, ${supply}`;
}

/**
 * Spec §2 step 0 "cable choice": the five power and cable options as radios named by option name,
 * grouped Tethered and Socketed, with their prices; a 22kW choice asks for confirmation.
 */
export function CableStep({ runEffects }: StepProps) {
  const cables = useConfigurator((state) => state.catalogue.cables);
  const selected = useConfigurator((state) => state.configuration.cable);
  const select = useConfigurator((state) => state.actions.select);
  const group = `${useUiOptions().instanceId}-cable`;
  return (
    <>
      <p>
        Choose a tethered cable, which stays attached to the charger, or a Type 2 socket for your own cable. 7 kW
        charging works on a single-phase supply; 22 kW charging needs a three-phase supply.
      </p>
      {KINDS.map(({ kind, legend }) => (
        <OptionGroup key={kind} legend={legend} radios>
          {cables
            .filter((cable) => cable.kind === kind)
            .map((cable) => (
              <OptionControl
                key={cable.id}
                type="radio"
                group={group}
                value={cable.id}
                label={cable.name}
                checked={cable.id === selected}
                onChange={() => select({ type: 'chooseCable', cable: cable.id })}
                price={formatPence(cable.price)}
              >
                <span className="evc-option-note">{cableDetail(cable)}</span>
              </OptionControl>
            ))}
        </OptionGroup>
      ))}
      <HighPowerDialog runEffects={runEffects} />
    </>
  );
}
