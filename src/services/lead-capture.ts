import type { Catalogue } from '../domain/catalogue/schema';
import type { Configuration } from '../domain/configuration';
import type { FormValues } from '../domain/forms';
import { specFormValues } from '../domain/spec-form';

/** How long a lead may take before it is given up: it must never hold the buyer back. */
export const LEAD_TIMEOUT_MS = 15_000;

export interface LeadInput {
  catalogue: Catalogue;
  configuration: Configuration;
  form: FormValues;
  /** CART-10: the value of the `referral` cookie, when the page has one. */
  referral?: string | undefined;
  /** With `partner-endpoint`: the discount is the verified partner's, never the e-mail's alone. */
  verifiedPartnerDiscounts?: boolean | undefined;
}

export interface LeadCaptureOptions {
  /** `store-cart-endpoint`. */
  endpoint: string;
  fetch?: typeof fetch | undefined;
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
}

/** What became of a lead; nobody has to look, as the response is ignored (LEAD-1). */
export type LeadOutcome = { sent: true } | { sent: false; reason: string };

/**
 * LEAD-1: the whole form values object (without the date of birth, SAVE-1
 * "Personal data") as JSON to `store-cart-endpoint`, after the `referral` cookie's value is
 * copied into it (CART-10). Its failure never blocks the buyer, so this never rejects.
 */
export async function sendLead(input: LeadInput, options: LeadCaptureOptions): Promise<LeadOutcome> {
  const referral = input.referral?.trim();
  const form = referral ? { ...input.form, referral } : input.form;
  const timeoutMs = options.timeoutMs ?? LEAD_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const body = JSON.stringify(specFormValues(input.catalogue, input.configuration, form, input.verifiedPartnerDiscounts));
    const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    const response = await fetchImpl(options.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      signal,
    });
    return response.ok ? { sent: true } : { sent: false, reason: `status ${response.status}` };
  } catch (error) {
    return { sent: false, reason: timeout.aborted ? `timeout of ${timeoutMs}ms exceeded` : String((error as Error)?.message ?? error) };
  }
}
