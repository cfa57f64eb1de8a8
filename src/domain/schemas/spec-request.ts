import { EmailSchema, chosen, formObject } from './fields';
import { MESSAGES } from './messages';

/**
 * VALID-8: the e-mail-only form, spec-request step 01, requires a valid e-mail: the order's, kept
 * apart from step 06's contact e-mail. Steps 03, 04 and 06 reuse the ordering flow's installation,
 * extras and contact schemas.
 */
export const EmailStepSchema = formObject({ orderEmail: EmailSchema });

/** Spec-request step 02 "Select Power & Cable Length": a cable chosen. */
export const CableStepSchema = formObject({ cable: chosen(MESSAGES.cable) });
