import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  EmailSchema,
  PhoneSchema,
  UkPostcodeSchema,
  accepted,
  choice,
  chosen,
  dateOfBirthSchema,
  optionalText,
  requiredText,
  requiredWith,
  singleLine,
  CONTACT_FIELDS,
  requiredLimited,
} from './fields';
import type { LimitedField } from './limits';
import { FIELD_MAX_LENGTHS } from './limits';
import { tooLongMessage } from './messages';

/** The first message a schema gives for a value, or null when the value passes. */
const firstMessage = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? null : result.issues[0].message;
};

const today = new Date(2026, 5, 15);

describe('field schemas (VALID-1..9 messages)', () => {
  it.each<[string, v.GenericSchema, unknown, string | null]>([
    ['choice true', choice('Offer option must be selected'), true, null],
    ['choice false', choice('Offer option must be selected'), false, null],
    ['choice unanswered', choice('Offer option must be selected'), undefined, 'Offer option must be selected'],
    ['choice not a boolean', choice('Offer option must be selected'), 'yes', 'Offer option must be selected'],
    ['accepted true', accepted('Must accept terms & conditions'), true, null],
    ['accepted false', accepted('Must accept terms & conditions'), false, 'Must accept terms & conditions'],
    ['requiredWith text', requiredWith('Street is required'), '1 High St', null],
    ['requiredWith blank', requiredWith('Street is required'), '   ', 'Street is required'],
    ['requiredWith missing', requiredWith('Street is required'), undefined, 'Street is required'],
    ['requiredText label', requiredText('legalName'), '', 'Legal name is a required field'],
    ['optionalText missing', optionalText(), undefined, null],
    ['optionalText empty', optionalText(), '', null],
    ['chosen', chosen('Cable option must be selected'), { id: 'socket_7kw' }, null],
    ['chosen null', chosen('Cable option must be selected'), null, 'Cable option must be selected'],
    ['chosen without id', chosen('Cable option must be selected'), { name: 'x' }, 'Cable option must be selected'],
    ['chosen blank id', chosen('Cable option must be selected'), { id: '' }, 'Cable option must be selected'],
    ['email valid', EmailSchema, 'ann@example.com', null],
    ['email padded', EmailSchema, ' ann@example.com ', null],
    ['email empty', EmailSchema, '', 'E-mail address is a required field'],
    ['email missing', EmailSchema, undefined, 'E-mail address is a required field'],
    ['email invalid', EmailSchema, 'ann@', 'E-mail address must be a valid email'],
    ['email no domain dot', EmailSchema, 'ann@example', 'E-mail address must be a valid email'],
    ['phone valid', PhoneSchema, '+44 7700 900123', null],
    ['phone empty', PhoneSchema, ' ', 'Phone number is a required field'],
    ['phone invalid', PhoneSchema, '12345', 'Phone number must be a valid UK phone number'],
    ['postcode valid', UkPostcodeSchema, 'SW1A 1AA', null],
    ['postcode empty', UkPostcodeSchema, '', 'Postcode is a required field'],
    ['postcode invalid', UkPostcodeSchema, '90210', 'Postcode must be a valid UK postcode'],
    ['dob adult', dateOfBirthSchema(today), '1990-05-17', null],
    ['dob 18 today', dateOfBirthSchema(today), '2008-06-15', null],
    ['dob empty', dateOfBirthSchema(today), '', 'Date of birth is a required field'],
    ['dob not a date', dateOfBirthSchema(today), '2001-02-30', 'Date of birth must be a valid date'],
    ['dob under 18', dateOfBirthSchema(today), '2008-06-16', 'You must be 18 or over to apply'],
    ['dob 30 years old', dateOfBirthSchema(today), '1996-06-15', null],
    ['dob 120 years old', dateOfBirthSchema(today), '1905-06-16', null],
    ['dob over 120 years old', dateOfBirthSchema(today), '1905-06-15', 'Enter a real date of birth'],
    ['dob 1800', dateOfBirthSchema(today), '1800-01-01', 'Enter a real date of birth'],
    ['dob in the future', dateOfBirthSchema(today), '2030-01-01', 'Enter a real date of birth'],
    ['email with an apostrophe', EmailSchema, "sean.o'brien@example.ie", null],
    ['email with a display name', EmailSchema, 'Sean <sean@example.ie>', 'E-mail address must be a valid email'],
    ['email with CR/LF', EmailSchema, 'sean@example.ie\r\nBcc: x@evil.example', 'E-mail address must be a valid email'],
    ['email of 255 characters', EmailSchema, `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.uk`, 'E-mail address must be a valid email'],
    ['phone of 33 characters', PhoneSchema, `07700 900123${' '.repeat(21)}`, null],
    ['phone padded past its limit', PhoneSchema, `0${' '.repeat(32)}7700900123`, 'Phone number must be at most 32 characters'],
    ['single line: any script, emoji, joiners', singleLine(v.string()), 'Zoë Łukasz-O\u2019Brien 李 👩\u200d🔧', null],
    ['single line: CR/LF (header injection)', singleLine(v.string()), 'Sam\r\nBcc: x@evil.example', 'must be a single line'],
    ['single line: Unicode line separator', singleLine(v.string()), 'Sam\u2028Bcc: x@evil.example', 'must be a single line'],
    ['single line: next line (NEL)', singleLine(v.string()), 'Sam\u0085Lee', 'must be a single line'],
    ['single line: NUL', singleLine(v.string()), 'Sam\u0000Lee', 'must not contain control characters'],
    ['single line: escape sequence', singleLine(v.string()), 'Sam\u001b[2JLee', 'must not contain control characters'],
    ['single line: tab', singleLine(v.string()), 'Sam\tLee', 'must not contain control characters'],
  ])('%s', (_, schema, value, expected) => {
    expect(firstMessage(schema, value)).toBe(expected);
  });
});

describe('shared limits (FIELD_MAX_LENGTHS): the form and the handlers take the same lengths', () => {
  it.each(Object.entries(FIELD_MAX_LENGTHS).filter(([field]) => !['email', 'tel', 'primaryPostcode'].includes(field)))('%s: %i characters pass, one more is refused', (field, max) => {
    const schema = requiredLimited(field as LimitedField);
    expect(firstMessage(schema, 'a'.repeat(max))).toBeNull();
    expect(firstMessage(schema, 'a'.repeat(max + 1))).toBe(tooLongMessage(field as LimitedField, max));
  });

  it('a 101-character first name is refused with the message the form shows', () => {
    expect(firstMessage(CONTACT_FIELDS['first-name'], 'a'.repeat(101))).toBe('First name must be at most 100 characters');
  });
});
