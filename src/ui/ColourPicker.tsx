import { useId } from 'react';
import type { ColourOption } from '../domain/catalogue/schema';
import { formatSurcharge } from '../domain/money';
import { useUiOptions } from './options-context';
import type { Pence } from '../domain/money';

export interface ColourSection {
  /** Sub-heading inside the group, e.g. "Metal", "Wood", "Limited edition". */
  heading?: string;
  colours: readonly ColourOption[];
}

export interface ColourPickerProps {
  /** The radio group's accessible name (DESIGN contract: "Front", "Body", "Cable hook colour"). */
  label: string;
  sections: readonly ColourSection[];
  selected: string;
  onSelect(id: string): void;
  surcharge(id: string): Pence;
  /** Resolves a photo swatch path (premium and limited finishes) to a URL. */
  photoUrl(path: string): string;
  part: string;
}

/**
 * Spec §2 colour pickers: native radios named by colour, one group per part. Flat colours show
 * their hex; premium and limited finishes show a photo swatch. Each shows its surcharge.
 */
export function ColourPicker({ label, sections, selected, onSelect, surcharge, photoUrl, part }: ColourPickerProps) {
  const name = `${useUiOptions().instanceId}-${part}`;
  const legendId = useId();
  return (
    <fieldset className="evc-picker" role="radiogroup" aria-labelledby={legendId} part={part}>
      <legend id={legendId}>{label}</legend>
      {sections.map((section) => (
        <div className="evc-picker-section" key={section.heading ?? 'all'}>
          {section.heading && <p className="evc-picker-heading" aria-hidden="true">{section.heading}</p>}
          <div className="evc-swatches">
            {section.colours.map((colour) => {
              const extra = surcharge(colour.id);
              const priceId = `${name}-${colour.id}-price`;
              return (
                <label className="evc-swatch" key={colour.id} data-selected={colour.id === selected || undefined}>
                  <input
                    type="radio"
                    name={name}
                    value={colour.id}
                    aria-label={colour.name}
                    aria-describedby={extra > 0 ? priceId : undefined}
                    checked={colour.id === selected}
                    onChange={() => onSelect(colour.id)}
                  />
                  {colour.color ? (
                    <span className="evc-chip" style={{ '--evc-chip': colour.color } as React.CSSProperties} aria-hidden="true" />
                  ) : (
                    <img className="evc-chip" src={photoUrl(colour.path)} alt="" width={40} height={40} loading="lazy" decoding="async" />
                  )}
                  <span className="evc-swatch-name" aria-hidden="true">
                    {colour.name}
                  </span>
                  {extra > 0 && (
                    <span className="evc-swatch-price" id={priceId}>
                      {formatSurcharge(extra)}
                    </span>
                  )}
                </label>
              );
            })}
          </div>
        </div>
      ))}
    </fieldset>
  );
}
