import * as v from 'valibot';
import type { Catalogue } from './catalogue/schema';
import type { Configuration } from './configuration';
import { ConfigurationShape } from './configuration-shape';
import type { RequestProblem } from './schemas/problems';
import { checkRequest } from './schemas/problems';
import { CONTACT_FIELDS, EmailSchema, IdempotencyKeySchema, singleLine } from './schemas/fields';
import { InstallCheckAnswersSchema } from './install-check';
import { normaliseConfiguration } from './selection';

/**
 * The specification request the element sends to `mail-endpoint` (SPEC-5): ids, never
 * display text, so the relay recomputes every line. The same schema runs in the element before
 * sending and in the relay on receipt. Version 1.
 */
export const SPEC_REQUEST_VERSION = 1;

export const SpecRequestSchema = v.object({
  version: v.literal(SPEC_REQUEST_VERSION, `must be ${SPEC_REQUEST_VERSION}`),
  /** A retry or a reload resends the same key; the relay sends one message per key. */
  idempotencyKey: IdempotencyKeySchema,
  /** Step 01: the e-mail of the Mobilize order this configuration belongs to. */
  orderEmail: EmailSchema,
  /** Step 06: the customer's details, as on the order, checked as the form checks them. */
  customer: v.object(CONTACT_FIELDS),
  configuration: ConfigurationShape,
  /** Step 05's answers, when installation is included. */
  installCheck: v.optional(InstallCheckAnswersSchema),
  /**
   * The id the relay gave the accepted request this one replaces: the customer changed the
   * configuration or details after sending, and the mail says so.
   */
  amends: v.optional(
    singleLine(v.pipe(v.string('must be a string'), v.nonEmpty('must not be empty'), v.maxLength(200, 'must be at most 200 characters'))),
  ),
});

export type SpecRequest = v.InferOutput<typeof SpecRequestSchema>;

/** A field the request got wrong, as the handler names it. */
export type SpecRequestProblem = RequestProblem;

export type SpecRequestResult =
  | { ok: true; request: SpecRequest; configuration: Configuration }
  | { ok: false; problems: SpecRequestProblem[] };

/**
 * Validates a request against the schema and its configuration against the catalogue, then applies
 * the specification flow's selection rules (CHOICE-5), so what is mailed is what the flow allows.
 */
export function parseSpecRequest(catalogue: Catalogue, input: unknown): SpecRequestResult {
  const checked = checkRequest(catalogue, SpecRequestSchema, input);
  if (!checked.ok) return checked;
  return { ...checked, configuration: normaliseConfiguration(catalogue, checked.configuration, 'spec-request') };
}

/**
 * The wizard step at fault for a field, so the customer is taken back to it; null for the
 * colours, which are chosen on the configurator page.
 */
export function stepForField(field: string): 'email' | 'details' | 'cable' | 'installation' | 'extras' | 'installCheck' | null {
  if (field === 'orderEmail') return 'email';
  if (field.startsWith('customer')) return 'details';
  if (field.startsWith('installCheck')) return 'installCheck';
  if (field === 'amends') return null;
  const part = /^configuration\.(\w+)/.exec(field)?.[1];
  if (part === 'cable') return 'cable';
  if (part === 'installation') return 'installation';
  if (part === 'front' || part === 'body' || part === 'hookColour') return null;
  return 'extras';
}
