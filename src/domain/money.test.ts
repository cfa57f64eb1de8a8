import { describe, expect, it } from 'vitest';
import { formatPence, formatSurcharge, penceFromPounds, poundsFromPence, splitPence, sumPence } from './money';

describe('money (PRICE-1: GBP, 2 decimals, en-GB)', () => {
  it.each([
    [0, '£0.00'],
    [4900, '£49.00'],
    [175, '£1.75'],
    [123456, '£1,234.56'],
    [-10000, '-£100.00'],
  ])('formats %i pence as %s', (pence, text) => {
    expect(formatPence(pence)).toBe(text);
  });

  it('writes what Intl.NumberFormat en-GB GBP writes, for any whole pence', () => {
    const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [1, 9, 10, 99, 100, 101, 99999, 100000, 123456789, 100000000000, -1, -99, -100000];
    for (let pence = -2000; pence < 250_000; pence += 137) amounts.push(pence);
    for (const pence of amounts) expect(formatPence(pence)).toBe(gbp.format(pence / 100));
  });

  it('labels a surcharge with a plus sign (PRICE-1 "+£22.00")', () => {
    expect(formatSurcharge(2200)).toBe('+£22.00');
    expect(formatSurcharge(4800)).toBe('+£48.00');
  });

  it.each([
    [1.75, 175],
    ['0.75', 75],
    [5.2, 520],
    [2.6, 260],
    [0.1 + 0.2, 30],
  ])('converts £%s to %i pence without floating-point drift', (pounds, pence) => {
    expect(penceFromPounds(pounds)).toBe(pence);
  });

  it('rejects an amount that is not a number', () => {
    expect(() => penceFromPounds('twelve')).toThrow(/Not an amount/);
  });

  it('gives pounds with two decimals for event details', () => {
    expect(poundsFromPence(12345)).toBe(123.45);
    expect(poundsFromPence(-7500)).toBe(-75);
  });

  it('splits pay in 3 into instalments that add up exactly, odd pennies first', () => {
    expect(splitPence(10000, 3)).toEqual([3334, 3333, 3333]);
    expect(splitPence(10001, 3)).toEqual([3334, 3334, 3333]);
    expect(splitPence(9999, 3)).toEqual([3333, 3333, 3333]);
    expect(sumPence(splitPence(123457, 3))).toBe(123457);
    expect(() => splitPence(100, 0)).toThrow(RangeError);
  });
});
