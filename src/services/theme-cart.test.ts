import { describe, expect, it } from 'vitest';
import { cartAttributes, cartLines } from '../domain/cart';
import { SHARED_CODES_CATALOGUE } from '../domain/catalogue/shared-codes.fixture';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { ShopError } from './shop/errors';
import { checkoutThemeCart, themeCartFigures, numericVariantId, themeCartItems } from './theme-cart';
import { CONFIGURATION } from './shop/shop.fixture';

/** DISC-3, without `partner-endpoint`: a merchant catalogue with shared codes, the discount by e-mail domain. */
const INPUT = { catalogue: SHARED_CODES_CATALOGUE, configuration: CONFIGURATION, email: 'sam@partner-one.example', referral: 'newsletter' };

interface Sent {
  url: string;
  body: unknown;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch answering each Ajax Cart API path with `answers[path]`, recording what was sent. */
function fakeFetch(answers: Record<string, (signal: AbortSignal) => Response | Promise<Response>> = {}) {
  const sent: Sent[] = [];
  const fetch = (async (url: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ url: String(url), body: JSON.parse(String(init.body)) });
    const path = String(url).replace(/^.*?\/(cart\/\w+\.js)$/, '$1');
    const answer = answers[path];
    if (answer) return answer(init.signal!);
    return json(path === 'cart/update.js' ? { token: 'theme-cart-1', total_price: 0, items: [] } : { items: [] });
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

describe('numericVariantId', () => {
  it('takes the number from a variant global id and refuses anything else', () => {
    expect(numericVariantId('gid://shopify/ProductVariant/4610000123')).toBe(4610000123);
    expect(() => numericVariantId('gid://shopify/Product/1')).toThrow(ShopError);
  });
});

describe('checkoutThemeCart (cart="theme")', () => {
  it('clears the theme cart, adds every line with numeric ids and properties, then sets the cart attributes', async () => {
    const { fetch, sent } = fakeFetch();
    const result = await checkoutThemeCart(INPUT, { fetch });

    expect(sent.map((request) => request.url)).toEqual(['/cart/clear.js', '/cart/add.js', '/cart/update.js']);
    const lines = cartLines(UK_CATALOGUE, CONFIGURATION, { email: INPUT.email });
    const { items } = sent[1]!.body as { items: { id: number; quantity: number; properties: Record<string, string> }[] };
    expect(items).toHaveLength(lines.length);
    items.forEach((item, index) => {
      const line = lines[index]!;
      expect(item.id).toBe(Number(line.merchandiseId.split('/').pop()));
      expect(item.quantity).toBe(1);
      expect(item.properties).toEqual(Object.fromEntries(line.attributes.map(({ key, value }) => [key, value])));
    });
    expect(items.some((item) => Object.keys(item.properties).length > 0)).toBe(true);
    // The partner e-mail earns the catalogue's code, put on the cart so the cart says whether it applies.
    expect(sent[2]!.body).toEqual({
      attributes: Object.fromEntries(
        cartAttributes(UK_CATALOGUE, CONFIGURATION, { referral: 'newsletter', flow: 'order' }).map(({ key, value }) => [key, value]),
      ),
      discount: 'PARTNER100',
    });
    expect(result).toMatchObject({ cartId: 'theme-cart-1', checkoutUrl: '/checkout', figures: { total: 0, dueNow: 0, lines: [] } });
  });

  it("uses the theme's locale root and leaves the discount off without a partner e-mail", async () => {
    const { fetch, sent } = fakeFetch();
    const result = await checkoutThemeCart({ ...INPUT, email: 'sam@home.example' }, { fetch, root: '/en-gb/' });
    expect(sent.map((request) => request.url)).toEqual(['/en-gb/cart/clear.js', '/en-gb/cart/add.js', '/en-gb/cart/update.js']);
    expect(themeCartItems(UK_CATALOGUE, CONFIGURATION, 'sam@home.example')).toEqual((sent[1]!.body as { items: unknown }).items);
    expect(result.checkoutUrl).toBe('/en-gb/checkout');
    expect(sent[2]!.body).toMatchObject({ discount: '' });
  });

  it.each([
    ['a verified partner: its single-use code, never the shared one', { email: INPUT.email, discountId: 'partner', discountCode: 'PX-7Q2M9', token: 't', amount: 10000, expiresAt: '2030-01-01T00:00:00Z' }, 'PX-7Q2M9'],
    ['a partner e-mail not yet verified: no code', undefined, ''],
  ])('with partner-endpoint, %s', async (_case, verifiedPartner, discount) => {
    const { fetch, sent } = fakeFetch();
    await checkoutThemeCart({ ...INPUT, verifiedPartnerDiscounts: true, verifiedPartner }, { fetch });
    expect(sent[2]!.body).toMatchObject({ discount });
  });

  it('reads the Ajax cart’s figures: total, line prices, cart-level and line-level discounts, code applicability', () => {
    const figures = themeCartFigures({
      total_price: 52400,
      items: [
        { variant_id: 11, title: 'Charge Point', price: 59900, original_price: 59900, quantity: 1, line_level_discount_allocations: [] },
        {
          variant_id: 12,
          title: 'Digital display',
          price: 8800,
          quantity: 1,
          line_level_discount_allocations: [{ amount: 2500, discount_application: { title: 'Display offer' } }],
        },
      ],
      discount_codes: [{ code: 'PARTNER100', applicable: false }, { code: 'SPRING', applicable: true }],
      cart_level_discount_applications: [{ title: 'SPRING', total_allocated_amount: 3800 }],
    });
    expect(figures).toEqual({
      dueNow: 52400,
      total: 52400,
      lines: [
        { variantId: 'gid://shopify/ProductVariant/11', name: 'Charge Point', unitPrice: 59900, quantity: 1 },
        { variantId: 'gid://shopify/ProductVariant/12', name: 'Digital display', unitPrice: 8800, quantity: 1 },
      ],
      discounts: [{ name: 'SPRING', amount: 3800 }, { name: 'Display offer', amount: 2500 }],
      codes: [{ code: 'PARTNER100', applicable: false }, { code: 'SPRING', applicable: true }],
      outOfStock: [],
      notices: [],
    });
    expect(() => themeCartFigures({ items: [] })).toThrow(ShopError);
  });

  it.each([
    ['add.js 404 (no such variant)', { 'cart/add.js': () => json({ status: 404, message: 'Cart Error', description: 'Cannot find variant' }, 404) }, 'LINE_ITEM_NOT_FOUND', false],
    ['clear.js 503', { 'cart/clear.js': () => new Response('busy', { status: 503 }) }, 'HTTP_ERROR', true],
    ['a network failure', { 'cart/clear.js': () => Promise.reject(new TypeError('Failed to fetch')) }, 'NETWORK_ERROR', true],
    ['an answer without a cart token', { 'cart/update.js': () => json({ items: [] }) }, 'UNKNOWN_ERROR', false],
  ])('maps %s to a ShopError with a buyer message', async (_name, answers, code, retryable) => {
    const { fetch } = fakeFetch(answers);
    const failure = await checkoutThemeCart(INPUT, { fetch }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ShopError);
    expect(failure).toMatchObject({ code, retryable });
    expect((failure as ShopError).buyerMessage).toMatch(/\w/);
  });

  const cartError = (description: string) => ({ 'cart/add.js': () => json({ status: 422, message: 'Cart Error', description }, 422) });

  it.each([
    ['all its stock is in the cart (documented)', "You can't add more Cable Hook to the cart.", 'NOT_ENOUGH_IN_STOCK'],
    ['sold out (documented)', "The product 'Cable Hook' is already sold out.", 'NOT_ENOUGH_IN_STOCK'],
    ['a selling plan it would not take', "The selling plan 4610001 is not available for 'Cable Hook'.", 'INVALID'],
    ['line-item properties it would not take', 'Line-item properties must be key-value pairs.', 'INVALID'],
    ['a refusal in other words', 'Cannot add this item to the cart.', 'INVALID'],
  ])('names an add.js 422 by what Shopify said: %s', async (_case, description, code) => {
    const { fetch } = fakeFetch(cartError(description));
    const failure = await checkoutThemeCart(INPUT, { fetch }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ShopError);
    expect(failure).toMatchObject({ code, status: 422, retryable: false, message: `cart/add.js answered 422 (Cart Error: ${description})` });
  });

  it('times out a call that does not answer', async () => {
    const { fetch, sent } = fakeFetch({
      'cart/add.js': (signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error))),
    });
    const failure = await checkoutThemeCart(INPUT, { fetch, timeoutMs: 20 }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'TIMEOUT', retryable: true, message: 'timeout of 20ms exceeded' });
    expect(sent).toHaveLength(2);
  });
});

describe('the monthly plan in the theme cart', () => {
  it('puts the selling plan on each item the theme sells on it', () => {
    const monthly = { ...CONFIGURATION, paymentType: 'PAY_MONTHLY' as const };
    const charger = UK_CATALOGUE.baseProduct.variantId;
    const items = themeCartItems(UK_CATALOGUE, monthly, 'sam@home.example', { [charger]: 'gid://shopify/SellingPlan/4610001' });
    expect(items.find((item) => item.id === numericVariantId(charger))?.selling_plan).toBe(4610001);
    expect(items.filter((item) => item.selling_plan !== undefined)).toHaveLength(1);
    // Paid in full, no selling plan goes to the cart.
    expect(themeCartItems(UK_CATALOGUE, CONFIGURATION, 'sam@home.example', { [charger]: 'gid://shopify/SellingPlan/4610001' }).some((item) => item.selling_plan)).toBe(false);
  });

  it('what the checkout charges now: the cart total less what each item’s selling plan leaves to pay later, per unit', () => {
    const plan = (price: number, later: number) => ({ price, compare_at_price: price, per_delivery_price: price, remaining_balance_charge_amount: later, selling_plan: { id: 4610001, name: 'Monthly plan' } });
    const cart = {
      total_price: 59900 + 2 * 8800 + 4500 - 10000,
      items: [
        { variant_id: 11, title: 'Charge Point', price: 59900, quantity: 1, selling_plan_allocation: plan(59900, 24900) },
        { variant_id: 12, title: 'Digital display', price: 8800, quantity: 2, selling_plan_allocation: plan(8800, 8800) },
        { variant_id: 13, title: 'Surge protection', price: 4500, quantity: 1 },
      ],
      cart_level_discount_applications: [{ title: 'PARTNER100', total_allocated_amount: 10000 }],
    };
    expect(themeCartFigures(cart)).toMatchObject({ total: 72000, dueNow: 35000 + 4500 - 10000 });
    // Without selling plans the whole total is due now; a discount larger than the charge leaves nothing due.
    expect(themeCartFigures({ ...cart, items: cart.items.map(({ selling_plan_allocation: _plan, ...item }) => item) }).dueNow).toBe(72000);
    expect(themeCartFigures({ ...cart, total_price: 30000 }).dueNow).toBe(0);
  });

  it('never guesses what is due now: a selling plan without its remaining charge refuses the cart', () => {
    const cart = { total_price: 59900, items: [{ variant_id: 11, title: 'Charge Point', price: 59900, quantity: 1, selling_plan_allocation: { price: 59900, checkout_charge_amount: 35000 } }] };
    expect(() => themeCartFigures(cart)).toThrow(expect.objectContaining({ code: 'UNKNOWN_ERROR' }));
  });
});
