import type { Ref } from 'react';
import { useId } from 'react';
import { useFieldMessage } from './wizard/form-errors';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'email' | 'tel' | 'date';
  autoComplete?: string;
  /** The step schema's message for this field, shown once the buyer has left the field or pressed Continue. */
  error?: string | undefined;
  /** The form value's name, which the error summary's link finds the field by (`data-field`). */
  name?: string | undefined;
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

/** A labelled native input with its validation message tied to it (aria-describedby, aria-invalid). */
export function TextField({ label, value, onChange, type = 'text', autoComplete, error, name, required = true, hint, min, max, inputMode, maxLength, ref }: TextFieldProps) {
  const id = useId();
  const { message: showError, touch } = useFieldMessage(error, value !== '');
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
        onBlur={touch}
        data-field={name}
        part="field-input"
      />
      {/* Not a live region: it describes the field, and the error summary is what is read on Continue. */}
      {showError && (
        <p className="evc-field-error" id={`${id}-error`} part="field-error">
          {showError}
        </p>
      )}
    </div>
  );
}
