/*
 * UK formats of our own (VALID-3, VALID-5: phone, postcode and date of birth; the brief gave no
 * rule); the product serves mainland UK only (STEP-5).
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

/** `today` (the buyer's day) `years` years earlier, as yyyy-mm-dd; 29 February stays as written. */
function sameDayYearsBefore(today: Date, years: number): string {
  const coming = isoDateOf(today);
  return `${pad(Number(coming.slice(0, 4)) - years, 4)}${coming.slice(4)}`;
}

/** A finance applicant is 18 to 120 years old (the upper bound catches a mistyped year). */
export const ADULT_AGE = 18;
export const OLDEST_AGE = 120;

/**
 * Whether someone born on `dob` (yyyy-mm-dd) is 18 or over on `today`: born on or before the same
 * day 18 years earlier. ISO dates compare as strings; a 29 February birthday comes of age on 1 March.
 */
export function isAdultOn(dob: string, today: Date): boolean {
  return dob <= sameDayYearsBefore(today, ADULT_AGE);
}

/** Whether `dob` (yyyy-mm-dd) can be a living person's: not after `today`, and at most 120 years ago. */
export function isPlausibleBirthDate(dob: string, today: Date): boolean {
  return dob <= isoDateOf(today) && dob > sameDayYearsBefore(today, OLDEST_AGE + 1);
}

/** The earliest and latest dates of birth `isPlausibleBirthDate` and `isAdultOn` both accept on `today`, for a date picker. */
export function adultBirthDateRange(today: Date): { min: string; max: string } {
  const youngest = sameDayYearsBefore(today, ADULT_AGE);
  // 29 February in a year without one: the last day of February is the latest, 1 March the earliest.
  const max = isIsoCalendarDate(youngest) ? youngest : `${youngest.slice(0, 8)}28`;
  const oldest = sameDayYearsBefore(today, OLDEST_AGE + 1);
  if (!isIsoCalendarDate(oldest)) return { min: `${oldest.slice(0, 5)}03-01`, max };
  const next = new Date(Date.UTC(Number(oldest.slice(0, 4)), Number(oldest.slice(5, 7)) - 1, Number(oldest.slice(8)) + 1));
  const min = `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1, 2)}-${pad(next.getUTCDate(), 2)}`;
  return { min, max };
}

const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]";
const DOMAIN_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const EMAIL_ADDRESS = new RegExp(`^${ATEXT}+(?:\\.${ATEXT}+)*@${DOMAIN_LABEL}(?:\\.${DOMAIN_LABEL})*\\.(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$`);

/**
 * An e-mail address as RFC 5322's common subset writes it and a browser's `type=email` accepts it:
 * a dot-atom local part (letters, digits and ! # $ % & ' * + - / = ? ^ _ ` { | } ~, dots only
 * between them) of at most 64 characters, and a domain of hostname labels with a top-level one
 * (a@localhost reaches no buyer). No spaces, quotes, comments, display names or line breaks, so an
 * address is safe in a mail header; at most 254 characters in all (RFC 5321's path limit).
 */
export function isEmailAddress(input: string): boolean {
  return input.length <= 254 && input.indexOf('@') <= 64 && EMAIL_ADDRESS.test(input);
}
