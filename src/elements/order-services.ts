import type { Catalogue } from '../domain/catalogue/schema';
import { deliveryAddress, monthlyPlanContext, webCheckoutAddress } from '../domain/cart';
import type { CartFigures } from '../domain/cart-check';
import { cartTotalsDetail, compareCart, shownFigures } from '../domain/cart-check';
import { GOCARDLESS_DROPIN_SRC, directDebitRequest } from '../domain/direct-debit';
import { partnerContext } from '../domain/partner';
import { loadDropin, openDropin, startMandateFlow } from '../services/direct-debit';
import { sendLead } from '../services/lead-capture';
import { requestPartnerCode, verifyPartnerCode } from '../services/partner-discount';
import type { ShopClient } from '../services/shop';
import { checkoutConfiguration, createProductDetailsLoader, createShopClient, installationDetails, ShopError, storefrontCartFigures } from '../services/shop';
import { checkoutThemeCart } from '../services/theme-cart';
import { themeRoot } from '../services/theme-root';
import { directDebitKey } from '../stores/direct-debit-key';
import type { CheckoutRequest, DirectDebitServices, OrderFailure, OrderServices, PartnerDiscountServices, PlacedOrder } from '../ui/order-services';
import { toOrderFailure } from '../ui/order-services';
import type { ConfiguratorOptions } from './attributes';
import { emit } from './events';
import { storageFor, storageKeyFor } from './saved-state';

/** Every call to the shop, the theme cart and lead capture gives up after this. */
export const ORDER_CALL_TIMEOUT_MS = 15_000;

const FALLBACK_MESSAGE = 'Something went wrong with the shop. Please try again.';

export interface OrderServicesInput {
  /** The element: events are fired from it and its document gives the cookie and the page URL. */
  host: HTMLElement;
  options: ConfiguratorOptions;
  catalogue: Catalogue;
  fetch?: typeof fetch | undefined;
  /** Leaves the page for the checkout; `location.assign` unless a test hands in a fake. */
  navigate?: ((url: string) => void) | undefined;
  timeoutMs?: number | undefined;
  /** Aborts calls in flight when the element leaves the page. */
  signal?: AbortSignal | undefined;
}

/** DESIGN `shop-domain`: the Storefront cart needs a token and a domain or endpoint, the theme cart nothing. */
export function checkoutAvailable(options: Pick<ConfiguratorOptions, 'cart' | 'shopDomain' | 'storefrontEndpoint' | 'storefrontToken'>): boolean {
  if (options.cart === 'theme') return true;
  return Boolean((options.shopDomain || options.storefrontEndpoint) && options.storefrontToken);
}

/** The cart's checkout URL as a web address (domain/cart.ts), else a shop error the buyer is shown. */
function checkoutAddress(url: string, base: string): string {
  const address = webCheckoutAddress(url, base);
  if (address) return address;
  throw new ShopError('UNKNOWN_ERROR', `The cart's checkout URL is not an http(s) address: ${url.slice(0, 200)}`);
}

/** Spec §6: the value of the cookie named `referral`, when the page has one. */
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
  options: ConfiguratorOptions,
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
 * The ordering wizard's calls (spec §7 calls 1, 2, 3, 5) built from the element's attributes:
 * the Storefront cart or the theme cart, the product details and lead capture. Every failure
 * rejects with an `OrderFailure`; lead capture never fails.
 */
export function createOrderServices(input: OrderServicesInput): OrderServices {
  const { host, options, catalogue, signal } = input;
  const doc = host.ownerDocument;
  const view = doc.defaultView;
  const timeoutMs = input.timeoutMs ?? ORDER_CALL_TIMEOUT_MS;
  const navigate = input.navigate ?? ((url: string) => view?.location.assign(url));
  // The theme cart needs no Storefront access, but the product details (spec §7.1) use it when given.
  const client = checkoutAvailable({ ...options, cart: 'storefront' }) ? storefrontClient(options, input.fetch, timeoutMs, signal) : null;
  // A shop setting the client refuses switches checkout off, as a missing one does.
  const available = options.cart === 'theme' || client !== null;
  const productDetails = client ? createProductDetailsLoader(client) : null;

  /**
   * Failures reject as an `OrderFailure`; the wizard shows each one and reports it through
   * `UiOptions.reportError`, which fires `evc-error`, so it is not fired here a second time.
   */
  const fail = (error: unknown): OrderFailure => toOrderFailure(error, FALLBACK_MESSAGE);

  /** Spec §6: the cookie's value is copied into the form; the form's own value stands otherwise. */
  const referralFor = (formReferral: string) => readReferralCookie(doc) ?? formReferral;

  /** With `partner-endpoint`, only a verified partner discount counts (domain/partner.ts). */
  const verifiedPartnerDiscounts = Boolean(options.partnerEndpoint);

  /**
   * The mandate flow from `direct-debit-endpoint`, GoCardless's drop-in on demand. Its
   * idempotency key is saved for the session, as the personal details it stands for are.
   */
  const directDebit = (endpoint: string): DirectDebitServices => {
    const key = directDebitKey(storageFor(view, options.persist).personal, storageKeyFor(host, options.mode));
    return {
      async start(configuration, form) {
        try {
          return await startMandateFlow(directDebitRequest(configuration, form), { endpoint, key, fetch: input.fetch, signal });
        } catch (error) {
          throw fail(error);
        }
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

  async function placeOrder(request: CheckoutRequest): Promise<{ cartId: string; checkoutUrl: string; figures: CartFigures }> {
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
    // checkoutUrlWithFd (spec §7.5 `_fd=0`) is applied by the shop client to every cart it returns.
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

  const partnerDiscount = (endpoint: string): PartnerDiscountServices => {
    const call = { endpoint, fetch: input.fetch, timeoutMs, signal };
    return {
      sendCode: (email) => requestPartnerCode(email, call),
      verify: (email, code) => verifyPartnerCode(email, code, call),
    };
  };

  return {
    checkoutAvailable: available,
    directDebit: options.directDebitEndpoint ? directDebit(options.directDebitEndpoint) : undefined,
    partnerDiscount: options.partnerEndpoint ? partnerDiscount(options.partnerEndpoint) : undefined,

    async installationDetails() {
      if (!client || !productDetails) return {};
      try {
        const details = await productDetails.load(options.productId ?? catalogue.baseProduct.productId);
        return installationDetails(catalogue.installations, details);
      } catch (error) {
        throw fail(error);
      }
    },

    async captureLead(configuration, form) {
      // Spec §7.2: sent only when the e-mail is filled in, and only where the page asks for it.
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
      const shown = shownFigures(request.catalogue, request.configuration, partnerContext(request.form, verifiedPartnerDiscounts));
      return {
        cartId: placed.cartId,
        checkoutUrl: placed.checkoutUrl,
        comparison: compareCart(shown, placed.figures),
        totals: cartTotalsDetail(placed.figures, request.totals),
      };
    },

    proceed({ cartId, checkoutUrl, totals }) {
      // DESIGN `evc-checkout`: the host page may cancel the redirect with preventDefault().
      const proceed = emit(host, 'evc-checkout', { cartId, checkoutUrl, totals }, { cancelable: true });
      if (proceed) navigate(checkoutUrl);
      return proceed;
    },
  };
}
