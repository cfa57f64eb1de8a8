import { useId } from 'react';
import { useFieldMessage } from './form-errors';

export interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly string[];
  onChange(value: string): void;
  autoComplete?: string;
  error?: string | undefined;
  /** The form value's name, for the error summary's link. */
  name?: string | undefined;
}

/** A labelled native select, its message shown as a TextField's; a saved value no longer offered is kept as an option so it never silently changes. */
export function SelectField({ label, value, options, onChange, autoComplete, error: schemaError, name }: SelectFieldProps) {
  const id = useId();
  const { message: error, touch } = useFieldMessage(schemaError, value !== '');
  const choices = value && !options.includes(value) ? [value, ...options] : options;
  return (
    <div className="evc-field" data-invalid={error ? true : undefined} part="field">
      <label htmlFor={id} part="field-label">
        {label}
      </label>
      <select
        id={id}
        value={value}
        required
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={touch}
        data-field={name}
        part="field-input"
      >
        {!value && <option value="">Choose…</option>}
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
      {error && (
        <p className="evc-field-error" id={`${id}-error`} part="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
