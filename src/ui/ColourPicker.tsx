import { memo, useId } from 'react';
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
  /** The radio group's accessible name (NAME-1: "Front", "Body", "Cable hook colour"). */
  label: string;
  sections: readonly ColourSection[];
  selected: string;
  onSelect(id: string): void;
  surcharge(id: string): Pence;
  /** PAGE-5: the specification flow labels colours by code instead of pricing them; replaces `surcharge`. */
  surchargeLabel?: ((colour: ColourOption) => string | undefined) | undefined;
  /** Resolves a photo swatch path (premium and limited finishes) to a URL; "" without an image CDN (a plain chip then). */
  photoUrl(path: string): string;
  part: string;
  /** Why a colour cannot be chosen, if it cannot: its radio is disabled and described with the reason. */
  unavailable?: ((id: string) => string | undefined) | undefined;
}

/**
 * PAGE-2 colour pickers: native radios named by colour, one group per part. Flat colours show
 * their hex; premium and limited finishes show a photo swatch. Each shows its surcharge.
 */
export function ColourPicker({ label, sections, selected, onSelect, surcharge, surchargeLabel, photoUrl, part, unavailable }: ColourPickerProps) {
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
              const amount = surchargeLabel ? 0 : surcharge(colour.id);
              const extra = surchargeLabel ? surchargeLabel(colour) : amount > 0 ? formatSurcharge(amount) : undefined;
              const reason = unavailable?.(colour.id);
              return (
                <Swatch
                  key={colour.id}
                  colour={colour}
                  name={name}
                  checked={colour.id === selected}
                  extra={reason ? `${extra ?? ''} ${reason}`.trim() : extra}
                  disabled={!!reason}
                  onSelect={onSelect}
                  photoUrl={photoUrl}
                />
              );
            })}
          </div>
        </div>
      ))}
    </fieldset>
  );
}

interface SwatchProps {
  colour: ColourOption;
  /** The radio group's name. */
  name: string;
  checked: boolean;
  extra: string | undefined;
  disabled: boolean;
  onSelect(id: string): void;
  photoUrl(path: string): string;
}

/** One colour: memoised, so a choice re-renders the two swatches whose state changed, not the group. */
const Swatch = memo(function Swatch({ colour, name, checked, extra, disabled, onSelect, photoUrl }: SwatchProps) {
  const priceId = `${name}-${colour.id}-price`;
  return (
    <label className="evc-swatch" data-selected={checked || undefined}>
      <input
        type="radio"
        name={name}
        value={colour.id}
        aria-label={colour.name}
        aria-describedby={extra ? priceId : undefined}
        checked={checked}
        disabled={disabled}
        onChange={() => onSelect(colour.id)}
      />
      {colour.color || !photoUrl(colour.path) ? (
        <span className="evc-chip" style={{ '--evc-chip': colour.color } as React.CSSProperties} aria-hidden="true" />
      ) : (
        <img className="evc-chip" src={photoUrl(colour.path)} alt="" width={40} height={40} loading="lazy" decoding="async" />
      )}
      <span className="evc-swatch-name" aria-hidden="true">
        {colour.name}
      </span>
      {extra && (
        <span className="evc-swatch-price" id={priceId}>
          {extra}
        </span>
      )}
    </label>
  );
});
