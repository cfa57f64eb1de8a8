import * as v from 'valibot';
import { isAdultOn, isEmailAddress, isIsoCalendarDate, isPlausibleBirthDate, isUkPhoneNumber, isUkPostcode } from './formats';
import type { LimitedField } from './limits';
import { FIELD_MAX_LENGTHS } from './limits';
import type { LabelledField } from './messages';
import { MESSAGES, invalidEmailMessage, requiredMessage, tooLongMessage } from './messages';

/**
 * An object of form fields in which a field left out is checked as `undefined`, so it gets its own
 * message (valibot's object would report a missing key with one message for all).
 */
export const formObject = <const Entries extends v.ObjectEntries>(entries: Entries) =>
  v.pipe(
    v.looseObject({}),
    v.transform((input) => ({ ...Object.fromEntries(Object.keys(entries).map((key) => [key, undefined])), ...input })),
    v.object(entries),
  );

/**
 * One line of plain text: no line break (CR, LF, NEL, U+2028, U+2029) and no other control
 * character (NUL, ESC, …), since a field sent to a server may end up in a mail header, a provider's
 * record or a log line (header and log injection).
 */
export const singleLine = <T extends v.GenericSchema<unknown, string>>(schema: T) =>
  v.pipe(
    schema,
    v.check((text: string) => !/[\r\n\u0085\u2028\u2029]/.test(text), 'must be a single line'),
    v.check((text: string) => !/\p{Cc}/u.test(text), 'must not contain control characters'),
  );

/** VALID-2 "must be true or false": a yes/no the buyer has answered. */
export const choice = (message: string) => v.boolean(message);

/** VALID-1, VALID-5 "must be true": a box the buyer has ticked. */
export const accepted = (message: string) => v.literal(true, message);

/** Text that must not be blank (spaces alone do not count), with `message` when it is. */
export const requiredWith = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message));

/** VALID-3 '{field} is a required field'. */
export const requiredText = (field: LabelledField) => requiredWith(requiredMessage(field));

/** Text the buyer may leave out or empty. */
export const optionalText = () => v.optional(v.string());

/** A catalogue choice in the form values (an object with its id), with `message` when none is made. */
export const chosen = (message: string) => v.object({ id: requiredWith(message) }, message);

/** One line of text no longer than the field takes (FIELD_MAX_LENGTHS), with its message when longer. */
export const limited = (field: LimitedField, schema: v.GenericSchema<unknown, string>) =>
  singleLine(v.pipe(schema, v.maxLength(FIELD_MAX_LENGTHS[field], tooLongMessage(field, FIELD_MAX_LENGTHS[field]))));

/** VALID-3 '{field} is a required field', within the field's length. */
export const requiredLimited = (field: LimitedField) => limited(field, requiredText(field));

/** An answer the buyer may leave out, within the field's length; left out, it is empty. */
export const optionalLimited = (field: LimitedField) => v.optional(limited(field, v.string('must be a string')), '');

/** VALID-3: required, and '{field} must be a valid email' (see `isEmailAddress`). */
export const EmailSchema = limited('email', v.pipe(requiredText('email'), v.check(isEmailAddress, invalidEmailMessage('email'))));

/** VALID-3: the phone number required, a UK number (see `isUkPhoneNumber`). */
export const PhoneSchema = limited('tel', v.pipe(requiredText('tel'), v.check(isUkPhoneNumber, MESSAGES.phone)));

/** VALID-5 requires the postcode; it must also look like a UK one. */
export const UkPostcodeSchema = limited('primaryPostcode', v.pipe(requiredText('primaryPostcode'), v.check(isUkPostcode, MESSAGES.ukPostcode)));

/** VALID-3: the contact step's fields, as the form checks them and the handlers receive them. */
export const CONTACT_FIELDS = {
  'first-name': requiredLimited('first-name'),
  'last-name': requiredLimited('last-name'),
  email: EmailSchema,
  tel: PhoneSchema,
};

/**
 * A request's idempotency key as the element makes it: a retry or a reload sends the same one, and
 * the handler acts once per key.
 */
export const IdempotencyKeySchema = v.pipe(
  v.string('must be a string'),
  v.regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16 to 128 letters, digits, "-" or "_"'),
);

/**
 * VALID-5 requires the date of birth; it must be a real date, a living person's (not in the future,
 * at most 120 years ago), and the buyer an adult on `today`.
 */
export const dateOfBirthSchema = (today: Date) =>
  v.pipe(
    requiredText('dob'),
    v.check(isIsoCalendarDate, MESSAGES.dobDate),
    v.check((dob: string) => isPlausibleBirthDate(dob, today), MESSAGES.dobReal),
    v.check((dob: string) => isAdultOn(dob, today), MESSAGES.adult),
  );

/**
 * VALID-5: the finance step's answers (title, legalName, primaryAddress1, primaryCity, primaryPostcode,
 * dob, gender required; primaryRegion and primaryCountry optional; both sets of terms accepted), as
 * the form checks them and the direct-debit handler receives them. `today` decides the age check.
 */
export const financeFields = (today: Date) => ({
  title: requiredLimited('title'),
  legalName: requiredLimited('legalName'),
  primaryAddress1: requiredLimited('primaryAddress1'),
  primaryCity: requiredLimited('primaryCity'),
  primaryRegion: optionalLimited('primaryRegion'),
  primaryPostcode: UkPostcodeSchema,
  primaryCountry: optionalLimited('primaryCountry'),
  dob: dateOfBirthSchema(today),
  gender: requiredLimited('gender'),
  acceptedMonthlyPaymentTerms: accepted(MESSAGES.monthlyPaymentTerms),
  acceptedCreditCheck: accepted(MESSAGES.creditCheck),
});
