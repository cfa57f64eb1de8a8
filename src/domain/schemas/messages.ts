/**
 * Field labels as the UI names them (NAME-3: text fields are labelled as the product names
 * them); VALID-3's generic messages put them in place of "{field}".
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

/** VALID-3: '{field} is a required field'. */
export const requiredMessage = (field: LabelledField) => `${FIELD_LABELS[field]} is a required field`;

/** VALID-3: '{field} must be a valid email'. */
export const invalidEmailMessage = (field: LabelledField) => `${FIELD_LABELS[field]} must be a valid email`;

/** VALID-3, in the '{field} ...' form: an answer longer than the field takes. */
export const tooLongMessage = (field: LabelledField, max: number) => `${FIELD_LABELS[field]} must be at most ${max} characters`;

/** The messages of VALID-1..10, word for word; those marked "Ours" the brief left to us. */
export const MESSAGES = {
  installation: 'Installation option must be selected',
  terms: 'Must accept terms & conditions',
  surgeProtection: 'Surge protection option must be selected',
  advancedSolar: 'Solar option must be selected',
  /** VALID-2: also used for the extended warranty. */
  display: 'Display option must be selected',
  cableHook: 'Cable Hook option must be selected',
  offer: 'Offer option must be selected',
  monthlyPaymentTerms: 'You must accept the monthly payment terms to continue.',
  creditCheck: 'You must accept the credit check terms to continue.',
  goCardless: 'You must complete the GoCardless form to continue.',
  street: 'Street is required',
  city: 'City is required',
  postcode: 'Postcode is required',
  /** Ours (VALID-8): the spec-request cable step. */
  cable: 'Cable option must be selected',
  /** Ours (VALID-3): a UK phone number. */
  phone: 'Phone number must be a valid UK phone number',
  /** Ours (VALID-5): a UK postcode. */
  ukPostcode: 'Postcode must be a valid UK postcode',
  /** Ours (VALID-5): a real date of birth. */
  dobDate: 'Date of birth must be a valid date',
  /** Ours: a date of birth in the future or over 120 years ago is a slip of the keyboard. */
  dobReal: 'Enter a real date of birth',
  /** Ours: finance is for adults. */
  adult: 'You must be 18 or over to apply',
  /** Ours: no Direct Debit is set up to collect £0.00 a month. */
  nothingMonthly: 'Nothing on this order is paid monthly: choose pay in full or pay in 3',
} as const;
