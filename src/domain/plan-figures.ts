/** What the payment step and the order checks ask of the totals; the page, which only shows them, does without (a module apart). */
import type { PaymentType } from './catalogue/schema';
import type { Pence } from './money';
import { sumPence } from './money';
import type { MonthlyPlanFigures, Totals } from './pricing';

/** What a plan costs in all, to set beside the pay-in-full price: pay in 3 is its instalments, the monthly plan its term. */
export function totalPayable(type: PaymentType, totals: Totals): Pence {
  switch (type) {
    case 'PAY_NOW':
      return totals.total;
    case 'PAY_PAYPAL':
      return sumPence(totals.payIn3);
    case 'PAY_MONTHLY':
      return totals.monthly.totalPayable;
  }
}

/** A Direct Debit is set up only when there is something to collect: with nothing paid monthly, the monthly plan is not offered. */
export const monthlyPlanOffered = (monthly: Pick<MonthlyPlanFigures, 'monthlyPayment'>): boolean => monthly.monthlyPayment > 0;
