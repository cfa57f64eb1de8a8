/**
 * How a handler that prices an order (direct debit, quote) takes the partner discount: only from a
 * verification token the partner-discount handler signed, for the very address of the order, never
 * from a typed e-mail. The server decides; the domain only reads `verifiedPartner`.
 */
import type { Catalogue } from '../domain/catalogue/schema';
import type { PricingContext } from '../domain/order-items';
import { partnerDiscount } from '../domain/order-items';
import { partnerTokenId, verifyPartnerToken } from './partner-token';

/** The verification a discount was priced from: its id in a `PartnerTokenStore`, and when its token lapses (milliseconds). */
export interface PartnerVerification {
  id: string;
  expiresAt: number;
}

export type PartnerPricing = { ok: true; context: PricingContext; verification?: PartnerVerification } | { ok: false; message: string };

const AGAIN = 'enter your e-mail address again to be sent a new code';

/** Why a token bound to another order prices no discount here. */
export const PARTNER_TOKEN_USED = `This partner discount’s verification was already used for another order; ${AGAIN}.`;

/**
 * The pricing context for an order: a partner discount only when `token` is signed with `secret`,
 * has not lapsed, names `email` (when the order has one) and a partner discount the catalogue still
 * offers. Without a token or without a secret, no partner discount; a token that fails a check is
 * refused with a message the buyer can act on. A priced discount names its `verification`, which
 * the handler binds to the order (partner-token-store.ts) before using it.
 */
export async function partnerPricing(
  catalogue: Catalogue,
  { token, secret, email }: { token: string | undefined; secret: string | undefined; email: string | undefined },
  now: number,
): Promise<PartnerPricing> {
  if (token === undefined || secret === undefined) return { ok: true, context: { verifiedPartnerDiscounts: true } };
  const checked = await verifyPartnerToken(token, secret, now);
  if (!checked.ok) {
    const what = checked.reason === 'expired' ? 'The partner discount’s verification has expired' : 'The partner discount could not be verified';
    return { ok: false, message: `${what}; ${AGAIN}.` };
  }
  const { claims } = checked;
  if (email !== undefined && email.trim().toLowerCase() !== claims.email) {
    return { ok: false, message: `The partner discount was verified for another e-mail address; ${AGAIN}.` };
  }
  const context: PricingContext = { verifiedPartnerDiscounts: true, verifiedPartner: { discountId: claims.partnerId } };
  if (!partnerDiscount(catalogue, context)) return { ok: false, message: 'This partner discount is no longer offered.' };
  return { ok: true, context, verification: { id: await partnerTokenId(claims, secret), expiresAt: claims.exp * 1000 } };
}
