/*
 * UK formats the spec leaves open (spec §5 requires phone, postcode and date of birth but gives no
 * rule); the product serves mainland UK only (spec §9).
 */

/**
 * A UK number, national (07700 900123) or international (+44 7700 900123, 0044 ..., +44 (0)20 ...);
 * spaces, dots, hyphens and brackets are ignored. The national number after the 0 has 10 digits,
 * or 9 for some 01 area codes and 0800 numbers (Ofcom's numbering plan).
 */
export function isUkPhoneNumber(input: string): boolean {
  const compact = input.replace(/\(0\)/g, '').replace(/[\s().-]/g, '');
  return /^(?:(?:\+|00)44|0)(?:[1-9]\d{9}|[18]\d{8})$/.test(compact);
}

/** Outward code, optional space, inward code (SW1A 1AA, m1 1ae, EC1A1BB); also Girobank's GIR 0AA. */
export function isUkPostcode(input: string): boolean {
  return /^(?:GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i.test(input.trim().replace(/\s+/g, ' '));
}

/** A real calendar date written yyyy-mm-dd, as a date input gives it (2023-02-29 is not one). */
export function isIsoCalendarDate(input: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** The calendar day of `date` where the buyer is (local time), as yyyy-mm-dd. */
export function isoDateOf(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}

/**
 * Whether someone born on `dob` (yyyy-mm-dd) is 18 or over on `today`: born on or before the same
 * day 18 years earlier. ISO dates compare as strings; a 29 February birthday comes of age on 1 March.
 */
export function isAdultOn(dob: string, today: Date): boolean {
  const coming = isoDateOf(today);
  const threshold = `${pad(Number(coming.slice(0, 4)) - 18, 4)}${coming.slice(4)}`;
  return dob <= threshold;
}
