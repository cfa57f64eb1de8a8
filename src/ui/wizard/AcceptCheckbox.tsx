import { useId, useState, type ReactNode } from 'react';

export interface AcceptCheckboxProps {
  /** What the buyer agrees to, as the checkbox's label. */
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  /** The step schema's message (spec §5), shown once the box has been touched. */
  error: string | undefined;
  /** Where the terms can be read (a TermsLink), beside the label. */
  terms?: ReactNode;
}

/** Spec §5 "must be true": a box the buyer ticks to accept terms, with its message tied to it. */
export function AcceptCheckbox({ label, checked, onChange, error, terms }: AcceptCheckboxProps) {
  const id = useId();
  const [touched, setTouched] = useState(false);
  const showError = touched && error !== undefined;
  return (
    <div className="evc-terms" data-invalid={showError || undefined}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-invalid={showError || undefined}
        aria-describedby={showError ? `${id}-error` : undefined}
        onChange={(event) => {
          setTouched(true);
          onChange(event.target.checked);
        }}
        onBlur={() => setTouched(true)}
      />
      <label htmlFor={id}>{label}</label>
      {terms}
      {showError && (
        <p className="evc-field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
