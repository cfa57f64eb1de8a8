// @vitest-environment node
// Every Storefront request the element sends, with the variables its code builds, is one Shopify runs
// at the version the element pins and at the oldest it accepts. The element's own services (the shop
// client behind createOrderServices, and priceCatalogue) go through an order, a monthly order and a
// refilled cart against the Storefront stand-in in process; each request body is kept and checked.
import { flowCheckouts } from '../../src/stores/direct-debit-key';
import { partnerChallenges } from '../../src/stores/partner-challenge';
import { describe, expect, it } from 'vitest';
import { createStorefrontStandIn, type StorefrontStandIn } from '../../demo/storefront/stand-in.mjs';
import { SHARED_CODES_CATALOGUE } from '../../src/domain/catalogue/shared-codes.fixture';
import type { Catalogue } from '../../src/domain/catalogue/schema';
import type { Configuration } from '../../src/domain/configuration';
import { defaultConfiguration } from '../../src/domain/configuration';
import type { FormValues } from '../../src/domain/forms';
import { defaultFormValues } from '../../src/domain/forms';
import { priceConfiguration, totalsDetail } from '../../src/domain/pricing';
import type { OrderSettings } from '../../src/services/order-services';
import { createOrderServices } from '../../src/services/order-services';
import { createShopClient, DEFAULT_API_VERSION } from '../../src/services/shop';
import { priceCatalogue } from '../../src/services/shop-prices';
import { CHECKED_VERSIONS, validateAgainstStorefront } from './shopify-schema';
import { shopProducts } from '../../src/domain/shop-products';

const ORIGIN = 'http://127.0.0.1:5173';
const ENDPOINT = `${ORIGIN}/api/${DEFAULT_API_VERSION}/graphql.json`;
const TOKEN = 'demo-storefront-token';
const C = SHARED_CODES_CATALOGUE;

interface SentRequest {
  operation: string;
  query: string;
  variables: Record<string, unknown> | undefined;
}

/** The stand-in behind a fetch that keeps the body of every Storefront request sent through it. */
function recordedShop() {
  const standIn = createStorefrontStandIn({ catalogue: C, products: shopProducts(C) });
  const sent: SentRequest[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const { query, variables } = JSON.parse(String(init.body)) as { query: string; variables?: Record<string, unknown> };
    sent.push({ operation: /^(?:query|mutation) (\w+)/.exec(query)?.[1] ?? '', query, variables });
    return standIn.handle(new Request(String(input), init));
  }) as typeof globalThis.fetch;
  return { standIn, sent, fetch };
}

const SETTINGS: OrderSettings = { cart: 'storefront', apiVersion: DEFAULT_API_VERSION, storefrontEndpoint: ENDPOINT, storefrontToken: TOKEN };

/** The element's ordering services over `fetch`, on a page without cookies. */
function orderServices(standIn: StorefrontStandIn, fetch: typeof globalThis.fetch) {
  const page = { cookie: '', baseURI: `${ORIGIN}/`, defaultView: null } as unknown as Document;
  return createOrderServices({
    options: { ...SETTINGS, productId: standIn.installationProductId ?? undefined },
    catalogue: C,
    document: page,
    directDebitKey: () => ({ keyFor: () => 'key-0123456789abcdef', renew() {} }),
    flowCheckouts: () => flowCheckouts(undefined, 'requests'),
    partnerChallenges: () => partnerChallenges(undefined, 'requests'),
    announceCheckout: () => true,
    fetch,
  });
}

const PAID_IN_FULL: Configuration = { ...defaultConfiguration(C), paymentType: 'PAY_NOW', surgeProtection: true, display: true };
const MONTHLY: Configuration = { ...PAID_IN_FULL, paymentType: 'PAY_MONTHLY' };
const FORM: FormValues = { ...defaultFormValues(), 'first-name': 'Alex', 'last-name': 'Morgan', email: 'alex@partner-one.example', tel: '07700 900123', referral: 'newsletter' };
const MONTHLY_FORM: FormValues = {
  ...FORM,
  title: 'Mx',
  legalName: 'Alexandra Morgan',
  primaryAddress1: '1 Example Street',
  primaryCity: 'London',
  primaryPostcode: 'sw1a 1aa',
  goCardlessFlowId: 'BRF000123',
  goCardlessMandateComplete: true,
};

/** What the page does: the shop's prices first (selling plans with the monthly plan), then the checkout from them. */
async function placeOrder(shop: ReturnType<typeof recordedShop>, configuration: Configuration, form: FormValues, cartId: string | null = null) {
  const monthlyPlan = configuration.paymentType === 'PAY_MONTHLY';
  const priced = await priceCatalogue(C, { storefrontEndpoint: ENDPOINT, apiVersion: DEFAULT_API_VERSION, token: TOKEN, monthlyPlan, fetch: shop.fetch });
  if (!priced.ok) throw new Error(priced.error);
  const catalogue: Catalogue = priced.catalogue;
  const totals = totalsDetail(priceConfiguration(catalogue, configuration, { email: form.email }), configuration);
  return orderServices(shop.standIn, shop.fetch).checkout({ catalogue, configuration, form, totals, cartId, sellingPlans: priced.list.sellingPlans });
}

/** What Shopify would refuse of each request at `version`, by operation; every entry empty when it would run them all. */
const problemsAt = (sent: readonly SentRequest[], version: string) =>
  sent.map(({ operation, query, variables }) => [operation, validateAgainstStorefront(query, version, variables ?? {}).map((error) => error.message)] as const);

const noProblems = (sent: readonly SentRequest[]) => sent.map(({ operation }) => [operation, []] as const);

describe.each(CHECKED_VERSIONS)('every request the element sends is one Storefront %s runs', (version) => {
  it('an order paid in full: the installation product, the prices, a new cart with the partner code', async () => {
    const shop = recordedShop();
    await orderServices(shop.standIn, shop.fetch).installationDetails();
    const placed = await placeOrder(shop, PAID_IN_FULL, FORM);
    expect(placed.comparison.matches).toBe(true);
    expect(shop.sent.map((request) => request.operation)).toEqual(['ProductDetails', 'VariantPrices', 'CartCreate']);
    expect((shop.sent[2]!.variables as { input: { discountCodes?: string[] } }).input.discountCodes).toEqual(['PARTNER100']);
    expect(problemsAt(shop.sent, version)).toEqual(noProblems(shop.sent));
  });

  it('a monthly order: the selling plans with the prices, a new cart with each line on its plan and the delivery address', async () => {
    const shop = recordedShop();
    const placed = await placeOrder(shop, MONTHLY, MONTHLY_FORM);
    expect(placed.comparison.matches).toBe(true);
    expect(shop.sent.map((request) => request.operation)).toEqual(['VariantPrices', 'CartCreate']);
    expect(shop.sent[0]!.variables).toMatchObject({ sellingPlans: true });
    const { input } = shop.sent[1]!.variables as { input: { lines: { sellingPlanId?: string }[]; delivery?: { addresses: unknown[] } } };
    expect(input.lines.every((line) => line.sellingPlanId)).toBe(true);
    expect(input.delivery?.addresses).toHaveLength(1);
    expect(problemsAt(shop.sent, version)).toEqual(noProblems(shop.sent));
  });

  it('a refilled cart: the monthly cart paid in full by another buyer, its lines replaced, its address and partner code cleared', async () => {
    const shop = recordedShop();
    const first = await placeOrder(shop, MONTHLY, MONTHLY_FORM);
    shop.sent.length = 0;
    const again = await placeOrder(shop, PAID_IN_FULL, { ...FORM, email: 'alex@home.example' }, first.cartId);
    expect(again.cartId).toBe(first.cartId);
    expect(shop.sent.map((request) => request.operation)).toEqual([
      'VariantPrices',
      'Cart',
      'CartLinesRemove',
      'CartLinesAdd',
      'CartAttributesUpdate',
      'CartBuyerIdentityUpdate',
      'CartDeliveryAddressesReplace',
      'Cart',
      'CartDiscountCodesUpdate',
    ]);
    expect(shop.sent[6]!.variables).toMatchObject({ addresses: [] });
    expect(shop.sent[8]!.variables).toMatchObject({ discountCodes: [] });
    expect(problemsAt(shop.sent, version)).toEqual(noProblems(shop.sent));
  });

  it('a refilled cart whose lines span two pages: the second page read from the first one\'s cursor', async () => {
    const shop = recordedShop();
    // Made by another page's client, so only the refill's requests are kept.
    const elsewhere = createShopClient({ storefrontEndpoint: ENDPOINT, apiVersion: DEFAULT_API_VERSION, publicAccessToken: TOKEN, fetch: (input, init) => shop.standIn.handle(new Request(String(input), init)) });
    const lines = Array.from({ length: 251 }, (_, index) => ({ merchandiseId: C.baseProduct.variantId, quantity: 1, attributes: [{ key: 'Line', value: String(index) }] }));
    const { cart } = await elsewhere.createCart({ lines });
    await placeOrder(shop, PAID_IN_FULL, FORM, cart.id);
    expect(shop.sent.map((request) => request.operation).slice(0, 4)).toEqual(['VariantPrices', 'Cart', 'CartLines', 'CartLinesRemove']);
    expect(shop.sent[2]!.variables).toEqual({ id: cart.id, after: expect.any(String) });
    expect((shop.sent[3]!.variables as { lineIds: string[] }).lineIds).toHaveLength(251);
    expect(problemsAt(shop.sent, version)).toEqual(noProblems(shop.sent));
  });
});

describe('the check on the variables', () => {
  it('catches a variable of the wrong type, so the checks above can fail', async () => {
    const shop = recordedShop();
    await placeOrder(shop, PAID_IN_FULL, FORM);
    const { query, variables } = shop.sent.find((request) => request.operation === 'CartCreate')!;
    const input = (variables as { input: { lines: { quantity: unknown }[] } }).input;
    const wrong = { input: { ...input, lines: input.lines.map((line, index) => (index === 0 ? { ...line, quantity: '1' } : line)) } };
    for (const version of CHECKED_VERSIONS) {
      expect(validateAgainstStorefront(query, version, variables)).toEqual([]);
      expect(validateAgainstStorefront(query, version, wrong).map((error) => error.message)).toEqual([
        'Variable "$input" got invalid value "1" at "input.lines[0].quantity"; Int cannot represent non-integer value: "1"',
      ]);
    }
  });
});
