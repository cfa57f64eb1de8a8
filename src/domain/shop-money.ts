import type { Pence } from './money';

// Apart from money.ts: only the shop's answers carry pounds, and they are read by files loaded on demand.

/** Whole pence from a pounds figure such as 1.75 or "1.75" (rounded to the nearest penny). */
export function penceFromPounds(pounds: number | string): Pence {
  const value = typeof pounds === 'string' ? Number(pounds) : pounds;
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount of money: ${String(pounds)}`);
  return Math.round(value * 100);
}
