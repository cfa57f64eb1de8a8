import { useId, type ReactNode } from 'react';
import { useFieldMessage } from './form-errors';

export interface AcceptCheckboxProps {
  /** What the buyer agrees to, as the checkbox's label. */
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  /** The step schema's message (VALID-1, VALID-5), shown once the box has been touched or Continue pressed. */
  error: string | undefined;
  /** The form value's name, for the error summary's link. */
  name: string;
  /** Where the terms can be read (a TermsLink), beside the label. */
  terms?: ReactNode;
}

/** VALID-1, VALID-5 "must be true": a box the buyer ticks to accept terms, with its message tied to it. */
export function AcceptCheckbox({ label, checked, onChange, error, name, terms }: AcceptCheckboxProps) {
  const id = useId();
  const { message, touch } = useFieldMessage(error);
  const showError = message !== undefined;
  return (
    <div className="evc-terms" data-invalid={showError || undefined}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-invalid={showError || undefined}
        aria-describedby={showError ? `${id}-error` : undefined}
        onChange={(event) => {
          touch();
          onChange(event.target.checked);
        }}
        onBlur={touch}
        data-field={name}
      />
      <label htmlFor={id}>{label}</label>
      {terms}
      {showError && (
        <p className="evc-field-error" id={`${id}-error`}>
          {message}
        </p>
      )}
    </div>
  );
}
