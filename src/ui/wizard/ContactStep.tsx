import type { FormValues } from '../../domain/forms';
import { FIELD_LABELS } from '../../domain/schemas/messages';
import { discountForEmail } from '../../domain/order-items';
import { useConfigurator } from '../store-context';
import { TextField } from '../TextField';
import type { StepProps } from './types';

type ContactField = 'first-name' | 'last-name' | 'email' | 'tel';

const FIELDS: readonly { field: ContactField; type?: 'email' | 'tel'; autoComplete: string }[] = [
  { field: 'first-name', autoComplete: 'given-name' },
  { field: 'last-name', autoComplete: 'family-name' },
  { field: 'email', type: 'email', autoComplete: 'email' },
  { field: 'tel', type: 'tel', autoComplete: 'tel' },
];

/**
 * The ordering flow's contact details (spec §5 contact step: first name, last name, e-mail and
 * phone, with §5's messages). Spec §6: a partner e-mail domain applies its discount at once, and
 * the summary shows it as a negative line.
 */
export function ContactStep({ validation }: StepProps) {
  const catalogue = useConfigurator((state) => state.catalogue);
  const form = useConfigurator((state) => state.form);
  const updateForm = useConfigurator((state) => state.actions.updateForm);
  const discount = discountForEmail(catalogue, form.email);
  return (
    <>
      <p>We use these details for your order and to arrange delivery and installation.</p>
      {FIELDS.map(({ field, type, autoComplete }) => (
        <div key={field}>
          <TextField
            label={FIELD_LABELS[field]}
            type={type}
            autoComplete={autoComplete}
            value={form[field]}
            error={validation.errors[field]}
            onChange={(value) => updateForm({ [field]: value } as Partial<FormValues>)}
          />
          {field === 'email' && (
            <p className="evc-wizard-note" role="status">
              {discount ? `${discount.name} applied` : ''}
            </p>
          )}
        </div>
      ))}
    </>
  );
}
