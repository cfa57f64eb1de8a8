import type { Catalogue } from './catalogue/schema';
import type { Configuration } from './configuration';
import type { Pence } from './money';
import { CURRENCY, poundsFromPence, splitPence, sumPence } from './money';
import type { OrderItem, PricingContext } from './order-items';
import { orderItems } from './order-items';

export interface PriceLine {
  key: string;
  name: string;
  amount: Pence;
}

export interface MonthlyPlanFigures {
  /** PRICE-4: initial payment £350.00, less any partner discount (a negative line). */
  initialPayment: Pence;
  /** Sum of the monthly amounts (PRICE-5) of every chosen item. */
  monthlyPayment: Pence;
  months: number;
  /** £1.00 per year after the monthly payments. */
  afterwardsPerYear: Pence;
  /** The initial payment and every monthly payment; the yearly charge after them is open-ended, so not in it. */
  totalPayable: Pence;
  /** Monthly amount per item; zero-amount items are kept so the buyer sees what is included. */
  lines: PriceLine[];
  discount: Pence;
}

export interface Totals {
  currency: typeof CURRENCY;
  /** Pay-in-full lines (PRICE-2, PRICE-3). */
  lines: PriceLine[];
  total: Pence;
  /** Pay in 3 interest free: three instalments that add up to the total exactly. */
  payIn3: Pence[];
  monthly: MonthlyPlanFigures;
}

const toLine = (item: OrderItem, amount: Pence): PriceLine => ({ key: item.key, name: item.name, amount });

/** Every figure the buyer sees for a configuration: lines, total, pay in 3 and the monthly plan. */
export function priceConfiguration(catalogue: Catalogue, config: Configuration, context: PricingContext = {}): Totals {
  const items = orderItems(catalogue, config, context);
  const lines = items.map((item) => toLine(item, item.price));
  const total = sumPence(lines.map((line) => line.amount));
  const discount = sumPence(items.filter((item) => item.key === 'discount').map((item) => -item.price));
  const plan = catalogue.monthlyPlan;
  const initialPayment = Math.max(plan.initialPayment - discount, 0);
  const monthlyPayment = sumPence(items.map((item) => item.monthly));
  return {
    currency: CURRENCY,
    lines,
    total,
    payIn3: splitPence(Math.max(total, 0), plan.payIn3Parts),
    monthly: {
      initialPayment,
      monthlyPayment,
      months: plan.months,
      afterwardsPerYear: plan.afterwardsPerYear,
      totalPayable: initialPayment + plan.months * monthlyPayment,
      lines: items.filter((item) => item.key !== 'discount').map((item) => toLine(item, item.monthly)),
      discount,
    },
  };
}

/** The contract's `totals` detail: pounds as numbers with two decimals, the figures the buyer sees. */
export interface TotalsDetail {
  currency: typeof CURRENCY;
  total: number;
  lines: { name: string; amount: number }[];
  monthly?: { initialPayment: number; monthlyPayment: number; months: number; afterwardsPerYear: number };
}

export function totalsDetail(totals: Totals, config: Pick<Configuration, 'paymentType'>): TotalsDetail {
  const detail: TotalsDetail = {
    currency: totals.currency,
    total: poundsFromPence(totals.total),
    lines: totals.lines.map((line) => ({ name: line.name, amount: poundsFromPence(line.amount) })),
  };
  if (config.paymentType === 'PAY_MONTHLY') {
    detail.monthly = {
      initialPayment: poundsFromPence(totals.monthly.initialPayment),
      monthlyPayment: poundsFromPence(totals.monthly.monthlyPayment),
      months: totals.monthly.months,
      afterwardsPerYear: poundsFromPence(totals.monthly.afterwardsPerYear),
    };
  }
  return detail;
}

/**
 * What choosing a front or body colour adds to the price (PAGE-4: the finish lines): the finish
 * lines of the configuration with that colour, so a picker's label never disagrees with the summary.
 */
export function finishSurcharge(catalogue: Catalogue, config: Configuration, part: 'front' | 'body', colourId: string): Pence {
  const key = part === 'front' ? 'front_finish' : 'body_finish';
  const items = orderItems(catalogue, { ...config, [part]: colourId });
  return sumPence(items.filter((item) => item.key === key).map((item) => item.price));
}
