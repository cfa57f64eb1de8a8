import type { FormValues } from '../../domain/forms';
import { formatPence } from '../../domain/money';
import { adultBirthDateRange } from '../../domain/schemas/formats';
import { FIELD_MAX_LENGTHS } from '../../domain/schemas/limits';
import { FIELD_LABELS } from '../../domain/schemas/messages';
import { TextField } from '../TextField';
import { updateForm } from '../../stores/form-answers';
import { useConfigurator, useConfiguratorStore, useTotals } from '../store-context';
import { AcceptCheckbox } from './AcceptCheckbox';
import { SelectField } from './SelectField';
import { TermsLink } from './TermsLink';
import { afterwardsPerYear } from './PaymentStep';
import { useUiOptions } from '../options-context';
import type { StepProps } from './types';

/** STEP-13: title defaults to Mr. */
export const TITLES = ['Mr', 'Mrs', 'Miss', 'Ms', 'Mx', 'Dr'] as const;
/** STEP-13: gender defaults to Male. */
export const GENDERS = ['Male', 'Female', 'Non-binary', 'Prefer not to say'] as const;

export const MONTHLY_TERMS_LABEL = 'I accept the monthly payment terms';
export const CREDIT_CHECK_LABEL = 'I agree to a credit check';

type TextAnswer = 'legalName' | 'primaryAddress1' | 'primaryCity' | 'primaryRegion' | 'primaryPostcode' | 'primaryCountry';

const ADDRESS: readonly { field: TextAnswer; autoComplete: string; required: boolean; hint?: string }[] = [
  { field: 'legalName', autoComplete: 'name', required: true, hint: 'Your full name, as your bank knows it.' },
  { field: 'primaryAddress1', autoComplete: 'address-line1', required: true },
  { field: 'primaryCity', autoComplete: 'address-level2', required: true },
  { field: 'primaryRegion', autoComplete: 'address-level1', required: false },
  { field: 'primaryPostcode', autoComplete: 'postal-code', required: true },
  { field: 'primaryCountry', autoComplete: 'country-name', required: false },
];

/**
 * STEP-13, VALID-5 finance step (monthly plan only): title, legal name, address, a UK postcode, date of
 * birth (an adult), gender, and the two acceptances with their messages. The answers stay in the
 * session's storage; the date of birth in memory only (SAVE-1).
 */
export function FinanceStep({ validation }: StepProps) {
  const form = useConfigurator((state) => state.form);
  const store = useConfiguratorStore();
  const { monthly } = useTotals();
  const set = (changes: Partial<FormValues>) => updateForm(store, changes);
  const errors = validation.errors;
  const { financeTermsUrl, privacyUrl } = useUiOptions();
  const birthDates = adultBirthDateRange(new Date());
  return (
    <>
      <p>
        The monthly plan is a finance agreement: {formatPence(monthly.initialPayment)} initial payment, then {monthly.months} monthly
        payments of {formatPence(monthly.monthlyPayment)} (total payable {formatPence(monthly.totalPayable)}), then{' '}
        {afterwardsPerYear(monthly)}. We need a few details for the application.
      </p>
      <SelectField label={FIELD_LABELS.title} name="title" value={form.title} options={TITLES} autoComplete="honorific-prefix" error={errors['title']} onChange={(title) => set({ title })} />
      {ADDRESS.map(({ field, autoComplete, required, hint }) => (
        <TextField
          key={field}
          label={FIELD_LABELS[field]}
          value={form[field]}
          name={field}
          maxLength={FIELD_MAX_LENGTHS[field]}
          autoComplete={autoComplete}
          required={required}
          hint={hint}
          error={errors[field]}
          onChange={(value) => set({ [field]: value })}
        />
      ))}
      <TextField
        label={FIELD_LABELS.dob}
        type="date"
        value={form.dob}
        name="dob"
        autoComplete="bday"
        min={birthDates.min}
        max={birthDates.max}
        hint="You must be 18 or over. We do not keep it on this device."
        error={errors['dob']}
        onChange={(dob) => set({ dob })}
      />
      <SelectField label={FIELD_LABELS.gender} name="gender" value={form.gender} options={GENDERS} autoComplete="sex" error={errors['gender']} onChange={(gender) => set({ gender })} />
      <AcceptCheckbox
        label={MONTHLY_TERMS_LABEL}
        name="acceptedMonthlyPaymentTerms"
        checked={form.acceptedMonthlyPaymentTerms}
        onChange={(acceptedMonthlyPaymentTerms) => set({ acceptedMonthlyPaymentTerms })}
        error={errors['acceptedMonthlyPaymentTerms']}
        terms={
          <TermsLink what="the monthly payment terms" url={financeTermsUrl} title="Monthly payment terms">
            <p>
              {formatPence(monthly.initialPayment)} initial payment, then {monthly.months} monthly payments of{' '}
              {formatPence(monthly.monthlyPayment)} by Direct Debit, then {afterwardsPerYear(monthly)}. The plan starts
              once the credit check approves it and the Direct Debit is set up.
            </p>
            <p>For the full monthly payment terms, ask us through "Need help?".</p>
          </TermsLink>
        }
      />
      <AcceptCheckbox
        label={CREDIT_CHECK_LABEL}
        name="acceptedCreditCheck"
        checked={form.acceptedCreditCheck}
        onChange={(acceptedCreditCheck) => set({ acceptedCreditCheck })}
        error={errors['acceptedCreditCheck']}
        terms={
          <TermsLink what="how we use your data" url={privacyUrl} title="How we use your data">
            <p>
              We use the details on this step to check your credit for the monthly plan and to set up its Direct Debit,
              and for nothing else. Your date of birth is not kept on this device.
            </p>
            <p>For the full privacy notice, ask us through "Need help?".</p>
          </TermsLink>
        }
      />
    </>
  );
}
