import type { Catalogue, ColourOption } from './catalogue/schema';
import { addOn } from './configuration';
import { formatSurcharge } from './money';

/**
 * PAGE-5: surcharge labels in the specification flow, decided by colour code:
 * a front gets "+£22.00" unless it is the black metal, the carbon limited edition or not a D101 code
 * (the wood fascias); a body gets "+£48.00" unless it is the black metal. The amounts are the
 * metallic finish add-ons', so a merchant catalogue's prices carry through.
 */
export function specRequestSurchargeLabel(catalogue: Catalogue, part: 'front' | 'body', colour: ColourOption): string | undefined {
  if (part === 'front') {
    const code = colour.code;
    if (!code.startsWith('A4-D101') || code === 'A4-D101M-BLACK' || code === 'A4-D101A-CARBON') return undefined;
    return formatSurcharge(addOn(catalogue, 'metallic_front').price);
  }
  if (colour.code === 'A4-E101M-BLACK') return undefined;
  return formatSurcharge(addOn(catalogue, 'metallic_body').price);
}
