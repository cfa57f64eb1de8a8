import type { ValidationResult } from '../../domain/schemas';
import type { ContinueEffects } from '../../domain/wizard';

/** What every step's form gets from the wizard. */
export interface StepProps {
  /** The step schema's result, messages by field. */
  validation: ValidationResult;
  /** Performs a move's side effects (spec §4: the product details after step 0 or the 22kW confirmation). */
  runEffects(effects: ContinueEffects): void;
}
