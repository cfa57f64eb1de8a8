import * as v from 'valibot';
import type { StepName } from '../wizard';
import {
  ContactStepSchema,
  DirectDebitStepSchema,
  ExtrasStepSchema,
  HookStepSchema,
  InstallationStepSchema,
  OfferStepSchema,
  PaymentStepSchema,
  financeStepSchema,
} from './ordering';
import { CableStepSchema, EmailStepSchema } from './spec-request';
import type { StepValues } from './step-values';

export interface ValidationResult {
  valid: boolean;
  /** The first message for each field that has one, by field name, to show under that field. */
  errors: Record<string, string>;
}

/** What a check needs beyond the values: the buyer's today for the age check. */
export interface ValidationContext {
  today: Date;
}

/** Each step id of domain/wizard/steps.ts with its schema: a step without one does not compile. */
export type StepSchemas = Record<StepName, (context: ValidationContext) => v.GenericSchema | undefined>;

/**
 * Each wizard step's schema; the two flows share the ids cable, installation and extras, and
 * their rules. Steps 2 and 3 of the ordering flow are options and extras (STEP-6, STEP-7), both checked
 * with the extras rule (VALID-2); spec-request step 06 asks for the contact details. The summary,
 * installation check and submission steps have no rules.
 */
const STEP_SCHEMAS: StepSchemas = {
  cable: () => CableStepSchema,
  installation: () => InstallationStepSchema,
  options: () => ExtrasStepSchema,
  extras: () => ExtrasStepSchema,
  hook: () => HookStepSchema,
  summary: () => undefined,
  payment: () => PaymentStepSchema,
  contact: () => ContactStepSchema,
  offer: () => OfferStepSchema,
  finance: ({ today }) => financeStepSchema(today),
  directDebit: () => DirectDebitStepSchema,
  email: () => EmailStepSchema,
  installCheck: () => undefined,
  details: () => ContactStepSchema,
  submission: () => undefined,
};

/** Checks `values` against any schema, keeping the first message per top-level field. */
export function validateValues(schema: v.GenericSchema, values: unknown): ValidationResult {
  const result = v.safeParse(schema, values);
  if (result.success) return { valid: true, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const field = String(issue.path?.[0]?.key ?? '');
    errors[field] ??= issue.message;
  }
  return { valid: false, errors };
}

/** MOVE-9, VALID-1..8: whether a step's form is valid (Continue is disabled while not), and its messages. */
export function validateStep(step: StepName, values: StepValues, context: ValidationContext): ValidationResult {
  const schema = STEP_SCHEMAS[step](context);
  return schema ? validateValues(schema, values) : { valid: true, errors: {} };
}
