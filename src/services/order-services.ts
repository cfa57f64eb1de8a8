import type { ConfiguratorOptions } from './attribute-contract';
import type { CartComparison, CartFigures } from '../domain/cart-check';
import { deliveryAddress, monthlyPlanContext, webCheckoutAddress } from '../domain/cart';
import { cartTotalsDetail, compareCart, draftOrderFigures, shownFigures } from '../domain/cart-check';
import type { Catalogue, InstallationId } from '../domain/catalogue/schema';
import type { Configuration } from '../domain/configuration';
import type { DirectDebitStartAnswer } from '../domain/direct-debit';
import { GOCARDLESS_DROPIN_SRC, directDebitRequest } from '../domain/direct-debit';
import type { FormValues } from '../domain/forms';
import type { InstallationInfo } from '../domain/installation-info';
import { partnerContext } from '../domain/partner';
import type { TotalsDetail } from '../domain/pricing';
import type { DirectDebitErrorCode, DropinCallbacks, FlowCheckouts, StartKey } from './direct-debit';
import { draftOrderCheckout, loadDropin, openDropin, startMandateFlow } from './direct-debit';
import { sendLead } from './lead-capture';
import type { PartnerChallenges, StartOutcome, VerifyOutcome } from './partner-discount';
import { requestPartnerCode, verifyPartnerCode } from './partner-discount';
import type { ShopClient, ShopErrorCode } from './shop';
import { checkoutConfiguration, createProductDetailsLoader, createShopClient, installationDetails, ShopError, storefrontCartFigures } from './shop';
import { checkoutThemeCart } from './theme-cart';
import { themeRoot } from './theme-root';

/**
 * What the ordering wizard asks of the outside world (CART-7, LEAD-1, CART-1). `createOrderServices`
 * builds it from the element's attributes (shop client or theme cart, lead-capture endpoint) and the
 * UI reaches it through `UiOptions.order`; tests hand in fakes. Failures reject with an `OrderFailure`.
 */
export interface OrderServices {
  /** False without `shop-domain`/`storefront-token` (or `cart="theme"`): checkout is off, with a visible notice. */
  checkoutAvailable: boolean;
  /** CART-7: the installation variants' name, description and image; {} when the shop gave nothing. */
  installationDetails(): Promise<Partial<Record<InstallationId, InstallationInfo>>>;
  /** LEAD-1: the form values to `store-cart-endpoint` on each Continue with an e-mail; never rejects. */
  captureLead(configuration: Configuration, form: FormValues): Promise<void>;
  /**
   * CART-1, CART-3: the cart with every configured line, compared with what the wizard showed.
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
 * `sendCode` has the partner-discount handler e-mail a nine-digit code to the address; `verify`
 * checks the code the buyer typed under that start's challenge. Each answers an outcome to tell the
 * buyer, and never rejects.
 */
export interface PartnerDiscountServices {
  sendCode(email: string): Promise<StartOutcome>;
  verify(email: string, code: string): Promise<VerifyOutcome>;
  /** Whether a code sent to `email` (before a reload too) can still be entered. */
  pending(email: string): boolean;
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

/** The cart the shop built (or a monthly order's draft order), and how it compares with what the buyer was shown. */
export interface PlacedOrder {
  /** The cart's id, or the draft order's (what `evc-checkout` reports). */
  cartId: string;
  /** The cart to fill again next time; none for a draft order, which is made afresh for each mandate. */
  reusableCartId: string | null;
  checkoutUrl: string;
  comparison: CartComparison;
  /** The contract's `totals`, in the cart's figures. */
  totals: TotalsDetail;
}

/** The codes of the shop's (`ShopError`) and the direct-debit handler's (`DirectDebitError`) failures. */
export type OrderFailureCode = ShopErrorCode | DirectDebitErrorCode;

/** A failure to show the buyer: a sentence they can act on, and whether trying again may help. */
export interface OrderFailure {
  code: OrderFailureCode;
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

/** Every call to the shop, the theme cart and lead capture gives up after this. */
export const ORDER_CALL_TIMEOUT_MS = 15_000;

const FALLBACK_MESSAGE = 'Something went wrong with the shop. Please try again.';

/** The element's attributes the ordering services read, typed by the attribute table (ATTR-1). */
export type OrderSettings = Pick<
  ConfiguratorOptions,
  | 'cart'
  | 'shopDomain'
  | 'storefrontEndpoint'
  | 'storefrontToken'
  | 'apiVersion'
  | 'productId'
  | 'storeCartEndpoint'
  | 'directDebitEndpoint'
  | 'directDebitDropinSrc'
  | 'partnerEndpoint'
>;

export interface OrderServicesInput {
  options: OrderSettings;
  catalogue: Catalogue;
  /** The element's document: it gives the cookie, the page's URL and the drop-in's script. */
  document: Document;
  /** The direct-debit start's idempotency key; asked for once, with `direct-debit-endpoint` only. */
  directDebitKey(): StartKey;
  /** Where each mandate flow's order is paid, as its start answered; asked for once, with `direct-debit-endpoint` only. */
  flowCheckouts(): FlowCheckouts;
  /** The partner code's pending challenge; asked for once, with `partner-endpoint` only. */
  partnerChallenges(): PartnerChallenges;
  /** Fires `evc-checkout`; false when the host page cancelled it, and so the redirect. */
  announceCheckout(detail: Pick<PlacedOrder, 'cartId' | 'checkoutUrl' | 'totals'>): boolean;
  fetch?: typeof fetch | undefined;
  /** Leaves the page for the checkout; `location.assign` unless a test hands in a fake. */
  navigate?: ((url: string) => void) | undefined;
  timeoutMs?: number | undefined;
  /** Aborts calls in flight when the element leaves the page. */
  signal?: AbortSignal | undefined;
}

/** ATTR-5, CART-9: the Storefront cart needs a token and a domain or endpoint, the theme cart nothing. */
export function checkoutAvailable(options: Pick<OrderSettings, 'cart' | 'shopDomain' | 'storefrontEndpoint' | 'storefrontToken'>): boolean {
  if (options.cart === 'theme') return true;
  return Boolean((options.shopDomain || options.storefrontEndpoint) && options.storefrontToken);
}

/** The cart's checkout URL as a web address (domain/cart.ts), else a shop error the buyer is shown. */
function checkoutAddress(url: string, base: string): string {
  const address = webCheckoutAddress(url, base);
  if (address) return address;
  throw new ShopError('UNKNOWN_ERROR', `The cart's checkout URL is not an http(s) address: ${url.slice(0, 200)}`);
}

/** CART-10: the value of the cookie named `referral`, when the page has one. */
export function readReferralCookie(doc: Document): string | undefined {
  let cookies: string;
  try {
    cookies = doc.cookie;
  } catch {
    return undefined; // sandboxed documents throw on access
  }
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at === -1 || pair.slice(0, at).trim() !== 'referral') continue;
    const raw = pair.slice(at + 1).trim();
    try {
      return decodeURIComponent(raw) || undefined;
    } catch {
      return raw || undefined;
    }
  }
  return undefined;
}

function storefrontClient(
  options: OrderSettings,
  fetchImpl: typeof fetch | undefined,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): ShopClient | null {
  try {
    return createShopClient({
      storeDomain: options.shopDomain,
      storefrontEndpoint: options.storefrontEndpoint,
      apiVersion: options.apiVersion,
      publicAccessToken: options.storefrontToken,
      fetch: fetchImpl,
      timeoutMs,
      signal,
    });
  } catch {
    return null;
  }
}

/**
 * The ordering wizard's calls (CART-7, LEAD-1, CART-1) built from the element's attributes:
 * the Storefront cart or the theme cart, the product details and lead capture. Every failure
 * rejects with an `OrderFailure`; lead capture never fails.
 */
export function createOrderServices(input: OrderServicesInput): OrderServices {
  const { options, catalogue, signal, document: doc } = input;
  const view = doc.defaultView;
  const timeoutMs = input.timeoutMs ?? ORDER_CALL_TIMEOUT_MS;
  const navigate = input.navigate ?? ((url: string) => view?.location.assign(url));
  // The theme cart needs no Storefront access, but the product details (CART-7) use it when given.
  const client = checkoutAvailable({ ...options, cart: 'storefront' }) ? storefrontClient(options, input.fetch, timeoutMs, signal) : null;
  // A shop setting the client refuses switches checkout off, as a missing one does.
  const available = options.cart === 'theme' || client !== null;
  const productDetails = client ? createProductDetailsLoader(client) : null;

  /**
   * Failures reject as an `OrderFailure`; the wizard shows each one and reports it through
   * `UiOptions.reportError`, which fires `evc-error`, so it is not fired here a second time.
   */
  const fail = (error: unknown): OrderFailure => toOrderFailure(error, FALLBACK_MESSAGE);

  /** CART-10: the cookie's value is copied into the form; the form's own value stands otherwise. */
  const referralFor = (formReferral: string) => readReferralCookie(doc) ?? formReferral;

  /** With `partner-endpoint`, only a verified partner discount counts (domain/partner.ts). */
  const verifiedPartnerDiscounts = Boolean(options.partnerEndpoint);

  /**
   * The mandate flow from `direct-debit-endpoint`, GoCardless's drop-in on demand. Its
   * idempotency key is saved for the session, as the personal details it stands for are.
   */
  const flows = options.directDebitEndpoint ? input.flowCheckouts() : undefined;
  const startKey = options.directDebitEndpoint ? input.directDebitKey() : undefined;
  const directDebit = (endpoint: string, key: StartKey): DirectDebitServices => {
    return {
      async start(configuration, form) {
        let started: DirectDebitStartAnswer;
        try {
          started = await startMandateFlow(directDebitRequest(configuration, form), { endpoint, key, fetch: input.fetch, signal });
        } catch (error) {
          throw fail(error);
        }
        flows?.remember(started.flowId, started.checkout ?? 'cart');
        return started;
      },
      async open(flow, callbacks) {
        try {
          const api = await loadDropin(doc, options.directDebitDropinSrc ?? GOCARDLESS_DROPIN_SRC);
          return openDropin(api, flow, {
            onSuccess: callbacks.onSuccess,
            // The payer closed the flow (GoCardless may cancel it): the next Set up asks for a new one.
            onExit(error) {
              key.renew();
              callbacks.onExit(error);
            },
          });
        } catch (error) {
          throw fail(error);
        }
      },
    };
  };

  /** A monthly order whose handler makes a draft order: paid at its checkout, no cart (docs/decisions/monthly-plan-draft-order.md). */
  const draftOrderPath = (request: CheckoutRequest) =>
    request.configuration.paymentType === 'PAY_MONTHLY' && flows?.of(request.form.goCardlessFlowId) === 'draft-order';

  async function placeDraftOrder(request: CheckoutRequest): Promise<{ cartId: string; checkoutUrl: string; figures: CartFigures }> {
    const endpoint = new URL(options.directDebitEndpoint!, doc.baseURI).href;
    const answer = await draftOrderCheckout(directDebitRequest(request.configuration, request.form), request.form.goCardlessFlowId, {
      endpoint,
      fetch: input.fetch,
      signal,
    }).catch((error: unknown) => {
      // That flow is spent: the next set-up starts a new one rather than get it back.
      if ((error as { code?: unknown }).code === 'MANDATE_NOT_SET_UP') startKey?.renew();
      throw error;
    });
    return {
      cartId: answer.draftOrderId,
      checkoutUrl: checkoutAddress(answer.checkoutUrl, doc.baseURI),
      figures: draftOrderFigures(answer),
    };
  }

  async function placeOrder(request: CheckoutRequest): Promise<{ cartId: string; checkoutUrl: string; figures: CartFigures }> {
    if (draftOrderPath(request)) return placeDraftOrder(request);
    const { catalogue, configuration, form, cartId } = request;
    const referral = referralFor(form.referral);
    const monthly = configuration.paymentType === 'PAY_MONTHLY' ? monthlyPlanContext(form) : undefined;
    const context = partnerContext(form, verifiedPartnerDiscounts);
    if (options.cart === 'theme') {
      const result = await checkoutThemeCart(
        { ...context, catalogue, configuration, email: form.email, referral, monthly, sellingPlans: request.sellingPlans },
        { root: themeRoot(view), fetch: input.fetch, timeoutMs, signal },
      );
      return { cartId: result.cartId, checkoutUrl: checkoutAddress(result.checkoutUrl, doc.baseURI), figures: result.figures };
    }
    if (!client) {
      throw new ShopError('CONFIGURATION', 'Shop configuration: shop-domain (or storefront-endpoint) and storefront-token are required for checkout.');
    }
    // checkoutUrlWithFd (CART-2 `_fd=0`) is applied by the shop client to every cart it returns.
    const result = await checkoutConfiguration(client, {
      ...context,
      catalogue,
      configuration,
      email: form.email,
      phone: form.tel,
      referral,
      existingCartId: cartId,
      flow: 'order',
      monthly,
      sellingPlans: request.sellingPlans,
      deliveryAddress: deliveryAddress(configuration, form),
    });
    return {
      cartId: result.cartId,
      checkoutUrl: checkoutAddress(result.checkoutUrl, doc.baseURI),
      figures: storefrontCartFigures(result.cart, result.warnings, monthly !== undefined),
    };
  }

  const partnerDiscount = (endpoint: string, challenges: PartnerChallenges): PartnerDiscountServices => {
    const call = { endpoint, fetch: input.fetch, timeoutMs, signal };
    return {
      async sendCode(email) {
        const outcome = await requestPartnerCode(email, call);
        if (outcome.ok) challenges.remember(email, outcome.challenge, Date.now() + outcome.expiresInSeconds * 1000);
        return outcome;
      },
      async verify(email, code) {
        const outcome = await verifyPartnerCode(email, challenges.of(email, Date.now()), code, call);
        // Verified, or only a new code helps: this challenge is done with.
        if (outcome.ok || outcome.next === 'new-code') challenges.forget();
        return outcome;
      },
      pending: (email) => challenges.of(email, Date.now()) !== undefined,
    };
  };

  return {
    checkoutAvailable: available,
    directDebit: options.directDebitEndpoint && startKey ? directDebit(options.directDebitEndpoint, startKey) : undefined,
    partnerDiscount: options.partnerEndpoint ? partnerDiscount(options.partnerEndpoint, input.partnerChallenges()) : undefined,

    async installationDetails() {
      if (!client || !productDetails) return {};
      try {
        const details = await productDetails.load(options.productId ?? catalogue.installationProductId ?? catalogue.baseProduct.productId);
        return installationDetails(catalogue.installations, details);
      } catch (error) {
        throw fail(error);
      }
    },

    async captureLead(configuration, form) {
      // LEAD-1: sent only when the e-mail is filled in, and only where the page asks for it.
      if (!options.storeCartEndpoint || !form.email.trim()) return;
      await sendLead(
        { catalogue, configuration, form, referral: readReferralCookie(doc), verifiedPartnerDiscounts },
        { endpoint: options.storeCartEndpoint, fetch: input.fetch, timeoutMs, signal },
      );
    },

    async checkout(request): Promise<PlacedOrder> {
      let placed: Awaited<ReturnType<typeof placeOrder>>;
      try {
        placed = await placeOrder(request);
      } catch (error) {
        throw fail(error);
      }
      const figures = shownFigures(request.catalogue, request.configuration, partnerContext(request.form, verifiedPartnerDiscounts));
      // A draft order takes a verified partner discount off by its token, not by a code on a cart.
      const shown = draftOrderPath(request) ? { ...figures, discountCode: undefined } : figures;
      return {
        cartId: placed.cartId,
        reusableCartId: draftOrderPath(request) ? null : placed.cartId,
        checkoutUrl: placed.checkoutUrl,
        comparison: compareCart(shown, placed.figures),
        totals: cartTotalsDetail(placed.figures, request.totals),
      };
    },

    proceed({ cartId, checkoutUrl, totals }) {
      // EVENT-4: the host page may cancel the redirect with preventDefault().
      const proceed = input.announceCheckout({ cartId, checkoutUrl, totals });
      if (proceed) navigate(checkoutUrl);
      return proceed;
    },
  };
}
