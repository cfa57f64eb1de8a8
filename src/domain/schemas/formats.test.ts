import { describe, expect, it } from 'vitest';
import { adultBirthDateRange, isAdultOn, isEmailAddress, isIsoCalendarDate, isPlausibleBirthDate, isUkPhoneNumber, isUkPostcode, isoDateOf } from './formats';

describe('isUkPhoneNumber (VALID-3, VALID-9)', () => {
  it.each([
    ['07700 900123', true],
    ['07700900123', true],
    ['+44 7700 900123', true],
    ['+447700900123', true],
    ['0044 7700 900123', true],
    ['+44 (0)20 7946 0958', true],
    ['(020) 7946-0958', true],
    ['020.7946.0958', true],
    ['0800 123456', true],
    ['016977 4567', true],
    ['7700 900123', false],
    ['07700 90012', false],
    ['020 7946 095', false],
    ['07700 9001234', false],
    ['+1 202 555 0147', false],
    ['+44 07700 900123', false],
    ['00 7700 900123', false],
    ['07700 9OO123', false],
    ['', false],
  ])('%j → %s', (input, expected) => {
    expect(isUkPhoneNumber(input)).toBe(expected);
  });
});

describe('isUkPostcode (VALID-5)', () => {
  it.each([
    ['SW1A 1AA', true],
    ['sw1a 1aa', true],
    ['EC1A1BB', true],
    ['M1 1AE', true],
    ['B33 8TH', true],
    ['CR2 6XH', true],
    ['DN55 1PT', true],
    ['  W1A   0AX ', true],
    ['GIR 0AA', true],
    ['SW1A', false],
    ['1AA SW1A', false],
    ['SW1A 1A', false],
    ['SW1A-1AA', false],
    ['90210', false],
    ['', false],
  ])('%j → %s', (input, expected) => {
    expect(isUkPostcode(input)).toBe(expected);
  });
});

describe('isIsoCalendarDate (VALID-5)', () => {
  it.each([
    ['1990-05-17', true],
    ['2000-02-29', true],
    ['2023-02-29', false],
    ['1990-13-01', false],
    ['1990-04-31', false],
    ['1990-5-17', false],
    ['17/05/1990', false],
    ['', false],
  ])('%j → %s', (input, expected) => {
    expect(isIsoCalendarDate(input)).toBe(expected);
  });
});

describe('isoDateOf', () => {
  it('writes the local calendar day as yyyy-mm-dd', () => {
    expect(isoDateOf(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(isoDateOf(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });
});

describe('isAdultOn (finance step: 18 or over)', () => {
  it.each([
    ['2008-06-15', new Date(2026, 5, 15), true],
    ['2008-06-16', new Date(2026, 5, 15), false],
    ['2008-06-14', new Date(2026, 5, 15), true],
    ['1950-01-01', new Date(2026, 5, 15), true],
    ['2030-01-01', new Date(2026, 5, 15), false],
    ['2008-02-29', new Date(2026, 1, 28), false],
    ['2008-02-29', new Date(2026, 2, 1), true],
    ['2010-02-28', new Date(2028, 1, 29), true],
    ['2010-03-01', new Date(2028, 1, 29), false],
  ])('born %s, on %s → %s', (dob, today, expected) => {
    expect(isAdultOn(dob, today)).toBe(expected);
  });
});

describe('isPlausibleBirthDate (a living person: not in the future, at most 120 years old)', () => {
  it.each([
    ['1800-01-01', new Date(2026, 5, 15), false],
    ['1905-06-16', new Date(2026, 5, 15), true],
    ['1905-06-15', new Date(2026, 5, 15), false],
    ['1996-06-15', new Date(2026, 5, 15), true],
    ['2026-06-15', new Date(2026, 5, 15), true],
    ['2026-06-16', new Date(2026, 5, 15), false],
    ['1907-03-01', new Date(2028, 1, 29), true],
    ['1907-02-28', new Date(2028, 1, 29), false],
  ])('born %s, on %s → %s', (dob, today, expected) => {
    expect(isPlausibleBirthDate(dob, today)).toBe(expected);
  });
});

describe('adultBirthDateRange (the date picker offers only dates both checks accept)', () => {
  it.each([
    [new Date(2026, 5, 15), { min: '1905-06-16', max: '2008-06-15' }],
    [new Date(2026, 11, 31), { min: '1906-01-01', max: '2008-12-31' }],
    [new Date(2028, 1, 29), { min: '1907-03-01', max: '2010-02-28' }],
  ])('on %s → %j', (today, range) => {
    expect(adultBirthDateRange(today)).toEqual(range);
    expect(isPlausibleBirthDate(range.min, today) && isAdultOn(range.max, today)).toBe(true);
  });
});

describe("isEmailAddress (RFC 5322's dot-atom subset, as a browser's type=email accepts it)", () => {
  it.each([
    ["sean.o'brien@example.ie", true],
    ['ann@example.com', true],
    ['ANN@EXAMPLE.COM', true],
    ["!#$%&'*+-/=?^_`{|}~@example.com", true],
    ['first.middle.last+tag@mail.example.co.uk', true],
    ['a@b-c.example', true],
    ['x@xn--bcher-kva.example', true],
    ['ann@mail.xn--p1ai', true],
    [`${'a'.repeat(64)}@example.com`, true],
    [`${'a'.repeat(65)}@example.com`, false],
    [`a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(58)}.uk`, false],
    [`a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(57)}.uk`, true],
    ['ann@example', false],
    ['ann@localhost', false],
    ['ann@', false],
    ['@example.com', false],
    ['ann@@example.com', false],
    ['.ann@example.com', false],
    ['ann.@example.com', false],
    ['an..n@example.com', false],
    ['ann@-example.com', false],
    ['ann@example-.com', false],
    ['ann@example..com', false],
    ['ann@example.c', false],
    ['ann@example.123', false],
    ['Ann Lee <ann@example.com>', false],
    ['<ann@example.com>', false],
    ['"ann lee"@example.com', false],
    ['ann lee@example.com', false],
    [' ann@example.com', false],
    ['ann@example.com\r\nBcc: x@evil.example', false],
    ['ann@example.com\nBcc: x@evil.example', false],
    ['ann(comment)@example.com', false],
    ['zoë@example.com', false],
    ['ann@[192.0.2.1]', false],
    ['', false],
  ])('%j → %s', (input, expected) => {
    expect(isEmailAddress(input)).toBe(expected);
  });
});
