import { INSTALL_CHECK_QUESTIONS, installCheckOutcome } from '../../../domain/install-check';
import { useUiOptions } from '../../options-context';
import { updateForm } from '../../../stores/form-answers';
import { useConfigurator, useConfiguratorStore } from '../../store-context';
import { OptionControl, OptionGroup } from '../OptionControl';
import type { StepProps } from '../types';

export const SURVEY_NEEDED = 'A survey will be needed before installation.';
export const STANDARD_INSTALL = 'Your installation looks standard: no survey should be needed.';

const OUTCOME_TEXT = {
  survey: `${SURVEY_NEEDED} It takes up to an hour and is usually arranged within two weeks of your order.`,
  standard: STANDARD_INSTALL,
  incomplete: '',
} as const;

/**
 * Step 05, present only with installation (STEP-14): STEP-5's
 * standard-install limits as yes/no questions; any "no" tells the customer a survey will be
 * needed (STEP-5: up to an hour, usually within two weeks). The answers go with the request.
 */
export function InstallCheckStep(_props: StepProps) {
  const { instanceId } = useUiOptions();
  const form = useConfigurator((state) => state.form);
  const store = useConfiguratorStore();
  const answers = form.installCheck;
  return (
    <>
      <p>A standard installation covers the limits below. Tell us about your home, so you know what to expect.</p>
      {INSTALL_CHECK_QUESTIONS.map(({ id, question }) => (
        <OptionGroup key={id} legend={question} radios>
          {(['yes', 'no'] as const).map((answer) => (
            <OptionControl
              key={answer}
              type="radio"
              group={`${instanceId}-check-${id}`}
              value={answer}
              label={answer === 'yes' ? 'Yes' : 'No'}
              checked={answers[id] === answer}
              onChange={() => updateForm(store, { installCheck: { ...answers, [id]: answer } })}
            />
          ))}
        </OptionGroup>
      ))}
      <p className="evc-install-check-result" role="status">
        {OUTCOME_TEXT[installCheckOutcome(answers)]}
      </p>
    </>
  );
}
