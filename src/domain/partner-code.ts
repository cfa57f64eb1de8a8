import type { Catalogue } from './catalogue/schema';
import { partnerDiscount } from './order-items';
import type { PartnerContext } from './partner';

/**
 * The shop code for the order's partner discount: with verification on, the verified single-use
 * code, never a shared one; otherwise the catalogue's code for the e-mail's domain, when the
 * merchant put one there (DISC-3).
 */
export function partnerDiscountCode(catalogue: Catalogue, context: PartnerContext): string | undefined {
  const discount = partnerDiscount(catalogue, context);
  if (!discount) return undefined;
  return context.verifiedPartnerDiscounts ? context.verifiedPartner?.discountCode : discount.code;
}
