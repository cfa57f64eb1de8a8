import { formatPence } from '../domain/money';
import { useTotals } from './store-context';

/** Spec §1: a running order summary, every line with its price, and the total; GBP incl. VAT. */
export function OrderSummary() {
  const totals = useTotals();
  return (
    <section className="evc-summary" aria-labelledby="evc-summary-title" part="summary">
      <h3 id="evc-summary-title">Order summary</h3>
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
          <tr>
            <th scope="row">Total</th>
            <td data-total>{formatPence(totals.total)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="evc-vat">Prices include VAT.</p>
    </section>
  );
}
