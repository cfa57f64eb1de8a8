import type { ValidationResult } from '../../domain/schemas';
import type { StepName } from '../../domain/wizard';

/** What every step's form gets from the wizard. */
export interface StepProps {
  /** The step schema's result, messages by field. */
  validation: ValidationResult;
  /** MOVE-7: the 22kW dialog's Continue, which moves on as the wizard's Continue does (lead, product details). */
  confirmHighPower(): void;
  /** A step's label in this flow (STEP-3), for a form that sends the buyer back to another step. */
  labelOf(step: StepName): string;
}
