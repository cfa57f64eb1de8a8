import { afterEach, describe, expect, it, vi } from 'vitest';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import type { Configuration } from '../domain/configuration';
import { defaultConfiguration } from '../domain/configuration';
import { defaultFormValues } from '../domain/forms';
import type { TotalsDetail } from '../domain/pricing';
import { byOperation, cartFixture, jsonResponse, payload, recordingFetch } from '../services/shop/shop.fixture';
import type { ConfiguratorOptions } from './attributes';
import type { EvcCheckoutDetail, EvcErrorDetail } from './events';
import { checkoutAvailable, createOrderServices, readReferralCookie } from './order-services';

const BASE: ConfiguratorOptions = { mode: 'order', persist: 'none', cart: 'storefront', apiVersion: '2026-04', imageCdn: '/cdn' };
const STOREFRONT: ConfiguratorOptions = {
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

function setup(options: ConfiguratorOptions, fetch: typeof globalThis.fetch) {
  const host = document.createElement('ev-charger-configurator');
  document.body.append(host);
  const navigate = vi.fn<(url: string) => void>();
  const errors: EvcErrorDetail[] = [];
  const checkouts: EvcCheckoutDetail[] = [];
  host.addEventListener('evc-error', (event) => errors.push(event.detail));
  host.addEventListener('evc-checkout', (event) => checkouts.push(event.detail));
  const services = createOrderServices({ host, options, catalogue: UK_CATALOGUE, fetch, navigate, timeoutMs: 1000 });
  return { host, services, navigate, errors, checkouts };
}

const cartCreated = () =>
  recordingFetch(byOperation({ CartCreate: () => ({ cartCreate: payload(cartFixture({ id: 'gid://shopify/Cart/abc', checkoutUrl: CHECKOUT_URL })) }) }));

afterEach(() => {
  document.body.innerHTML = '';
  document.cookie = 'referral=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('checkoutAvailable (DESIGN shop-domain)', () => {
  it.each<[string, Partial<ConfiguratorOptions>, boolean]>([
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
  it('checks out: the cart, then evc-checkout with its detail, then the redirect to the checkout URL', async () => {
    const { fetch, requests } = cartCreated();
    const { services, navigate, checkouts, errors } = setup(STOREFRONT, fetch);
    const result = await services.checkout({ configuration: CONFIGURATION, form: FORM, totals: TOTALS, cartId: null });
    expect(requests.map((request) => request.operation)).toEqual(['CartCreate']);
    expect(requests[0]!.url).toBe(STOREFRONT.storefrontEndpoint);
    // The shop client puts spec §7.5's `_fd=0` on the checkout URL.
    const checkoutUrl = `${CHECKOUT_URL}&_fd=0`;
    expect(result).toEqual({ cartId: 'gid://shopify/Cart/abc', checkoutUrl, redirected: true });
    expect(checkouts).toEqual([{ cartId: 'gid://shopify/Cart/abc', checkoutUrl, totals: TOTALS }]);
    expect(navigate).toHaveBeenCalledWith(checkoutUrl);
    expect(errors).toEqual([]);
  });

  it('a cancelled evc-checkout stops the redirect', async () => {
    const { host, services, navigate } = setup(STOREFRONT, cartCreated().fetch);
    host.addEventListener('evc-checkout', (event) => event.preventDefault());
    const result = await services.checkout({ configuration: CONFIGURATION, form: FORM, totals: TOTALS, cartId: null });
    expect(result.redirected).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('puts the referral cookie on the cart (spec §6)', async () => {
    document.cookie = 'referral=partner%20mag; path=/';
    const { fetch, requests } = cartCreated();
    await setup(STOREFRONT, fetch).services.checkout({ configuration: CONFIGURATION, form: FORM, totals: TOTALS, cartId: null });
    const input = requests[0]!.variables!['input'] as { attributes: { key: string; value: string }[] };
    expect(input.attributes).toContainEqual({ key: 'Referral', value: 'partner mag' });
  });

  it("sends the finance step's address as the cart's delivery address with the monthly plan only (spec §7.5)", async () => {
    const finance = { ...FORM, legalName: 'Samuel Lee', primaryAddress1: '1 Example Street', primaryCity: 'London', primaryPostcode: 'sw1a 1aa' };
    const deliveryOf = async (configuration: Configuration) => {
      const { fetch, requests } = cartCreated();
      await setup(STOREFRONT, fetch).services.checkout({ configuration, form: finance, totals: TOTALS, cartId: null });
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

  it('a failure rejects with an OrderFailure and never redirects; evc-error is left to the wizard that shows it', async () => {
    const { services, navigate, errors, checkouts } = setup(STOREFRONT, recordingFetch(() => new Response('busy', { status: 503 })).fetch);
    const failure = await services.checkout({ configuration: CONFIGURATION, form: FORM, totals: TOTALS, cartId: null }).catch((error: unknown) => error);
    expect(failure).toEqual({ code: 'HTTP_ERROR', buyerMessage: 'The shop could not take your request just now. Please try again.', retryable: true });
    expect(errors).toEqual([]);
    expect(checkouts).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('without the shop settings checkout rejects with the configuration failure', async () => {
    const { services } = setup(BASE, recordingFetch(() => jsonResponse({})).fetch);
    await expect(services.checkout({ configuration: CONFIGURATION, form: FORM, totals: TOTALS, cartId: null })).rejects.toMatchObject({
      code: 'CONFIGURATION',
      buyerMessage: 'Checkout is not set up on this page yet. Please contact us to order.',
    });
  });

  it('theme mode sends the lines to the theme cart and goes to its checkout', async () => {
    const paths: string[] = [];
    const fetch = (async (url: RequestInfo | URL) => {
      paths.push(String(url));
      return jsonResponse(String(url).endsWith('update.js') ? { token: 'theme-1' } : {});
    }) as typeof globalThis.fetch;
    const { services, navigate } = setup({ ...BASE, cart: 'theme' }, fetch);
    const result = await services.checkout({ configuration: CONFIGURATION, form: FORM, totals: TOTALS, cartId: null });
    expect(paths).toEqual(['/cart/clear.js', '/cart/add.js', '/cart/update.js']);
    const checkoutUrl = new URL('/checkout?discount=PARTNER100', document.baseURI).href;
    expect(result).toEqual({ cartId: 'theme-1', checkoutUrl, redirected: true });
    expect(navigate).toHaveBeenCalledWith(checkoutUrl);
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
});

describe('readReferralCookie', () => {
  it('reads and decodes the referral cookie among others', () => {
    expect(readReferralCookie(document)).toBeUndefined();
    document.cookie = 'other=1; path=/';
    document.cookie = 'referral=spring%20fair; path=/';
    expect(readReferralCookie(document)).toBe('spring fair');
  });
});
