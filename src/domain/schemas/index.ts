export { FIELD_LABELS, MESSAGES, invalidEmailMessage, requiredMessage } from './messages';
export type { LabelledField } from './messages';
export { isAdultOn, isIsoCalendarDate, isUkPhoneNumber, isUkPostcode, isoDateOf } from './formats';
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
