import { useMemo } from 'react';
import { specTableRows } from '../domain/spec-table';
import { useConfigurator } from './store-context';

/** PAGE-3: socket, tethered cable lengths and charging power, from the catalogue. */
export function SpecTable() {
  const catalogue = useConfigurator((state) => state.catalogue);
  const rows = useMemo(() => specTableRows(catalogue), [catalogue]);
  return (
    <table className="evc-spec-table" part="spec-table">
      <caption>Specification</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
