import type { CableKind, SelectionAction } from '../../../domain/choices';
import { ChoiceChanges } from '../ChoiceChanges';
import { cableOption } from '../../../domain/configuration';
import { useUiOptions } from '../../options-context';
import { useConfigurator } from '../../store-context';
import { CableOptions } from '../CableOptions';
import { OptionControl, OptionGroup } from '../OptionControl';
import type { StepProps } from '../types';
import { useWizardChoice } from '../use-wizard-choice';

const KINDS: readonly { kind: CableKind; label: string; detail: string }[] = [
  { kind: 'socketed', label: 'Socketed', detail: 'A Type 2 socket: you use your own cable.' },
  { kind: 'tethered', label: 'Tethered', detail: 'The cable stays attached to the charger.' },
];

/**
 * STEP-4, specification-request step 02 'Select Power & Cable Length': "choose Socketed or
 * Tethered, then one of five cable variants"; CHOICE-5: each choice goes through the flow's reset
 * and 22kW rules in the store. A kind whose first cable the shop cannot sell starts at its first one
 * it can; a kind with none is disabled.
 */
export function SpecCableStep(_props: StepProps) {
  const catalogue = useConfigurator((state) => state.catalogue);
  const selected = useConfigurator((state) => state.configuration.cable);
  const { unavailable, choose } = useWizardChoice();
  const { instanceId } = useUiOptions();
  const kind = cableOption(catalogue, selected).kind;
  const kindChoice = (other: CableKind): SelectionAction => {
    const byKind = { type: 'chooseCableKind', kind: other } as const;
    if (other === kind) return byKind;
    const cables = catalogue.cables.filter((cable) => cable.kind === other).map((cable) => ({ type: 'chooseCable', cable: cable.id }) as const);
    return cables.find((choice) => !unavailable(choice)) ?? byKind;
  };
  return (
    <>
      <OptionGroup legend="Socketed or Tethered" radios>
        {KINDS.map((option) => {
          const choice = kindChoice(option.kind);
          return (
            <OptionControl
              key={option.kind}
              type="radio"
              group={`${instanceId}-cable-kind`}
              value={option.kind}
              label={option.label}
              checked={option.kind === kind}
              onChange={() => choose(choice)}
              unavailable={unavailable(choice)}
            >
              <span className="evc-option-note">{option.detail}</span>
            </OptionControl>
          );
        })}
      </OptionGroup>
      <CableOptions kind={kind} legend={kind === 'tethered' ? 'Power & cable length' : 'Power'} />
      <ChoiceChanges />
    </>
  );
}
