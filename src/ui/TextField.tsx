import { useId, useState } from 'react';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  /** The step schema's message for this field, shown once the buyer has left the field. */
  error?: string | undefined;
  required?: boolean;
}

/** A labelled native input with its validation message tied to it (aria-describedby). */
export function TextField({ label, value, onChange, type = 'text', autoComplete, error, required = true }: TextFieldProps) {
  const id = useId();
  const [touched, setTouched] = useState(value !== '');
  const showError = touched && error;
  return (
    <div className="evc-field" data-invalid={showError ? true : undefined} part="field">
      <label htmlFor={id} part="field-label">
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        required={required}
        autoComplete={autoComplete}
        aria-invalid={showError ? true : undefined}
        aria-describedby={showError ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => setTouched(true)}
        part="field-input"
      />
      {showError && (
        <p className="evc-field-error" id={`${id}-error`} part="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
