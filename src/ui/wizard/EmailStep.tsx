import { useConfigurator } from '../store-context';
import { TextField } from '../TextField';
import type { StepProps } from './types';

/** Spec §2 specification-request step 01. */
export function EmailStep({ validation }: StepProps) {
  const email = useConfigurator((state) => state.form.email);
  const { updateForm } = useConfigurator((state) => state.actions);
  return (
    <>
      <p>Let&apos;s make sure your configuration is linked to your Mobilize order.</p>
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="email"
        value={email}
        error={validation.errors['email']}
        onChange={(value) => updateForm({ email: value })}
      />
    </>
  );
}
