import type { ReactNode } from 'react';
import type { FormValues } from '../../domain/forms';
import { FIELD_LABELS } from '../../domain/schemas/messages';
import { FIELD_MAX_LENGTHS } from '../../domain/schemas/limits';
import { updateForm } from '../../stores/form-answers';
import { useConfigurator, useConfiguratorStore } from '../store-context';
import { TextField } from '../TextField';
import type { ValidationResult } from '../../domain/schemas';

type ContactField = 'first-name' | 'last-name' | 'email' | 'tel';

const FIELDS: readonly { field: ContactField; type?: 'email' | 'tel'; autoComplete: string }[] = [
  { field: 'first-name', autoComplete: 'given-name' },
  { field: 'last-name', autoComplete: 'family-name' },
  { field: 'email', type: 'email', autoComplete: 'email' },
  { field: 'tel', type: 'tel', autoComplete: 'tel' },
];

/**
 * VALID-3 contact fields (first name, last name, e-mail address, phone number; e-mail and tel
 * inputs) with the step's messages and the handlers' lengths as `maxlength`; `emailHint` is read with the e-mail field, `afterEmail` shows
 * under it.
 */
export function ContactFields({ validation, emailHint, afterEmail }: { validation: ValidationResult; emailHint?: string; afterEmail?: ReactNode }) {
  const form = useConfigurator((state) => state.form);
  const store = useConfiguratorStore();
  return (
    <>
      {FIELDS.map(({ field, type, autoComplete }) => (
        <div key={field}>
          <TextField
            label={FIELD_LABELS[field]}
            type={type}
            autoComplete={autoComplete}
            value={form[field]}
            name={field}
            maxLength={FIELD_MAX_LENGTHS[field]}
            error={validation.errors[field]}
            hint={field === 'email' ? emailHint : undefined}
            onChange={(value) => updateForm(store, { [field]: value } as Partial<FormValues>)}
          />
          {field === 'email' && afterEmail}
        </div>
      ))}
    </>
  );
}
