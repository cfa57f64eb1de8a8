import type { FormValues } from './forms';
import type { Pence } from './money';
import type { PricingContext } from './order-items';

/**
 * A partner discount verified with a one-time code sent to the buyer's e-mail (`partner-endpoint`):
 * what the handler's `/verify` answered, kept for the address the code went to.
 */
export interface VerifiedPartner {
  /** The address the code went to: another e-mail drops the verification. */
  email: string;
  /** The catalogue discount's id (the handler's `partnerId`). */
  discountId: string;
  /** The single-use shop code made for this buyer: the one code the cart gets. */
  discountCode: string;
  /** The handler's signed token: the direct-debit and quote handlers price the discount from it. */
  token: string;
  amount: Pence;
  /** ISO date-time after which the verification no longer counts. */
  expiresAt: string;
}

/** What an order is priced and put in the cart with: the e-mail and, with verification on, the verified partner. */
export interface PartnerContext extends PricingContext {
  verifiedPartner?: VerifiedPartner | undefined;
}

/** The context of the buyer's answers; `verifiedPartnerDiscounts` is true with `partner-endpoint`. */
export const partnerContext = (form: Pick<FormValues, 'email' | 'verifiedPartner'>, verifiedPartnerDiscounts: boolean): PartnerContext => ({
  email: form.email,
  verifiedPartnerDiscounts,
  verifiedPartner: form.verifiedPartner,
});

/** Whether a verification still counts at `now`: one past its expiry is dropped. */
export const verificationCurrent = (verified: Pick<VerifiedPartner, 'expiresAt'>, now: number): boolean => Date.parse(verified.expiresAt) > now;
