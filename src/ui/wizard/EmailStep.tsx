import { orderEmailChanges } from '../../domain/order-email';
import { FIELD_MAX_LENGTHS } from '../../domain/schemas/limits';
import { updateForm } from '../../stores/form-answers';
import { useConfigurator, useConfiguratorStore } from '../store-context';
import { TextField } from '../TextField';
import type { StepProps } from './types';

/** STEP-15, specification-request step 01: the order's e-mail, which also prefills step 06's contact e-mail. */
export function EmailStep({ validation }: StepProps) {
  const form = useConfigurator((state) => state.form);
  const store = useConfiguratorStore();
  return (
    <>
      <p>Let&apos;s make sure your configuration is linked to your Mobilize order.</p>
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="email"
        value={form.orderEmail}
        name="orderEmail"
        maxLength={FIELD_MAX_LENGTHS.email}
        error={validation.errors['orderEmail']}
        onChange={(value) => updateForm(store, orderEmailChanges(form, value))}
      />
    </>
  );
}
