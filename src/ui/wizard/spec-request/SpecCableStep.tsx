import type { CableKind } from '../../../domain/selection';
import { cableOption } from '../../../domain/configuration';
import { useUiOptions } from '../../options-context';
import { useConfigurator } from '../../store-context';
import { CableOptions } from '../CableOptions';
import { OptionControl, OptionGroup } from '../OptionControl';
import type { StepProps } from '../types';

const KINDS: readonly { kind: CableKind; label: string; detail: string }[] = [
  { kind: 'socketed', label: 'Socketed', detail: 'A Type 2 socket: you use your own cable.' },
  { kind: 'tethered', label: 'Tethered', detail: 'The cable stays attached to the charger.' },
];

/**
 * Spec §2 specification-request step 02 'Select Power & Cable Length': "choose Socketed or
 * Tethered, then one of five cable variants"; spec §4: each choice goes through the flow's reset
 * and 22kW rules in the store.
 */
export function SpecCableStep(_props: StepProps) {
  const catalogue = useConfigurator((state) => state.catalogue);
  const selected = useConfigurator((state) => state.configuration.cable);
  const select = useConfigurator((state) => state.actions.select);
  const { instanceId } = useUiOptions();
  const kind = cableOption(catalogue, selected).kind;
  return (
    <>
      <OptionGroup legend="Socketed or Tethered" radios>
        {KINDS.map((option) => (
          <OptionControl
            key={option.kind}
            type="radio"
            group={`${instanceId}-cable-kind`}
            value={option.kind}
            label={option.label}
            checked={option.kind === kind}
            onChange={() => select({ type: 'chooseCableKind', kind: option.kind })}
          >
            <span className="evc-option-note">{option.detail}</span>
          </OptionControl>
        ))}
      </OptionGroup>
      <CableOptions kind={kind} legend={kind === 'tethered' ? 'Power & cable length' : 'Power'} />
    </>
  );
}
