import type { LabelledField } from './messages';

/**
 * The longest answer each text field takes, in characters: one definition for the form's
 * `maxlength` and step schemas and for the handlers' request schemas, in both flows, so the form
 * never accepts what a handler then refuses. E-mail: RFC 5321's 254; names and address lines:
 * what a mandate or a shop's address takes.
 */
export const FIELD_MAX_LENGTHS = {
  'first-name': 100,
  'last-name': 100,
  email: 254,
  tel: 32,
  title: 20,
  legalName: 140,
  primaryAddress1: 140,
  primaryCity: 100,
  primaryRegion: 100,
  primaryPostcode: 10,
  primaryCountry: 100,
  gender: 40,
} as const satisfies Partial<Record<LabelledField, number>>;

export type LimitedField = keyof typeof FIELD_MAX_LENGTHS;
