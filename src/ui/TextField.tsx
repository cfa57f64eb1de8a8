import type { Ref } from 'react';
import { useId, useState } from 'react';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'email' | 'tel' | 'date';
  autoComplete?: string;
  /** The step schema's message for this field, shown once the buyer has left the field. */
  error?: string | undefined;
  required?: boolean;
  /** A hint under the label, read with the field (aria-describedby). */
  hint?: string | undefined;
  /** Bounds of a date field (ISO dates). */
  min?: string | undefined;
  max?: string | undefined;
  /** The keyboard a phone shows (`numeric` for a code). */
  inputMode?: 'numeric' | undefined;
  maxLength?: number | undefined;
  ref?: Ref<HTMLInputElement> | undefined;
}

/** A labelled native input with its validation message tied to it (aria-describedby). */
export function TextField({ label, value, onChange, type = 'text', autoComplete, error, required = true, hint, min, max, inputMode, maxLength, ref }: TextFieldProps) {
  const id = useId();
  const [touched, setTouched] = useState(value !== '');
  const showError = touched && error;
  const describedBy = [hint ? `${id}-hint` : '', showError ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="evc-field" data-invalid={showError ? true : undefined} part="field">
      <label htmlFor={id} part="field-label">
        {label}
        {!required && <span className="evc-optional"> (optional)</span>}
      </label>
      {hint && (
        <p className="evc-field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        ref={ref}
        id={id}
        type={type}
        inputMode={inputMode}
        maxLength={maxLength}
        value={value}
        required={required}
        autoComplete={autoComplete}
        aria-invalid={showError ? true : undefined}
        aria-describedby={describedBy}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => setTouched(true)}
        part="field-input"
      />
      {showError && (
        <p className="evc-field-error" id={`${id}-error`} role="alert" part="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
