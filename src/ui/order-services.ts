import type { Catalogue } from '../domain/catalogue/schema';
import type { CartComparison } from '../domain/cart-check';
import type { Configuration } from '../domain/configuration';
import type { FormValues } from '../domain/forms';
import type { TotalsDetail } from '../domain/pricing';
import type { InstallationInfo } from '../stores/configurator-store';
import type { InstallationId } from '../domain/catalogue/schema';
import type { DirectDebitStartAnswer } from '../domain/direct-debit';
import type { DropinCallbacks } from '../services/direct-debit';
import type { StartOutcome, VerifyOutcome } from '../services/partner-discount';

/**
 * What the ordering wizard asks of the outside world (spec §7 calls 1, 2, 3, 5). The element builds
 * it from its attributes (shop client or theme cart, lead-capture endpoint) and hands it to the UI
 * through `UiOptions.order`; tests hand in fakes. Failures reject with an `OrderFailure`.
 */
export interface OrderServices {
  /** False without `shop-domain`/`storefront-token` (or `cart="theme"`): checkout is off, with a visible notice. */
  checkoutAvailable: boolean;
  /** Spec §7.1: the installation variants' name, description and image; {} when the shop gave nothing. */
  installationDetails(): Promise<Partial<Record<InstallationId, InstallationInfo>>>;
  /** Spec §7.2: the form values to `store-cart-endpoint` on each Continue with an e-mail; never rejects. */
  captureLead(configuration: Configuration, form: FormValues): Promise<void>;
  /**
   * Spec §7.3/§7.5: the cart with every configured line, compared with what the wizard showed.
   * Nothing leaves the page yet: `proceed` does that.
   */
  checkout(request: CheckoutRequest): Promise<PlacedOrder>;
  /**
   * Fires `evc-checkout` with the cart's figures, then goes to the checkout; false when the host
   * page cancelled the event.
   */
  proceed(order: PlacedOrder): boolean;
  /** The monthly plan's mandate; absent without `direct-debit-endpoint`. */
  directDebit?: DirectDebitServices | undefined;
  /** The partner discount's one-time code; absent without `partner-endpoint`. */
  partnerDiscount?: PartnerDiscountServices | undefined;
}

/**
 * `sendCode` has the partner-discount handler e-mail a six-digit code to the address; `verify`
 * checks the code the buyer typed. Each answers an outcome to tell the buyer, and never rejects.
 */
export interface PartnerDiscountServices {
  sendCode(email: string): Promise<StartOutcome>;
  verify(email: string, code: string): Promise<VerifyOutcome>;
}

/**
 * `start` asks `direct-debit-endpoint` for a GoCardless Billing Request Flow; `open`
 * loads GoCardless's drop-in (on this step only) and opens it on that flow. Both reject with an
 * `OrderFailure` (with the refused field when the handler named one).
 */
export interface DirectDebitServices {
  start(configuration: Configuration, form: FormValues): Promise<DirectDebitStartAnswer>;
  open(flow: DirectDebitStartAnswer, callbacks: DropinCallbacks): Promise<{ exit(): void }>;
}

export interface CheckoutRequest {
  /** The catalogue as priced on screen (the shop's prices where it gave them). */
  catalogue: Catalogue;
  configuration: Configuration;
  form: FormValues;
  totals: TotalsDetail;
  /** The cart made before (kept with the saved choices); replaced when it has expired. */
  cartId: string | null;
  /** The monthly plan's selling plan per variant, as the shop offers it. */
  sellingPlans: Readonly<Record<string, string>>;
}

/** The cart the shop built, and how it compares with what the buyer was shown. */
export interface PlacedOrder {
  cartId: string;
  checkoutUrl: string;
  comparison: CartComparison;
  /** The contract's `totals`, in the cart's figures. */
  totals: TotalsDetail;
}

/** A failure to show the buyer: a sentence they can act on, and whether trying again may help. */
export interface OrderFailure {
  code: string;
  buyerMessage: string;
  retryable: boolean;
  /** The request field a handler refused (dot path, e.g. `finance.primaryPostcode`), when it named one. */
  field?: string | undefined;
}

export function toOrderFailure(error: unknown, fallback: string): OrderFailure {
  const known = error as Partial<OrderFailure> | null;
  if (known && typeof known.buyerMessage === 'string' && typeof known.code === 'string') {
    const failure: OrderFailure = { code: known.code, buyerMessage: known.buyerMessage, retryable: known.retryable ?? true };
    if (typeof known.field === 'string') failure.field = known.field;
    return failure;
  }
  return { code: 'UNKNOWN_ERROR', buyerMessage: fallback, retryable: true };
}
