/**
 * Field labels as the UI names them (DESIGN: text fields are labelled as the specification names
 * them); spec §5's generic messages put them in place of "{field}".
 */
export const FIELD_LABELS = {
  'first-name': 'First name',
  'last-name': 'Last name',
  email: 'E-mail address',
  tel: 'Phone number',
  title: 'Title',
  legalName: 'Legal name',
  primaryAddress1: 'Address line 1',
  primaryCity: 'City',
  primaryRegion: 'Region',
  primaryPostcode: 'Postcode',
  primaryCountry: 'Country',
  dob: 'Date of birth',
  gender: 'Gender',
  paymentType: 'Payment type',
  goCardlessFlowId: 'GoCardless flow ID',
} as const;

export type LabelledField = keyof typeof FIELD_LABELS;

/** Spec §5: '{field} is a required field'. */
export const requiredMessage = (field: LabelledField) => `${FIELD_LABELS[field]} is a required field`;

/** Spec §5: '{field} must be a valid email'. */
export const invalidEmailMessage = (field: LabelledField) => `${FIELD_LABELS[field]} must be a valid email`;

/** Ours, in spec §5's '{field} ...' form: an answer longer than the field takes. */
export const tooLongMessage = (field: LabelledField, max: number) => `${FIELD_LABELS[field]} must be at most ${max} characters`;

/** Spec §5's messages, word for word, then the ones the spec leaves to us (marked). */
export const MESSAGES = {
  installation: 'Installation option must be selected',
  terms: 'Must accept terms & conditions',
  surgeProtection: 'Surge protection option must be selected',
  advancedSolar: 'Solar option must be selected',
  /** Spec §5: also used for the extended warranty. */
  display: 'Display option must be selected',
  cableHook: 'Cable Hook option must be selected',
  offer: 'Offer option must be selected',
  monthlyPaymentTerms: 'You must accept the monthly payment terms to continue.',
  creditCheck: 'You must accept the credit check terms to continue.',
  goCardless: 'You must complete the GoCardless form to continue.',
  street: 'Street is required',
  city: 'City is required',
  postcode: 'Postcode is required',
  /** Ours: spec §5 gives no message for the spec-request cable step. */
  cable: 'Cable option must be selected',
  /** Ours: spec §5 gives no phone rule. */
  phone: 'Phone number must be a valid UK phone number',
  /** Ours: spec §5 only requires a postcode. */
  ukPostcode: 'Postcode must be a valid UK postcode',
  /** Ours: spec §5 only requires a date of birth. */
  dobDate: 'Date of birth must be a valid date',
  /** Ours: a date of birth in the future or over 120 years ago is a slip of the keyboard. */
  dobReal: 'Enter a real date of birth',
  /** Ours: finance is for adults. */
  adult: 'You must be 18 or over to apply',
  /** Ours: no Direct Debit is set up to collect £0.00 a month. */
  nothingMonthly: 'Nothing on this order is paid monthly: choose pay in full or pay in 3',
} as const;
