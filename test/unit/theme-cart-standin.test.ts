// @vitest-environment node
// The theme cart stand-in (cart="theme") answers the Ajax Cart and Product APIs in their documented
// shapes (prices in pence), applies discount codes through `/cart/update.js`'s `discount`, and sells
// from the Storefront stand-in's shop, so `POST /api/_control` steers both. Everything runs in
// process: requests go straight to the stand-ins' routes.
import { beforeEach, describe, expect, it } from 'vitest';
import { createRouter } from '../../demo/router.mjs';
import { createStorefrontStandIn, type StorefrontStandIn } from '../../demo/storefront/stand-in.mjs';
import { createThemeCartStandIn } from '../../demo/theme-cart.mjs';
import { SHARED_CODES_CATALOGUE } from '../../src/domain/catalogue/shared-codes.fixture';
import { CONFIGURATION } from '../../src/services/shop/shop.fixture';
import { checkoutThemeCart, themeCartFigures } from '../../src/services/theme-cart';
import { shopProducts } from '../../src/domain/shop-products';

const ORIGIN = 'http://127.0.0.1:5173';
// The shop's codes come from its catalogue: one with the shared partner codes.
const C = SHARED_CODES_CATALOGUE;
const numeric = (gid: string) => Number(gid.split('/').pop());
const BASE = C.baseProduct.variantId;
const CABLE = C.cables.find((c) => c.id === 'tethered_22kw_6_5m')!;
const HOOK = C.addOns.find((a) => a.id === 'hook')!;

interface AjaxItem {
  key: string;
  id: number;
  variant_id: number;
  product_id: number;
  handle: string;
  title: string;
  quantity: number;
  price: number;
  original_price: number;
  final_price: number;
  line_price: number;
  original_line_price: number;
  final_line_price: number;
  total_discount: number;
  properties: Record<string, string>;
}
interface AjaxCart {
  token: string;
  item_count: number;
  items: AjaxItem[];
  original_total_price: number;
  items_subtotal_price: number;
  total_price: number;
  total_discount: number;
  currency: string;
  cart_level_discount_applications: { type: string; title: string; value: string; value_type: string; total_allocated_amount: number }[];
  discount_codes: { code: string; applicable: boolean }[];
}

let storefront: StorefrontStandIn;
let handle: (request: Request) => Promise<Response>;

beforeEach(() => {
  storefront = createStorefrontStandIn({ catalogue: C, products: shopProducts(C) });
  handle = createRouter([...storefront.routes, ...createThemeCartStandIn({ shop: storefront.shop }).routes]);
});

/** A browser of the theme: it keeps the `cart` cookie the theme sets. */
function themeBrowser() {
  let cookie = '';
  return async (path: string, body?: unknown) => {
    const response = await handle(
      new Request(`${ORIGIN}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { ...(cookie ? { Cookie: cookie } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    const set = response.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    return response;
  };
}

async function steer(body: object) {
  const response = await handle(new Request(`${ORIGIN}/api/_control`, { method: 'POST', body: JSON.stringify(body) }));
  expect(response.status).toBe(200);
}

/** A browser whose cart holds the cable and the hook. */
async function cartWithCableAndHook() {
  const call = themeBrowser();
  const added = await call('/cart/add.js', { items: [{ id: numeric(CABLE.variantId), quantity: 1 }, { id: numeric(HOOK.variantId), quantity: 2, properties: { 'Hook colour': 'Maranello Red' } }] });
  expect(added.status).toBe(200);
  return call;
}

const cartJs = async (call: ReturnType<typeof themeBrowser>) => (await (await call('/cart.js')).json()) as AjaxCart;
const SUBTOTAL = CABLE.price + 2 * HOOK.price;

/** The selling plan the theme sells a product's first variant on, as its product JSON says. */
const planOf = async (browse: ReturnType<typeof themeBrowser>, handleName: string) => {
  const product = (await (await browse(`/products/${handleName}.js`)).json()) as { variants: { selling_plan_allocations: { selling_plan_id: number }[] }[] };
  return product.variants[0]!.selling_plan_allocations[0]!.selling_plan_id;
};

describe('Ajax Cart API shapes (GET /cart.js)', () => {
  it('answers totals, items and discounts in pence, as integers', async () => {
    const cart = await cartJs(await cartWithCableAndHook());
    expect(cart).toMatchObject({
      item_count: 3,
      currency: 'GBP',
      original_total_price: SUBTOTAL,
      items_subtotal_price: SUBTOTAL,
      total_price: SUBTOTAL,
      total_discount: 0,
      cart_level_discount_applications: [],
      discount_codes: [],
    });
    expect(cart.items.map((item) => [item.id, item.variant_id, item.quantity, item.price, item.original_price, item.final_price, item.line_price, item.final_line_price, item.total_discount])).toEqual([
      [numeric(CABLE.variantId), numeric(CABLE.variantId), 1, CABLE.price, CABLE.price, CABLE.price, CABLE.price, CABLE.price, 0],
      [numeric(HOOK.variantId), numeric(HOOK.variantId), 2, HOOK.price, HOOK.price, HOOK.price, 2 * HOOK.price, 2 * HOOK.price, 0],
    ]);
    expect(cart.items[1]).toMatchObject({ title: 'Cable Hook', handle: 'add-on-hook', product_id: numeric(HOOK.variantId), properties: { 'Hook colour': 'Maranello Red' } });
  });
});

describe('discount codes through POST /cart/update.js { discount }', () => {
  it.each([
    ['PARTNER100', [{ code: 'PARTNER100', applicable: true }], 'PARTNER100'],
    ['partner100', [{ code: 'partner100', applicable: true }], 'partner100'],
    // Partner discounts do not combine: the best one applies.
    ['PARTNER75S, PARTNER100', [{ code: 'PARTNER75S', applicable: false }, { code: 'PARTNER100', applicable: true }], 'PARTNER100'],
    ['NOSUCHCODE', [{ code: 'NOSUCHCODE', applicable: false }], null],
  ])('%s', async (discount, codes, applied) => {
    const off = applied ? 10000 : 0;
    const call = await cartWithCableAndHook();
    const updated = (await (await call('/cart/update.js', { discount })).json()) as AjaxCart;
    expect(updated).toEqual(await cartJs(call));
    expect(updated.discount_codes).toEqual(codes);
    expect([updated.original_total_price, updated.items_subtotal_price, updated.total_discount, updated.total_price]).toEqual([SUBTOTAL, SUBTOTAL, off, SUBTOTAL - off]);
    expect(updated.cart_level_discount_applications).toEqual(
      applied
        ? [
            {
              type: 'discount_code',
              key: applied,
              title: applied,
              description: 'Partner Discount',
              value: '100.0',
              value_type: 'fixed_amount',
              allocation_method: 'across',
              target_selection: 'all',
              target_type: 'line_item',
              total_allocated_amount: off,
            },
          ]
        : [],
    );
    // Items keep their prices: the discount is at cart level.
    expect(updated.items.map((item) => item.final_line_price)).toEqual([CABLE.price, 2 * HOOK.price]);
  });

  it('removes every code with an empty string, and refuses a discount that is not text', async () => {
    const call = await cartWithCableAndHook();
    await call('/cart/update.js', { discount: 'PARTNER100' });
    expect((await (await call('/cart/update.js', { discount: '' })).json()) as AjaxCart).toMatchObject({ discount_codes: [], total_price: SUBTOTAL });
    const refused = await call('/cart/update.js', { discount: ['PARTNER100'] });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ status: 422, message: 'Cart Error', description: 'The discount must be text: codes separated by commas.' });
  });

  it('answers a code rejected through /api/_control not applicable, with no discount, on this cart and its checkout', async () => {
    const call = await cartWithCableAndHook();
    await call('/cart/update.js', { discount: 'PARTNER100' });
    expect((await cartJs(call)).total_price).toBe(SUBTOTAL - 10000);
    await steer({ rejectDiscountCodes: ['PARTNER100'] });
    expect(await cartJs(call)).toMatchObject({ discount_codes: [{ code: 'PARTNER100', applicable: false }], cart_level_discount_applications: [], total_discount: 0, total_price: SUBTOTAL });
    const page = await (await call('/checkout')).text();
    expect(page).toContain('Discount PARTNER100 (not applicable)');
    expect(page).toMatch(new RegExp(`<tr class="total">.*£${(SUBTOTAL / 100).toFixed(2)}`));
  });
});

describe('prices and availability steered through /api/_control', () => {
  it('re-prices an existing cart on its next read, and the reset restores the catalogue price', async () => {
    const call = await cartWithCableAndHook();
    await steer({ prices: { [CABLE.variantId]: '301.99' } });
    const cart = await cartJs(call);
    expect(cart.items[0]).toMatchObject({ price: 30199, line_price: 30199, final_line_price: 30199 });
    expect(cart.total_price).toBe(30199 + 2 * HOOK.price);
    await steer({ reset: true });
    expect((await cartJs(call)).total_price).toBe(SUBTOTAL);
  });

  it('refuses to add a variant off sale as the Ajax Cart API does (422 sold out), adding none of the items', async () => {
    await steer({ unavailable: [HOOK.variantId] });
    const call = themeBrowser();
    const response = await call('/cart/add.js', { items: [{ id: numeric(CABLE.variantId), quantity: 1 }, { id: numeric(HOOK.variantId), quantity: 1 }] });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ status: 422, message: 'Cart Error', description: "The product 'Cable Hook' is already sold out." });
    expect((await cartJs(call)).item_count).toBe(0);
  });
});

describe('Ajax Product API (GET /products/{handle}.js)', () => {
  interface AjaxProduct {
    id: number;
    handle: string;
    price: number;
    price_min: number;
    price_max: number;
    price_varies: boolean;
    available: boolean;
    variants: { id: number; title: string; price: number; available: boolean; sku: string; selling_plan_allocations: Record<string, number>[] }[];
    requires_selling_plan: boolean;
    selling_plan_groups: { id: number; name: string; selling_plans: { id: number; name: string }[] }[];
  }
  const product = async (handleName: string) => {
    const response = await themeBrowser()(`/products/${handleName}.js`);
    expect(response.status).toBe(200);
    return (await response.json()) as AjaxProduct;
  };

  it('answers the product with its variants priced in pence, available, with their monthly plan allocation', async () => {
    const charger = await product('charge-point');
    expect(charger).toMatchObject({ id: numeric(C.baseProduct.productId), handle: 'charge-point', price: 59900, price_min: 59900, price_max: 59900, price_varies: false, available: true, requires_selling_plan: false });
    expect(charger.variants).toEqual([
      expect.objectContaining({
        id: numeric(BASE),
        title: 'Default Title',
        price: 59900,
        available: true,
        sku: C.baseProduct.code,
        selling_plan_allocations: [
          {
            price: 59900,
            compare_at_price: 59900,
            per_delivery_price: 59900,
            checkout_charge_amount: 35000,
            remaining_balance_charge_amount: 24900,
            selling_plan_id: expect.any(Number),
            selling_plan_group_id: charger.selling_plan_groups[0]!.id,
          },
        ],
      }),
    ]);
    expect(charger.selling_plan_groups.map((group) => [group.name, group.selling_plans.map((plan) => plan.id)])).toEqual([
      ['Monthly plan', [charger.variants[0]!.selling_plan_allocations[0]!.selling_plan_id]],
    ]);

    const installation = await product('installation');
    expect(installation.price_varies).toBe(true);
    expect(installation.variants.map((variant) => [variant.title, variant.price])).toEqual(C.installations.map((option) => [option.longName, option.price]));
    expect(installation.variants[0]!.selling_plan_allocations[0]).toMatchObject({ checkout_charge_amount: 0, remaining_balance_charge_amount: C.installations[0]!.price });
  });

  it('follows the steered price and availability', async () => {
    await steer({ prices: { [BASE]: '649.00' }, unavailable: [BASE] });
    expect(await product('charge-point')).toMatchObject({ price: 64900, available: false, variants: [{ price: 64900, available: false }] });
  });

  it('answers 404 for a handle the shop does not have', async () => {
    expect((await themeBrowser()('/products/no-such-thing.js')).status).toBe(404);
  });
});

describe('the monthly plan through POST /cart/add.js { selling_plan }', () => {

  it('an item on a selling plan carries its allocation; the checkout says what is due today', async () => {
    const browse = themeBrowser();
    const chargerPlan = await planOf(browse, 'charge-point');
    const hookPlan = await planOf(browse, 'add-on-hook');
    const added = await browse('/cart/add.js', {
      items: [
        { id: numeric(BASE), quantity: 1, selling_plan: chargerPlan },
        { id: numeric(HOOK.variantId), quantity: 1, selling_plan: hookPlan },
      ],
    });
    expect(added.status).toBe(200);
    const cart = (await (await browse('/cart.js')).json()) as { items: (AjaxItem & { selling_plan_allocation?: { checkout_charge_amount: number; selling_plan: { id: number; name: string } } })[] };
    expect(cart.items.map((item) => item.selling_plan_allocation?.checkout_charge_amount)).toEqual([C.monthlyPlan.initialPayment, 0]);
    expect(cart.items[0]!.selling_plan_allocation?.selling_plan).toMatchObject({ id: chargerPlan, name: 'Monthly plan' });
    const checkout = await (await browse('/checkout')).text();
    expect(checkout).toMatch(/Due today<\/th><td>£350\.00</);
  });

  it('states on each item on a plan only documented allocation fields, its remaining charge among them, so the element reads what is due today', async () => {
    const browse = themeBrowser();
    const chargerPlan = await planOf(browse, 'charge-point');
    const hookPlan = await planOf(browse, 'add-on-hook');
    await browse('/cart/add.js', {
      items: [
        { id: numeric(BASE), quantity: 1, selling_plan: chargerPlan },
        { id: numeric(HOOK.variantId), quantity: 2, selling_plan: hookPlan },
        { id: numeric(CABLE.variantId), quantity: 1 },
      ],
    });
    const cart = (await (await browse('/cart/update.js', { discount: 'PARTNER100' })).json()) as Record<string, unknown>;
    const allocations = (cart['items'] as { selling_plan_allocation?: Record<string, unknown> }[]).map((item) => item.selling_plan_allocation);
    expect(Object.keys(allocations[0]!).sort()).toEqual(
      ['checkout_charge_amount', 'compare_at_price', 'per_delivery_price', 'price', 'price_adjustments', 'remaining_balance_charge_amount', 'selling_plan'].sort(),
    );
    expect(Object.keys(allocations[0]!['selling_plan'] as object).sort()).toEqual(['description', 'id', 'name', 'options', 'recurring_deliveries']);
    expect(allocations.map((allocation) => allocation?.['remaining_balance_charge_amount'])).toEqual([C.baseProduct.price - C.monthlyPlan.initialPayment, HOOK.price, undefined]);
    const dueToday = C.monthlyPlan.initialPayment + CABLE.price - 10000;
    expect(themeCartFigures(cart).dueNow).toBe(dueToday);
    expect(await (await browse('/checkout')).text()).toContain(`Due today</th><td>£${(dueToday / 100).toFixed(2)}<`);
  });

  it('refuses a selling plan the variant is not sold on', async () => {
    const browse = themeBrowser();
    const hookPlan = await planOf(browse, 'add-on-hook');
    const chargerPlan = await planOf(browse, 'charge-point');
    expect(hookPlan).not.toBe(chargerPlan);
    const refused = await browse('/cart/add.js', { items: [{ id: numeric(HOOK.variantId), quantity: 1, selling_plan: chargerPlan }] });
    expect(refused.status).toBe(422);
    expect(((await (await browse('/cart.js')).json()) as AjaxCart).items).toEqual([]);
  });

  it('without a selling plan, what is due today is the total', async () => {
    const browse = themeBrowser();
    await browse('/cart/add.js', { items: [{ id: numeric(CABLE.variantId), quantity: 1 }] });
    expect(await (await browse('/checkout')).text()).toMatch(/Due today<\/th><td>£295\.00</);
  });
});

describe('refusals of POST /cart/add.js, as the Ajax Cart reference shapes them', () => {
  /** The element's own fetch from the theme's page: same origin, the `cart` cookie kept. */
  function pageFetch() {
    let cookie = '';
    return (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      if (cookie) headers.set('Cookie', cookie);
      const response = await handle(new Request(`${ORIGIN}${String(input)}`, { ...init, headers }));
      const set = response.headers.get('set-cookie');
      if (set) cookie = set.split(';')[0]!;
      return response;
    }) as typeof globalThis.fetch;
  }

  it.each([
    ['a variant off sale', async () => steer({ unavailable: [HOOK.variantId] }), [{ id: numeric(HOOK.variantId), quantity: 1 }]],
    ['a selling plan the variant is not sold on', async () => {}, 'plan'],
    ['properties that are not key-value pairs', async () => {}, [{ id: numeric(HOOK.variantId), quantity: 1, properties: ['Maranello Red'] }]],
    ['an item without a whole quantity', async () => {}, [{ id: numeric(HOOK.variantId), quantity: 0.5 }]],
  ] as const)('answers %s with status 422, message "Cart Error" and a description, adding nothing', async (_case, before, items) => {
    await before();
    const browse = themeBrowser();
    const refusedItems = items === 'plan' ? [{ id: numeric(HOOK.variantId), quantity: 1, selling_plan: await planOf(browse, 'charge-point') }] : items;
    const response = await browse('/cart/add.js', { items: refusedItems });
    expect(response.status).toBe(422);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['description', 'message', 'status']);
    expect(body).toMatchObject({ status: 422, message: 'Cart Error', description: expect.stringMatching(/\w/) });
    expect((await cartJs(browse)).item_count).toBe(0);
  });

  it('takes properties of any value, as the reference shows (`gift_wrap: true`)', async () => {
    const browse = themeBrowser();
    const response = await browse('/cart/add.js', { items: [{ id: numeric(HOOK.variantId), quantity: 1, properties: { 'Hook colour': 'Maranello Red', gift_wrap: true } }] });
    expect(response.status).toBe(200);
    expect((await cartJs(browse)).items[0]!.properties).toEqual({ 'Hook colour': 'Maranello Red', gift_wrap: true });
  });

  it('the element names a sold-out item a stock refusal, and a refused selling plan by what the theme said', async () => {
    await steer({ unavailable: [HOOK.variantId] });
    const input = { catalogue: C, configuration: CONFIGURATION, email: 'sam@home.example' };
    await expect(checkoutThemeCart(input, { fetch: pageFetch() })).rejects.toMatchObject({
      code: 'NOT_ENOUGH_IN_STOCK',
      message: "cart/add.js answered 422 (Cart Error: The product 'Cable Hook' is already sold out.)",
    });
    await steer({ reset: true });
    const hookPlan = await planOf(themeBrowser(), 'add-on-hook');
    const monthly = { ...input, configuration: { ...CONFIGURATION, paymentType: 'PAY_MONTHLY' as const }, sellingPlans: { [BASE]: `gid://shopify/SellingPlan/${hookPlan}` } };
    await expect(checkoutThemeCart(monthly, { fetch: pageFetch() })).rejects.toMatchObject({
      code: 'INVALID',
      message: `cart/add.js answered 422 (Cart Error: The selling plan ${hookPlan} is not available for 'Charge Point'.)`,
    });
  });
});
