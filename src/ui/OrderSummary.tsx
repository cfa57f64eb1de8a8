import { useId } from 'react';
import { formatPence } from '../domain/money';
import type { Totals } from '../domain/pricing';
import { useConfigurator, useTotals } from './store-context';

/** PRICE-7: a running order summary, every line with its price, and the total; GBP incl. VAT. */
export function OrderSummary() {
  const totals = useTotals();
  const monthly = useConfigurator((state) => state.configuration.paymentType === 'PAY_MONTHLY');
  const prices = useConfigurator((state) => state.shop.prices);
  // The summary shows on the page and in the wizard at once: a fixed id would be duplicated.
  const titleId = useId();
  return (
    <section className="evc-summary" aria-labelledby={titleId} part="summary">
      <h3 id={titleId}>Order summary</h3>
      {monthly ? <MonthlyTable totals={totals} /> : <PayInFullTable totals={totals} />}
      {/* The shop is the source of truth: where its prices are not the ones shown, the buyer is told. */}
      <p className="evc-vat">
        Prices include VAT.{prices.source === 'catalogue' && ` ${prices.shopFailed ? PRICES_INDICATIVE : PRICES_WITHOUT_SHOP}`}
      </p>
    </section>
  );
}

export const PRICES_INDICATIVE = 'Prices are indicative: the shop could not confirm them.';
export const PRICES_WITHOUT_SHOP = 'Prices are indicative.';

function PayInFullTable({ totals }: { totals: Totals }) {
  return (
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
  );
}

/**
 * with the monthly plan chosen, each line shows its monthly amount (PRICE-5); the partner
 * discount (a negative line) comes off the initial payment; then the plan's figures.
 */
function MonthlyTable({ totals }: { totals: Totals }) {
  const { lines, discount, initialPayment, monthlyPayment, months, afterwardsPerYear, totalPayable } = totals.monthly;
  return (
    <table data-plan="monthly">
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Per month</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.key} data-line={line.key}>
            <th scope="row">{line.name}</th>
            <td>{formatPence(line.amount)}</td>
          </tr>
        ))}
        {discount > 0 && (
          <tr data-line="discount">
            <th scope="row">Partner discount, off the initial payment</th>
            <td>{formatPence(-discount)}</td>
          </tr>
        )}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Initial payment</th>
          <td data-initial-payment>{formatPence(initialPayment)}</td>
        </tr>
        <tr part="total">
          <th scope="row">{months} monthly payments of</th>
          <td data-monthly-payment>{formatPence(monthlyPayment)}</td>
        </tr>
        <tr><th scope="row">Total payable</th><td data-total-payable>{formatPence(totalPayable)}</td></tr>
        <tr>
          <th scope="row">Then, per year</th>
          <td>{formatPence(afterwardsPerYear)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
