export { FIELD_LABELS, MESSAGES, invalidEmailMessage, requiredMessage, tooLongMessage } from './messages';
export type { LabelledField } from './messages';
export { adultBirthDateRange, isAdultOn, isEmailAddress, isIsoCalendarDate, isPlausibleBirthDate, isUkPhoneNumber, isUkPostcode, isoDateOf } from './formats';
export { FIELD_MAX_LENGTHS } from './limits';
export type { LimitedField } from './limits';
export { EmailSchema, PhoneSchema, UkPostcodeSchema, dateOfBirthSchema } from './fields';
export {
  ContactStepSchema,
  DirectDebitStepSchema,
  ExtrasStepSchema,
  HookStepSchema,
  InstallationStepSchema,
  OfferStepSchema,
  PaymentStepSchema,
  financeStepSchema,
} from './ordering';
export { CableStepSchema, EmailStepSchema } from './spec-request';
export { AddressSchema } from './address';
export type { StepValues } from './step-values';
export { stepValues } from './step-values';
export type { ValidationContext, ValidationResult } from './validate';
export { validateStep, validateValues } from './validate';
