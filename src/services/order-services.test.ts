import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHARED_CODES_CATALOGUE } from '../domain/catalogue/shared-codes.fixture';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import type { Configuration } from '../domain/configuration';
import { defaultConfiguration } from '../domain/configuration';
import { defaultFormValues } from '../domain/forms';
import type { VerifiedPartner } from '../domain/partner';
import type { TotalsDetail } from '../domain/pricing';
import { cartLines } from '../domain/cart';
import { byOperation, cartFixture, codeAllocation, gbp, jsonResponse, lineFixture, linePage, payload, recordingFetch } from './shop/shop.fixture';
import type { OrderSettings, PlacedOrder } from './order-services';
import { checkoutAvailable, createOrderServices, readReferralCookie } from './order-services';
import type { FlowCheckouts } from './direct-debit';
import type { PartnerChallenges } from './partner-discount';

const BASE: OrderSettings = { cart: 'storefront', apiVersion: '2026-04' };
const STOREFRONT: OrderSettings = {
  ...BASE,
  storefrontEndpoint: 'http://127.0.0.1:5173/api/2026-04/graphql.json',
  storefrontToken: 'demo-storefront-token',
  productId: 'gid://shopify/Product/46100000011',
  storeCartEndpoint: 'http://127.0.0.1:5173/api/store-cart',
};
const CONFIGURATION: Configuration = { ...defaultConfiguration(UK_CATALOGUE), paymentType: 'PAY_NOW' };
const FORM = { ...defaultFormValues(), 'first-name': 'Sam', 'last-name': 'Lee', email: 'sam@partner-one.example', tel: '07700 900123' };
const TOTALS: TotalsDetail = { currency: 'GBP', total: 999, lines: [{ name: 'Charge Point', amount: 999 }] };
const CHECKOUT_URL = 'http://127.0.0.1:5173/demo-checkout/abc?key=1';
/** DISC-3, without `partner-endpoint`: a merchant catalogue with shared codes, the discount by e-mail domain. */
const REQUEST = { catalogue: SHARED_CODES_CATALOGUE, configuration: CONFIGURATION, form: FORM, totals: TOTALS, cartId: null, sellingPlans: {} };
const PARTNER_ENDPOINT = 'http://127.0.0.1:5173/api/partner-discount';
const VERIFIED: VerifiedPartner = { email: FORM.email, discountId: 'partner', discountCode: 'PX-7Q2M9', token: 'signed.token', amount: 10000, expiresAt: '2030-01-01T00:00:00Z' };

/** The services, with each `evc-checkout` they announce recorded; `checkoutCancelled` is the host page's answer. */
/** Flows as their starts answered, in memory. */
function memoryFlows(): FlowCheckouts {
  const known = new Map<string, 'draft-order' | 'cart'>();
  return { remember: (flowId, checkout) => void known.set(flowId, checkout), of: (flowId) => known.get(flowId) ?? 'cart' };
}

/** A challenge kept as the page's session keeps it: services made again over the same one stand for a reload. */
function memoryChallenges(): PartnerChallenges {
  let saved: { email: string; challenge: string; expiresAt: number } | undefined;
  return {
    remember: (email, challenge, expiresAt) => void (saved = { email, challenge, expiresAt }),
    of: (email, now) => (saved?.email === email && saved.expiresAt > now ? saved.challenge : undefined),
    forget: () => void (saved = undefined),
  };
}

function setup(options: OrderSettings, fetch: typeof globalThis.fetch, checkoutCancelled = false, flows: FlowCheckouts = memoryFlows(), challenges = memoryChallenges()) {
  const navigate = vi.fn<(url: string) => void>();
  const checkouts: Pick<PlacedOrder, 'cartId' | 'checkoutUrl' | 'totals'>[] = [];
  const announceCheckout = (detail: Pick<PlacedOrder, 'cartId' | 'checkoutUrl' | 'totals'>) => {
    checkouts.push(detail);
    return !checkoutCancelled;
  };
  const directDebitKey = () => ({ keyFor: () => 'key-0123456789abcdef', renew() {} });
  const services = createOrderServices({ options, catalogue: UK_CATALOGUE, document, directDebitKey, flowCheckouts: () => flows, partnerChallenges: () => challenges, announceCheckout, fetch, navigate, timeoutMs: 1000 });
  return { services, navigate, checkouts };
}

/** The cart the shop builds for CONFIGURATION with the partner code (`code`, none for null) applied: the default £599.00, less £100.00. */
const pricedCart = (overrides: { charger?: string; applicable?: boolean; code?: string | null } = {}) => {
  const charger = overrides.charger ?? '599.0';
  const code = overrides.code === undefined ? 'PARTNER100' : overrides.code;
  const applicable = code !== null && (overrides.applicable ?? true);
  const variants = cartLines(UK_CATALOGUE, CONFIGURATION).map((line) => line.merchandiseId);
  const lines = variants.map((variantId, index) => {
    const amount = variantId === UK_CATALOGUE.baseProduct.variantId ? charger : '0.0';
    return lineFixture(`line-${index}`, variantId, {
      cost: { totalAmount: gbp(amount), subtotalAmount: gbp(amount), amountPerQuantity: gbp(amount), compareAtAmountPerQuantity: null },
    });
  });
  const subtotal = Number(charger);
  const total = applicable ? subtotal - 100 : subtotal;
  return cartFixture({
    id: 'gid://shopify/Cart/abc',
    checkoutUrl: CHECKOUT_URL,
    lines: linePage(lines),
    cost: { checkoutChargeAmount: gbp(String(subtotal)), subtotalAmount: gbp(String(subtotal)), totalAmount: gbp(String(total)) },
    discountCodes: code === null ? [] : [{ code, applicable }],
    discountAllocations: applicable ? [{ ...codeAllocation(code), discountedAmount: gbp('100.0') }] : [],
  });
};

const cartCreated = (cart = pricedCart()) => recordingFetch(byOperation({ CartCreate: () => ({ cartCreate: payload(cart) }) }));

afterEach(() => {
  document.cookie = 'referral=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('checkoutAvailable (ATTR-5, CART-9)', () => {
  it.each<[string, Partial<OrderSettings>, boolean]>([
    ['nothing set', {}, false],
    ['a domain without a token', { shopDomain: 'shop.example' }, false],
    ['a token without a domain or endpoint', { storefrontToken: 'demo-storefront-token' }, false],
    ['a domain and a token', { shopDomain: 'shop.example', storefrontToken: 'demo-storefront-token' }, true],
    ['an endpoint and a token', { storefrontEndpoint: STOREFRONT.storefrontEndpoint, storefrontToken: 'demo-storefront-token' }, true],
    ['the theme cart, with nothing else', { cart: 'theme' }, true],
  ])('%s → %s', (_name, options, expected) => {
    expect(checkoutAvailable({ ...BASE, ...options })).toBe(expected);
    expect(setup({ ...BASE, ...options }, recordingFetch(() => jsonResponse({})).fetch).services.checkoutAvailable).toBe(expected);
  });
});

describe('createOrderServices', () => {
  it('checks out: the cart compared with what was shown; proceed fires evc-checkout with the cart’s figures, then redirects', async () => {
    const { fetch, requests } = cartCreated();
    const { services, navigate, checkouts } = setup(STOREFRONT, fetch);
    const placed = await services.checkout(REQUEST);
    expect(requests.map((request) => request.operation)).toEqual(['CartCreate']);
    expect(requests[0]!.url).toBe(STOREFRONT.storefrontEndpoint);
    // The shop client puts CART-2's `_fd=0` on the checkout URL.
    const checkoutUrl = `${CHECKOUT_URL}&_fd=0`;
    expect(placed).toMatchObject({ cartId: 'gid://shopify/Cart/abc', checkoutUrl, comparison: { shown: 49900, charged: 49900, matches: true, differences: [] } });
    expect(navigate).not.toHaveBeenCalled();
    expect(checkouts).toEqual([]);
    expect(services.proceed(placed)).toBe(true);
    expect(checkouts).toEqual([{ cartId: 'gid://shopify/Cart/abc', checkoutUrl, totals: placed.totals }]);
    expect(placed.totals.total).toBe(499);
    expect(placed.totals.lines).toContainEqual({ name: 'PARTNER100', amount: -100 });
    expect(navigate).toHaveBeenCalledWith(checkoutUrl);
  });

  it('a cancelled evc-checkout stops the redirect', async () => {
    const { services, navigate } = setup(STOREFRONT, cartCreated().fetch, true);
    expect(services.proceed(await services.checkout(REQUEST))).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['a refused partner code', { applicable: false }, 59900, [{ kind: 'code-not-accepted', code: 'PARTNER100' }]],
    [
      'a changed charger price',
      { charger: '649.0' },
      54900,
      [{ kind: 'price-changed', variantId: UK_CATALOGUE.baseProduct.variantId, name: 'Charge Point', shown: 59900, charged: 64900 }],
    ],
  ])('%s: the comparison says so with both figures, and nothing leaves the page', async (_name, cart, charged, differences) => {
    const { services, navigate, checkouts } = setup(STOREFRONT, cartCreated(pricedCart(cart)).fetch);
    const placed = await services.checkout(REQUEST);
    expect(placed.comparison).toEqual({ shown: 49900, charged, matches: false, differences });
    expect(placed.totals.total).toBe(charged / 100);
    expect(navigate).not.toHaveBeenCalled();
    expect(checkouts).toEqual([]);
  });

  it('a catalogue without the refused discount expects none: the cart without it matches', async () => {
    const { services } = setup(STOREFRONT, cartCreated(pricedCart({ applicable: false })).fetch);
    const catalogue = { ...SHARED_CODES_CATALOGUE, discounts: SHARED_CODES_CATALOGUE.discounts.filter((discount) => discount.code !== 'PARTNER100') };
    const placed = await services.checkout({ ...REQUEST, catalogue });
    expect(placed.comparison).toMatchObject({ shown: 59900, charged: 59900, matches: true });
  });

  it.each<[string, VerifiedPartner | undefined, string | null, number, string[] | undefined]>([
    ['a verified partner: its single-use code, and the cart matches the discount shown', VERIFIED, 'PX-7Q2M9', 49900, ['PX-7Q2M9']],
    ['a partner e-mail not yet verified: no code, no discount shown', undefined, null, 59900, undefined],
  ])('with partner-endpoint, %s', async (_name, verifiedPartner, code, shown, codes) => {
    const { fetch, requests } = cartCreated(pricedCart({ code }));
    const { services } = setup({ ...STOREFRONT, partnerEndpoint: PARTNER_ENDPOINT }, fetch);
    const placed = await services.checkout({ ...REQUEST, form: { ...FORM, verifiedPartner } });
    expect((requests[0]!.variables!['input'] as { discountCodes?: string[] }).discountCodes).toEqual(codes);
    expect(placed.comparison).toEqual({ shown, charged: shown, matches: true, differences: [] });
  });

  it('puts the referral cookie on the cart (CART-10)', async () => {
    document.cookie = 'referral=partner%20mag; path=/';
    const { fetch, requests } = cartCreated();
    await setup(STOREFRONT, fetch).services.checkout(REQUEST);
    const input = requests[0]!.variables!['input'] as { attributes: { key: string; value: string }[] };
    expect(input.attributes).toContainEqual({ key: 'Referral', value: 'partner mag' });
  });

  it("sends the finance step's address as the cart's delivery address with the monthly plan only (PAY-4)", async () => {
    const finance = { ...FORM, legalName: 'Samuel Lee', primaryAddress1: '1 Example Street', primaryCity: 'London', primaryPostcode: 'sw1a 1aa' };
    const deliveryOf = async (configuration: Configuration) => {
      const { fetch, requests } = cartCreated();
      await setup(STOREFRONT, fetch).services.checkout({ ...REQUEST, configuration, form: finance });
      return (requests[0]!.variables!['input'] as { delivery?: unknown }).delivery;
    };
    expect(await deliveryOf({ ...CONFIGURATION, paymentType: 'PAY_MONTHLY' })).toEqual({
      addresses: [
        {
          address: {
            deliveryAddress: {
              firstName: 'Sam',
              lastName: 'Lee',
              address1: '1 Example Street',
              city: 'London',
              zip: 'SW1A 1AA',
              countryCode: 'GB',
              phone: '+447700900123',
            },
          },
          selected: true,
          oneTimeUse: true,
        },
      ],
    });
    expect(await deliveryOf(CONFIGURATION)).toBeUndefined();
  });

  it('a failure rejects with an OrderFailure and never redirects', async () => {
    const { services, navigate, checkouts } = setup(STOREFRONT, recordingFetch(() => new Response('busy', { status: 503 })).fetch);
    const failure = await services.checkout(REQUEST).catch((error: unknown) => error);
    expect(failure).toEqual({ code: 'HTTP_ERROR', buyerMessage: 'The shop could not take your request just now. Please try again.', retryable: true });
    expect(checkouts).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('without the shop settings checkout rejects with the configuration failure', async () => {
    const { services } = setup(BASE, recordingFetch(() => jsonResponse({})).fetch);
    await expect(services.checkout(REQUEST)).rejects.toMatchObject({
      code: 'CONFIGURATION',
      buyerMessage: 'Checkout is not set up on this page yet. Please contact us to order.',
    });
  });

  it('theme mode sends the lines and the partner code to the theme cart and compares its figures', async () => {
    const sent: { path: string; body: unknown }[] = [];
    const items = cartLines(UK_CATALOGUE, CONFIGURATION).map(({ merchandiseId }) => {
      const price = merchandiseId === UK_CATALOGUE.baseProduct.variantId ? 59900 : 0;
      return { variant_id: Number(merchandiseId.split('/').at(-1)), title: merchandiseId, price, original_price: price, quantity: 1 };
    });
    const themeCart = (applicable: boolean) => ({
      token: 'theme-1',
      total_price: applicable ? 49900 : 59900,
      items,
      discount_codes: [{ code: 'PARTNER100', applicable }],
      cart_level_discount_applications: applicable ? [{ title: 'PARTNER100', total_allocated_amount: 10000 }] : [],
    });
    for (const applicable of [true, false]) {
      sent.length = 0;
      const fetch = (async (url: RequestInfo | URL, init: RequestInit = {}) => {
        sent.push({ path: String(url), body: JSON.parse(String(init.body)) });
        return jsonResponse(String(url).endsWith('update.js') ? themeCart(applicable) : {});
      }) as typeof globalThis.fetch;
      const { services, navigate } = setup({ ...BASE, cart: 'theme' }, fetch);
      const placed = await services.checkout(REQUEST);
      expect(sent.map((request) => request.path)).toEqual(['/cart/clear.js', '/cart/add.js', '/cart/update.js']);
      expect(sent[2]!.body).toMatchObject({ discount: 'PARTNER100' });
      const checkoutUrl = new URL('/checkout', document.baseURI).href;
      expect(placed).toMatchObject({ cartId: 'theme-1', checkoutUrl, comparison: { shown: 49900, charged: applicable ? 49900 : 59900, matches: applicable } });
      services.proceed(placed);
      expect(navigate).toHaveBeenCalledWith(checkoutUrl);
    }
  });

  it('installation details: the product query for product-id, mapped onto the installations that include one', async () => {
    const product = { id: STOREFRONT.productId, title: 'Home charger installation', description: 'By our electricians.', media: { nodes: [] } };
    const { fetch, requests } = recordingFetch(() => jsonResponse({ data: { product } }));
    const details = await setup(STOREFRONT, fetch).services.installationDetails();
    expect(requests[0]!.variables).toEqual({ id: 'gid://shopify/Product/46100000011' });
    const withInstall = UK_CATALOGUE.installations.filter((installation) => installation.includesInstallation);
    expect(Object.keys(details).sort()).toEqual(withInstall.map((installation) => installation.id).sort());
    expect(Object.values(details)[0]).toEqual({ name: 'Home charger installation', description: 'By our electricians.' });
  });

  it('installation details default to the base product and are empty without a shop', async () => {
    const { fetch, requests } = recordingFetch(() => jsonResponse({ data: { product: null } }));
    await expect(setup({ ...STOREFRONT, productId: undefined }, fetch).services.installationDetails()).resolves.toEqual({});
    expect(requests[0]!.variables).toEqual({ id: UK_CATALOGUE.baseProduct.productId });
    await expect(setup(BASE, fetch).services.installationDetails()).resolves.toEqual({});
    await expect(setup({ ...BASE, cart: 'theme' }, fetch).services.installationDetails()).resolves.toEqual({});
    expect(requests).toHaveLength(1);
    // The theme cart with Storefront access given still asks the shop for the details.
    await setup({ ...STOREFRONT, cart: 'theme' }, fetch).services.installationDetails();
    expect(requests).toHaveLength(2);
  });

  it('captures the lead with the referral cookie, only with an e-mail and an endpoint, and never rejects', async () => {
    document.cookie = 'referral=newsletter; path=/';
    const sent: { url: string; body: Record<string, unknown> }[] = [];
    const fetch = (async (url: RequestInfo | URL, init: RequestInit = {}) => {
      sent.push({ url: String(url), body: JSON.parse(String(init.body)) as Record<string, unknown> });
      throw new TypeError('Failed to fetch');
    }) as typeof globalThis.fetch;
    const { services } = setup(STOREFRONT, fetch);
    await expect(services.captureLead(CONFIGURATION, FORM)).resolves.toBeUndefined();
    await services.captureLead(CONFIGURATION, { ...FORM, email: ' ' });
    await setup({ ...STOREFRONT, storeCartEndpoint: undefined }, fetch).services.captureLead(CONFIGURATION, FORM);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(STOREFRONT.storeCartEndpoint);
    expect(sent[0]!.body).toMatchObject({ email: FORM.email, referral: 'newsletter' });
  });

  it.each<[string, Partial<OrderSettings>, VerifiedPartner | undefined, string]>([
    ['DISC-3: the e-mail domain', {}, undefined, 'partner'],
    ['with partner-endpoint, not yet verified', { partnerEndpoint: PARTNER_ENDPOINT }, undefined, 'none'],
    ['with partner-endpoint, verified', { partnerEndpoint: PARTNER_ENDPOINT }, VERIFIED, 'partner'],
  ])('the lead names the discount the buyer is shown: %s', async (_name, options, verifiedPartner, discount) => {
    const bodies: Record<string, unknown>[] = [];
    const fetch = (async (_url: RequestInfo | URL, init: RequestInit = {}) => {
      bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return new Response(null, { status: 204 });
    }) as typeof globalThis.fetch;
    await setup({ ...STOREFRONT, ...options }, fetch).services.captureLead(CONFIGURATION, { ...FORM, verifiedPartner });
    expect(bodies[0]).toMatchObject({ discount: { id: discount } });
    expect(bodies[0]).not.toHaveProperty('verifiedPartner');
  });
});

describe('createOrderServices: a monthly order paid by a draft order', () => {
  const MONTHLY: Configuration = { ...CONFIGURATION, paymentType: 'PAY_MONTHLY', display: true };
  const DIRECT_DEBIT: OrderSettings = { ...STOREFRONT, directDebitEndpoint: 'http://127.0.0.1:5173/api/direct-debit', partnerEndpoint: PARTNER_ENDPOINT };
  const MONTHLY_FORM = { ...FORM, goCardlessMandateComplete: true, goCardlessFlowId: 'BRF0001', verifiedPartner: VERIFIED };
  /** The flow's start answered that its order is paid by a draft order. */
  const draftFlow = () => {
    const flows = memoryFlows();
    flows.remember('BRF0001', 'draft-order');
    return flows;
  };
  const draftAnswer = (dueNow: number) => {
    const lines = cartLines(UK_CATALOGUE, MONTHLY).map((line) => ({
      variantId: line.merchandiseId,
      name: line.merchandiseId === UK_CATALOGUE.baseProduct.variantId ? 'Charge Point' : 'Digital display',
      amount: line.merchandiseId === UK_CATALOGUE.baseProduct.variantId ? 59900 : UK_CATALOGUE.addOns.find((addOn) => addOn.variantId === line.merchandiseId)?.price ?? 0,
    }));
    const total = lines.reduce((sum, line) => sum + line.amount, 0) - 10000;
    return { checkoutUrl: 'http://127.0.0.1:5173/demo-invoice/abc', draftOrderId: 'gid://shopify/DraftOrder/7', dueNow, financed: total - dueNow, currency: 'GBP', lines };
  };

  it("asks the handler's …/checkout, not the shop's cart, and matches the initial payment less the verified partner discount", async () => {
    const sent: { url: string; body: Record<string, unknown> }[] = [];
    const fetch = (async (url: RequestInfo | URL, init: RequestInit = {}) => {
      sent.push({ url: String(url), body: JSON.parse(String(init.body)) as Record<string, unknown> });
      return jsonResponse(draftAnswer(25000), 201);
    }) as typeof globalThis.fetch;
    const { services, navigate, checkouts } = setup(DIRECT_DEBIT, fetch, false, draftFlow());
    const placed = await services.checkout({ ...REQUEST, catalogue: UK_CATALOGUE, configuration: MONTHLY, form: MONTHLY_FORM });
    expect(sent.map((request) => request.url)).toEqual(['http://127.0.0.1:5173/api/direct-debit/checkout']);
    expect(sent[0]!.body).toMatchObject({ flowId: 'BRF0001', partnerToken: 'signed.token', configuration: { paymentType: 'PAY_MONTHLY' } });
    expect(placed).toMatchObject({ cartId: 'gid://shopify/DraftOrder/7', checkoutUrl: 'http://127.0.0.1:5173/demo-invoice/abc', comparison: { shown: 25000, charged: 25000, matches: true } });
    expect(services.proceed(placed)).toBe(true);
    const answer = draftAnswer(25000);
    expect(checkouts[0]!.totals.total).toBe((answer.dueNow + answer.financed) / 100);
    expect(navigate).toHaveBeenCalledWith('http://127.0.0.1:5173/demo-invoice/abc');
  });

  it('says so before leaving when the draft charges another figure today', async () => {
    const fetch = (async () => jsonResponse(draftAnswer(35000), 201)) as typeof globalThis.fetch;
    const { services, navigate } = setup(DIRECT_DEBIT, fetch, false, draftFlow());
    const placed = await services.checkout({ ...REQUEST, catalogue: UK_CATALOGUE, configuration: MONTHLY, form: MONTHLY_FORM });
    expect(placed.comparison).toMatchObject({ shown: 25000, charged: 35000, matches: false });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a mandate GoCardless did not set up renews the start key, so the next set-up starts a new flow', async () => {
    const renew = vi.fn();
    const fetch = (async () => jsonResponse({ error: { code: 'mandate_not_set_up', message: 'Cancelled.' } }, 422)) as typeof globalThis.fetch;
    const services = createOrderServices({
      options: DIRECT_DEBIT,
      catalogue: UK_CATALOGUE,
      document,
      directDebitKey: () => ({ keyFor: () => 'key-0123456789abcdef', renew }),
      flowCheckouts: draftFlow,
      partnerChallenges: memoryChallenges,
      announceCheckout: () => true,
      fetch,
      navigate: vi.fn(),
    });
    const failure = await services.checkout({ ...REQUEST, catalogue: UK_CATALOGUE, configuration: MONTHLY, form: MONTHLY_FORM }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'MANDATE_NOT_SET_UP', retryable: false, field: 'goCardlessMandateComplete' });
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('keeps the cart for a flow whose handler said nothing of draft orders (selling plans)', async () => {
    const { fetch, requests } = cartCreated();
    const { services } = setup(DIRECT_DEBIT, fetch);
    await services.checkout({ ...REQUEST, catalogue: UK_CATALOGUE, configuration: MONTHLY, form: MONTHLY_FORM }).catch(() => undefined);
    expect(requests.map((request) => request.operation)).toEqual(['CartCreate']);
  });
});

describe('createOrderServices: the partner code', () => {
  const EMAIL = FORM.email;
  const ANSWERS = {
    start: { status: 'sent', challenge: 'Wq3x0T9dJv8sYk2LmN4pRA', expiresInSeconds: 600, resendAfterSeconds: 30 },
    verify: { discountCode: 'PARTNER-7Q2M9XKD4T1B', token: 'eyJ.abc.def', partnerId: 'partner', amountPence: 10000, expiresAt: '2030-01-01T00:00:00.000Z' },
  };
  /** The handler answering each path as `answers` says, and the bodies sent to it. */
  function handler(answers: Record<string, [number, unknown]> = { start: [202, ANSWERS.start], verify: [200, ANSWERS.verify] }) {
    const sent: { path: string; body: unknown }[] = [];
    const fetch = (async (url: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(url).slice(String(url).lastIndexOf('/') + 1);
      sent.push({ path, body: JSON.parse(String(init.body)) });
      const [status, body] = answers[path]!;
      return jsonResponse(body, status);
    }) as typeof globalThis.fetch;
    return { fetch, sent };
  }
  const WITH_PARTNER: OrderSettings = { ...BASE, partnerEndpoint: PARTNER_ENDPOINT };

  it("verifies with the challenge its start answered, also after a reload, and forgets it once verified", async () => {
    const kept = memoryChallenges();
    const { fetch, sent } = handler();
    const before = setup(WITH_PARTNER, fetch, false, memoryFlows(), kept).services.partnerDiscount!;
    expect(before.pending(EMAIL)).toBe(false);
    expect(await before.sendCode(EMAIL)).toMatchObject({ ok: true, challenge: ANSWERS.start.challenge });
    const reloaded = setup(WITH_PARTNER, fetch, false, memoryFlows(), kept).services.partnerDiscount!;
    expect([reloaded.pending(EMAIL), reloaded.pending('kim@partner-one.example')]).toEqual([true, false]);
    expect(await reloaded.verify(EMAIL, '123456789')).toMatchObject({ ok: true });
    expect(sent.at(-1)).toEqual({ path: 'verify', body: { email: EMAIL, challenge: ANSWERS.start.challenge, code: '123456789' } });
    expect(reloaded.pending(EMAIL)).toBe(false);
    expect(setup(WITH_PARTNER, fetch, false, memoryFlows(), kept).services.partnerDiscount!.pending(EMAIL)).toBe(false);
  });

  it('keeps the challenge for another try after a wrong code, and drops it once only a new code helps', async () => {
    const wrong = { error: { code: 'wrong_code', message: 'No.', attemptsLeft: 4 } };
    const { fetch } = handler({ start: [202, ANSWERS.start], verify: [422, wrong] });
    const services = setup(WITH_PARTNER, fetch).services.partnerDiscount!;
    await services.sendCode(EMAIL);
    expect(await services.verify(EMAIL, '000000000')).toMatchObject({ ok: false, code: 'wrong_code', next: 'retry' });
    expect(services.pending(EMAIL)).toBe(true);
    const locked = handler({ start: [202, ANSWERS.start], verify: [423, { error: { code: 'code_locked', message: 'No.' } }] });
    const lockedServices = setup(WITH_PARTNER, locked.fetch).services.partnerDiscount!;
    await lockedServices.sendCode(EMAIL);
    expect(await lockedServices.verify(EMAIL, '000000000')).toMatchObject({ ok: false, code: 'code_locked', next: 'new-code' });
    expect(lockedServices.pending(EMAIL)).toBe(false);
  });

  it('counts a challenge only until its code lapses', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 15, 12) });
    try {
      const { fetch, sent } = handler();
      const services = setup(WITH_PARTNER, fetch).services.partnerDiscount!;
      await services.sendCode(EMAIL);
      vi.setSystemTime(Date.UTC(2026, 0, 15, 12, 10));
      expect(services.pending(EMAIL)).toBe(false);
      expect(await services.verify(EMAIL, '123456789')).toMatchObject({ ok: false, code: 'code_expired', next: 'new-code' });
      expect(sent.map((request) => request.path)).toEqual(['start']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('readReferralCookie', () => {
  it('reads and decodes the referral cookie among others', () => {
    expect(readReferralCookie(document)).toBeUndefined();
    document.cookie = 'other=1; path=/';
    document.cookie = 'referral=spring%20fair; path=/';
    expect(readReferralCookie(document)).toBe('spring fair');
  });
});
