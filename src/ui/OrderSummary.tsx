import { useId } from 'react';
import { formatPence } from '../domain/money';
import { useTotals } from './store-context';

/** Spec §1: a running order summary, every line with its price, and the total; GBP incl. VAT. */
export function OrderSummary() {
  const totals = useTotals();
  // The summary shows on the page and in the wizard at once: a fixed id would be duplicated.
  const titleId = useId();
  return (
    <section className="evc-summary" aria-labelledby={titleId} part="summary">
      <h3 id={titleId}>Order summary</h3>
      <table>
        <tbody>
          {totals.lines.map((line) => (
            <tr key={line.key} data-line={line.key}>
              <th scope="row">{line.name}</th>
              <td>{formatPence(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr part="total">
            <th scope="row">Total</th>
            <td data-total>{formatPence(totals.total)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="evc-vat">Prices include VAT.</p>
    </section>
  );
}
