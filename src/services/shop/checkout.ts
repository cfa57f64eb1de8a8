import type { Catalogue } from '../../domain/catalogue/schema';
import type { CartSelectableAddressInput, MonthlyPlanContext } from '../../domain/cart';
import { buyerIdentity, cartAttributes, cartLines, discountCodes } from '../../domain/cart';
import type { Configuration } from '../../domain/configuration';
import type { PartnerContext } from '../../domain/partner';
import type { Flow } from '../../domain/wizard/steps';
import type { CartResult, ShopClient } from './client';
import { ShopError } from './errors';
import type { Cart, CartBuyerIdentityInput, CartInput } from './types';

/** The partner context (domain/partner.ts) prices the order and picks its discount code. */
export interface CheckoutInput extends PartnerContext {
  catalogue: Catalogue;
  configuration: Configuration;
  email: string;
  phone?: string | undefined;
  /** CART-10: the value of the "referral" cookie, as copied into the form. */
  referral?: string | undefined;
  /** A cart made earlier (on load, or by an earlier checkout); reused while the shop still has it. */
  existingCartId?: string | null | undefined;
  flow?: Flow;
  /** The monthly plan's mandate and finance answers. */
  monthly?: MonthlyPlanContext | undefined;
  /** The monthly plan's selling plan per variant, as the shop offers it. */
  sellingPlans?: Readonly<Record<string, string>> | undefined;
  /** PAY-4: the buyer's address (domain `deliveryAddress`), so the checkout opens with it. */
  deliveryAddress?: CartSelectableAddressInput | undefined;
}

export interface CheckoutResult {
  cartId: string;
  /** With `_fd=0` (CART-2). */
  checkoutUrl: string;
  cart: Cart;
  /** CART-4 warnings (stock, gift cards) the buyer should hear about before paying. */
  warnings: ShopError[];
}

const isCartGone = (error: unknown) => error instanceof ShopError && error.code === 'CART_NOT_FOUND';

const sameCode = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The ordering flow's checkout: one cart holding every configured line, the cart
 * attributes, the buyer's identity, the buyer's delivery address when one was given and the
 * partner discount's code when the order has one (the verified single-use code with `partner-endpoint`).
 * An existing cart keeps its id and has its lines replaced (CART-1); an expired or unknown one is
 * replaced by a new cart, never reported as an error.
 */
export async function checkoutConfiguration(client: ShopClient, input: CheckoutInput): Promise<CheckoutResult> {
  const { catalogue, configuration, email } = input;
  const lines = cartLines(catalogue, configuration, input, input.sellingPlans);
  const attributes = cartAttributes(catalogue, configuration, { ...input, flow: input.flow ?? 'order' });
  const identity: CartBuyerIdentityInput | undefined = email.trim()
    ? buyerIdentity({ email, phone: input.phone })
    : undefined;
  const codes = discountCodes(catalogue, input);
  const addresses = input.deliveryAddress ? [input.deliveryAddress] : [];

  if (input.existingCartId) {
    const reused = await refillCart(client, input.existingCartId, { lines, attributes, identity, addresses, codes, catalogue });
    if (reused) return toResult(reused);
  }
  const created = await client.createCart({
    lines,
    attributes,
    ...(identity ? { buyerIdentity: identity } : {}),
    ...(addresses.length > 0 ? { delivery: { addresses } } : {}),
    ...(codes.length > 0 ? { discountCodes: codes } : {}),
  });
  return toResult(created);
}

interface Refill {
  lines: NonNullable<CartInput['lines']>;
  attributes: NonNullable<CartInput['attributes']>;
  identity: CartBuyerIdentityInput | undefined;
  addresses: CartSelectableAddressInput[];
  codes: string[];
  catalogue: Catalogue;
}

/** The existing cart brought up to date, or null when the shop no longer has it. */
async function refillCart(client: ShopClient, cartId: string, refill: Refill): Promise<CartResult | null> {
  const warnings: ShopError[] = [];
  let result: CartResult;
  try {
    result = await client.replaceLines(cartId, refill.lines);
  } catch (error) {
    if (isCartGone(error)) return null;
    throw error;
  }
  warnings.push(...result.warnings);
  result = await client.updateCartAttributes(cartId, refill.attributes);
  warnings.push(...result.warnings);
  if (refill.identity) {
    result = await client.updateBuyerIdentity(cartId, refill.identity);
    warnings.push(...result.warnings);
  }
  // An address given for an earlier monthly checkout must not outlive the plan.
  if (refill.addresses.length > 0 || result.cart.delivery.addresses.length > 0) {
    result = await client.replaceDeliveryAddresses(cartId, refill.addresses);
    warnings.push(...result.warnings);
  }
  // A partner code from an earlier e-mail must not outlive it; codes the buyer added elsewhere stay.
  const stale = refill.catalogue.discounts
    .flatMap((discount) => (discount.code ? [discount.code] : []))
    .filter((code) => !refill.codes.some((wanted) => sameCode(wanted, code)));
  const hasStale = result.cart.discountCodes.some((discount) => stale.some((code) => sameCode(code, discount.code)));
  if (refill.codes.length > 0 || hasStale) {
    result = await client.addDiscountCodes(cartId, refill.codes, { remove: stale });
    warnings.push(...result.warnings);
  }
  return { cart: result.cart, warnings };
}

const toResult = ({ cart, warnings }: CartResult): CheckoutResult => ({
  cartId: cart.id,
  checkoutUrl: cart.checkoutUrl,
  cart,
  warnings,
});
