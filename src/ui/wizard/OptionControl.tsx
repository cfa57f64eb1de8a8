import { useId, type ReactNode, type Ref } from 'react';
import { useFieldMessage } from './form-errors';

export interface OptionControlProps {
  type: 'radio' | 'checkbox';
  /** The control's accessible name, exactly (NAME-1). */
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  /** The native radio group's name; radios of one question share it. */
  group?: string;
  value?: string;
  /** The formatted price, read after the name through aria-describedby so the name stays exact. */
  price?: string;
  /** Further detail (description, figures, image), described the same way. */
  children?: ReactNode;
  /** Why the choice cannot be made, when it cannot: the control is disabled and its details say so. */
  unavailable?: string | undefined;
}

/**
 * One option of a wizard step: a native radio or checkbox with its label, and its price, details
 * and (when it cannot be chosen) the reason tied to it by aria-describedby.
 */
export function OptionControl({ type, label, checked, onChange, group, value, price, children, unavailable }: OptionControlProps) {
  const id = useId();
  const detailsId = `${id}-details`;
  const described = price !== undefined || children !== undefined || unavailable !== undefined;
  return (
    <div className="evc-option" data-selected={checked || undefined} data-unavailable={unavailable !== undefined || undefined}>
      <input
        id={id}
        type={type}
        name={group}
        value={value}
        checked={checked}
        disabled={unavailable !== undefined}
        aria-describedby={described ? detailsId : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="evc-option-name">
        {label}
      </label>
      {described && (
        <div className="evc-option-details" id={detailsId}>
          {price !== undefined && <span className="evc-option-price">{price}</span>}
          {/* Spaces between the parts, so the description reads as words rather than one run. */}
          {price !== undefined && children !== undefined && ' '}
          {children}
          {unavailable && <span className="evc-option-unavailable"> {unavailable}</span>}
        </div>
      )}
    </div>
  );
}

export interface OptionGroupProps {
  /** The question, as the group's legend and accessible name. */
  legend: string;
  /** Radios form a radio group; checkboxes a plain group. */
  radios?: boolean;
  children: ReactNode;
  /** The form values the group answers (space-separated), for the error summary's links. */
  field?: string;
  /** The step schema's message for the question, shown under the legend once Continue was pressed. */
  error?: string | undefined;
  ref?: Ref<HTMLFieldSetElement>;
}

/** A fieldset of options under a visible legend, with the question's message when it has one. */
export function OptionGroup({ legend, radios = false, children, field, error, ref }: OptionGroupProps) {
  const legendId = useId();
  const { message } = useFieldMessage(error);
  return (
    <fieldset
      ref={ref}
      className="evc-option-group"
      role={radios ? 'radiogroup' : undefined}
      aria-labelledby={legendId}
      aria-invalid={message ? true : undefined}
      aria-describedby={message ? `${legendId}-error` : undefined}
      data-field={field}
    >
      <legend id={legendId}>{legend}</legend>
      {message && (
        <p className="evc-field-error" id={`${legendId}-error`}>
          {message}
        </p>
      )}
      {children}
    </fieldset>
  );
}
