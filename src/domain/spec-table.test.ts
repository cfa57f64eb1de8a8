import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE } from './catalogue/uk';
import { specTableRows } from './spec-table';

describe('specTableRows (PAGE-3)', () => {
  it('reads as the specification writes it, from the UK catalogue', () => {
    expect(specTableRows(UK_CATALOGUE)).toEqual([
      { label: 'Socket', value: 'Type 2' },
      { label: 'Tethered cable lengths', value: '5.5 m, 8.5 m (7 kW) and 6.5 m (22 kW)' },
      { label: 'Charging power', value: '7 kW single phase and 22 kW three phase' },
    ]);
  });

  it('follows a catalogue with other cables', () => {
    const [short, , , socket7] = UK_CATALOGUE.cables;
    const catalogue = { ...UK_CATALOGUE, cables: [short!, { ...short!, id: 'ten', lengthM: 10 }, socket7!] };
    expect(specTableRows(catalogue).slice(1)).toEqual([
      { label: 'Tethered cable lengths', value: '5.5 m, 10 m (7 kW)' },
      { label: 'Charging power', value: '7 kW single phase' },
    ]);
  });

  it('leaves the lengths out when the catalogue has only sockets', () => {
    const catalogue = { ...UK_CATALOGUE, cables: UK_CATALOGUE.cables.filter((cable) => cable.kind === 'socketed') };
    expect(specTableRows(catalogue).map((row) => row.label)).toEqual(['Socket', 'Charging power']);
  });
});
