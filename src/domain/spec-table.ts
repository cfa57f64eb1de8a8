import type { CableOption, Catalogue } from './catalogue/schema';

export interface SpecRow {
  label: string;
  value: string;
}

/** UK supply: up to 7.4 kW is possible on a single phase; 22 kW needs three (PAGE-3). */
const PHASE: Record<CableOption['powerKw'], string> = { 7: 'single phase', 22: 'three phase' };

/**
 * "a, b and c", as the specification lists things (en-GB, no serial comma; by hand, as
 * Intl.ListFormat would load the browser's locale data on the page's first render).
 */
const list = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

const distinct = <T>(items: readonly T[]) => [...new Set(items)];

/**
 * PAGE-3 "A spec table: socket Type 2; tethered cable lengths 5.5 m, 8.5 m (7 kW) and 6.5 m (22 kW);
 * charging power 7 kW single phase and 22 kW three phase." Lengths and powers come from the
 * catalogue's cables, in catalogue order, so a merchant's catalogue shows its own.
 */
export function specTableRows(catalogue: Catalogue): SpecRow[] {
  const tethered = catalogue.cables.filter((cable) => cable.kind === 'tethered' && cable.lengthM !== undefined);
  const lengthsByPower = distinct(tethered.map((cable) => cable.powerKw)).map((power) => {
    const lengths = distinct(tethered.filter((cable) => cable.powerKw === power).map((cable) => `${cable.lengthM} m`));
    return `${lengths.join(', ')} (${power} kW)`;
  });
  const powers = distinct(catalogue.cables.map((cable) => cable.powerKw)).sort((a, b) => a - b);
  const rows: SpecRow[] = [{ label: 'Socket', value: 'Type 2' }];
  if (lengthsByPower.length > 0) rows.push({ label: 'Tethered cable lengths', value: list(lengthsByPower) });
  rows.push({ label: 'Charging power', value: list(powers.map((power) => `${power} kW ${PHASE[power]}`)) });
  return rows;
}
