import type { Configuration } from '../domain/configuration';
import type { FormValues } from '../domain/forms';
import type { ValidationResult } from '../domain/schemas';
import { stepValues, validateStep } from '../domain/schemas';
import type { StepName } from '../domain/wizard';
import type { ConfiguratorState } from './configurator-store';

/**
 * MOVE-9: Continue is disabled while the step's form is invalid. Validation of the current
 * step with its messages, memoised on the inputs; `today` is the buyer's date for the age check.
 */
export function createStepValidationSelector(today: () => Date): (state: ConfiguratorState) => ValidationResult {
  let last: { configuration: Configuration; form: FormValues; step: StepName; result: ValidationResult } | undefined;
  return (state) => {
    const { configuration, form } = state;
    const step = state.wizard.step;
    if (last && last.configuration === configuration && last.form === form && last.step === step) return last.result;
    const result = validateStep(step, stepValues(state.catalogue, configuration, form), { today: today() });
    last = { configuration, form, step, result };
    return result;
  };
}
