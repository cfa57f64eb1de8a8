import type { Catalogue } from '../catalogue/schema';
import type { Configuration } from '../configuration';
import type { FormValues } from '../forms';
import type { SpecFormValues } from '../spec-form';
import { specFormValues } from '../spec-form';
import type { Pence } from '../money';
import { priceConfiguration } from '../pricing';

/**
 * What `validateStep` checks: one flat record under the form's field names (LEAD-2),
 * i.e. the `specFormValues` shape (installation terms included) plus the date of birth, which never
 * leaves the app but the finance step must check, the specification request's order e-mail, and
 * the monthly payment in pence, which the payment step needs to refuse a monthly plan of £0.00.
 * Any field may be missing: a yes/no the buyer has not answered yet is left out, and the step's
 * schema then says it must be selected.
 */
export type StepValues = Partial<SpecFormValues> & Partial<Pick<FormValues, 'dob' | 'orderEmail'>> & { monthlyPayment?: Pence };

/** The step values for a configuration and the buyer's answers. */
export function stepValues(catalogue: Catalogue, config: Configuration, form: FormValues): StepValues {
  const { monthlyPayment } = priceConfiguration(catalogue, config).monthly;
  return { ...specFormValues(catalogue, config, form), dob: form.dob, orderEmail: form.orderEmail, monthlyPayment };
}
