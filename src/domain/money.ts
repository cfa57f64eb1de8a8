/**
 * Money is integer pence everywhere (PRICE-1); pounds appear only at the
 * edges: formatting for people and the two-decimal numbers in event details.
 * PRICE-1: GBP, 2 decimals, en-GB, prices include VAT.
 */
export type Pence = number;

export const CURRENCY = 'GBP' as const;


/** Whole pence from a pounds figure such as 1.75 or "1.75" (rounded to the nearest penny). */
export function penceFromPounds(pounds: number | string): Pence {
  const value = typeof pounds === 'string' ? Number(pounds) : pounds;
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount of money: ${String(pounds)}`);
  return Math.round(value * 100);
}

/** An amount as Shopify's Admin API takes a Money or Decimal input: pounds with two decimals, "599.00". */
export function moneyInput(pence: Pence): string {
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}

/** Pounds as a number with at most two decimals: the figure the contract's `totals` carries. */
export function poundsFromPence(pence: Pence): number {
  return Math.round(pence) / 100;
}

/**
 * "£1,234.50", "-£100.00": en-GB, GBP, always two decimals (what Intl.NumberFormat's en-GB
 * currency format gives). Written out by hand: building that formatter loads the browser's locale
 * data on first use, costing the main thread more than the rest of the page's first render.
 */
export function formatPence(pence: Pence): string {
  const whole = Math.round(pence);
  const digits = String(Math.abs(whole)).padStart(3, '0');
  const pounds = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${whole < 0 ? '-' : ''}£${pounds}.${digits.slice(-2)}`;
}

/** "+£22.00": a surcharge label (PRICE-1, PAGE-5). */
export function formatSurcharge(pence: Pence): string {
  return `+${formatPence(pence)}`;
}

/** Sum of amounts in pence. */
export function sumPence(amounts: readonly Pence[]): Pence {
  return amounts.reduce((total, amount) => total + amount, 0);
}

/**
 * Splits an amount into `parts` instalments that add up to it exactly; the first instalments
 * carry the odd pennies (pay in 3: £100.00 → £33.34, £33.33, £33.33).
 */
export function splitPence(amount: Pence, parts: number): Pence[] {
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError(`Cannot split into ${parts} parts`);
  const base = Math.floor(amount / parts);
  const remainder = amount - base * parts;
  return Array.from({ length: parts }, (_, index) => base + (index < remainder ? 1 : 0));
}
