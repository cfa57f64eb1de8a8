import type { CableOption } from '../../domain/catalogue/schema';
import { formatPence } from '../../domain/money';
import { useUiOptions } from '../options-context';
import { useConfigurator } from '../store-context';
import { OptionControl, OptionGroup } from './OptionControl';
import { useWizardChoice } from './use-wizard-choice';

/** PAGE-3: 7 kW single phase and 22 kW three phase; the tether's length or the socket. */
export function cableDetail(cable: CableOption): string {
  const supply = cable.powerKw === 22 ? 'three-phase supply' : 'single-phase supply';
  return cable.lengthM !== undefined ? `${cable.lengthM} m cable attached, ${supply}` : `Type 2 socket, ${supply}`;
}

/**
 * The cable options of one kind as radios named by option name, with prices (both flows' power and
 * cable steps); a choice goes through the flow's selection rules in the store, and one that would
 * add an item the shop cannot sell is disabled.
 */
export function CableOptions({ kind, legend }: { kind: CableOption['kind']; legend: string }) {
  const cables = useConfigurator((state) => state.catalogue.cables);
  const selected = useConfigurator((state) => state.configuration.cable);
  const { unavailable, choose } = useWizardChoice();
  const group = `${useUiOptions().instanceId}-cable`;
  return (
    <OptionGroup legend={legend} radios>
      {cables
        .filter((cable) => cable.kind === kind)
        .map((cable) => {
          const choice = { type: 'chooseCable', cable: cable.id } as const;
          return (
            <OptionControl
              key={cable.id}
              type="radio"
              group={group}
              value={cable.id}
              label={cable.name}
              checked={cable.id === selected}
              onChange={() => choose(choice)}
              price={formatPence(cable.price)}
              unavailable={unavailable(choice)}
            >
              <span className="evc-option-note">{cableDetail(cable)}</span>
            </OptionControl>
          );
        })}
    </OptionGroup>
  );
}
