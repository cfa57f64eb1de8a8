import type { FormValues } from '../../../domain/forms';
import { FIELD_LABELS } from '../../../domain/schemas/messages';
import { useConfigurator } from '../../store-context';
import { TextField } from '../../TextField';
import type { StepProps } from '../types';

type DetailsField = 'first-name' | 'last-name' | 'email' | 'tel';

const FIELDS: readonly { field: DetailsField; type?: 'email' | 'tel'; autoComplete: string }[] = [
  { field: 'first-name', autoComplete: 'given-name' },
  { field: 'last-name', autoComplete: 'family-name' },
  { field: 'email', type: 'email', autoComplete: 'email' },
  { field: 'tel', type: 'tel', autoComplete: 'tel' },
];

export const MATCH_ORDER_NOTE = 'Please use the same details as on your Mobilize order.';

/**
 * Spec §2 specification-request step 06: first name, last name, e-mail address and phone number
 * (e-mail and tel inputs, spec §5), "with a note to match the order details". The e-mail starts
 * as step 01's order e-mail.
 */
export function DetailsStep({ validation }: StepProps) {
  const form = useConfigurator((state) => state.form);
  const updateForm = useConfigurator((state) => state.actions.updateForm);
  return (
    <>
      <p className="evc-wizard-note">{MATCH_ORDER_NOTE}</p>
      {FIELDS.map(({ field, type, autoComplete }) => (
        <TextField
          key={field}
          label={FIELD_LABELS[field]}
          type={type}
          autoComplete={autoComplete}
          value={form[field]}
          error={validation.errors[field]}
          onChange={(value) => updateForm({ [field]: value } as Partial<FormValues>)}
        />
      ))}
    </>
  );
}
