import type { MonthlyPlanContext } from '../domain/cart';
import type { CartFigures } from '../domain/cart-check';
import { cartAttributes, cartLines, discountCodes } from '../domain/cart';
import type { Catalogue } from '../domain/catalogue/schema';
import type { Configuration } from '../domain/configuration';
import type { PartnerContext } from '../domain/partner';
import { abortedError, httpError, networkError, ShopError, timeoutError, unknownError } from './shop/errors';

/** Every theme-cart call has one. */
export const THEME_CART_TIMEOUT_MS = 15_000;

export interface ThemeCartOptions {
  /** The theme's locale-aware root (`Shopify.routes.root`), ending in "/"; "/" by default. */
  root?: string | undefined;
  fetch?: typeof fetch | undefined;
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
}

/** The partner context (domain/partner.ts) prices the order and picks its discount code. */
export interface ThemeCheckoutInput extends PartnerContext {
  catalogue: Catalogue;
  configuration: Configuration;
  email: string;
  /** CART-10: the `referral` value copied into the form. */
  referral?: string | undefined;
  /** The monthly plan's mandate and finance answers. */
  monthly?: MonthlyPlanContext | undefined;
  /** The monthly plan's selling plan per variant, as the theme offers it. */
  sellingPlans?: Readonly<Record<string, string>> | undefined;
}

export interface ThemeCheckoutResult {
  /** The theme cart's token. */
  cartId: string;
  /** The theme's checkout. */
  checkoutUrl: string;
  /** The theme cart's own figures, for the comparison with what the buyer was shown. */
  figures: CartFigures;
}

/** One item of the Ajax Cart API's `POST /cart/add.js`. */
export interface ThemeCartItem {
  id: number;
  quantity: number;
  properties: Record<string, string>;
  /** The selling plan's numeric id (the monthly plan). */
  selling_plan?: number;
}

/** The numeric variant id the Ajax Cart API takes, from a Storefront global id. */
export function numericVariantId(gid: string): number {
  const match = /^gid:\/\/shopify\/ProductVariant\/(\d+)$/.exec(gid);
  if (!match) throw new ShopError('LINE_ITEM_NOT_FOUND', `${gid} is not a product variant id.`);
  return Number(match[1]);
}

/** CART-8: CART-1's lines as theme cart items: quantity 1, the line attributes as line-item properties, the selling plan if any. */
export function themeCartItems(catalogue: Catalogue, configuration: Configuration, email: string, sellingPlans: Readonly<Record<string, string>> = {}): ThemeCartItem[] {
  return cartLines(catalogue, configuration, { email }, sellingPlans).map((line) => {
    const item: ThemeCartItem = {
      id: numericVariantId(line.merchandiseId),
      quantity: line.quantity,
      properties: Object.fromEntries(line.attributes.map(({ key, value }) => [key, value])),
    };
    const plan = line.sellingPlanId ? Number(/\d+$/.exec(line.sellingPlanId)?.[0]) : undefined;
    return plan ? { ...item, selling_plan: plan } : item;
  });
}

interface AjaxError {
  status?: number | string;
  message?: string;
  description?: string;
}

/** The stock refusals the Ajax Cart reference lists for `add.js` ("Error responses"), by their wording. */
const STOCK_REFUSALS = [/^You can['’]t add more .+ to the cart\.$/, /^The product '.+' is already sold out\.$/];

/**
 * An Ajax Cart API refusal as a client code, named by what Shopify said: an `add.js` 422 is
 * a stock refusal only in the reference's stock wording; any other (a selling plan or line-item
 * properties it would not take) is INVALID. A 404 is a variant the shop does not have; other
 * statuses are HTTP failures.
 */
function refusal(path: string, status: number, body: AjaxError | null): ShopError {
  const said = [body?.message, body?.description].filter(Boolean).join(': ');
  const message = `${path} answered ${status}${said ? ` (${said})` : ''}`;
  if (path === 'cart/add.js' && status === 422) {
    const description = body?.description?.trim() ?? '';
    const stock = STOCK_REFUSALS.some((wording) => wording.test(description));
    return new ShopError(stock ? 'NOT_ENOUGH_IN_STOCK' : 'INVALID', message, { status });
  }
  if (path === 'cart/add.js' && status === 404) return new ShopError('LINE_ITEM_NOT_FOUND', message, { status });
  const failure = httpError(status);
  return new ShopError(failure.code, message, { status, retryable: failure.retryable });
}

/**
 * `cart="theme"`: inside a Shopify theme the configured lines go to the theme's own cart
 * through the Ajax Cart API (clear, add with line-item properties, then the cart attributes), and
 * the buyer continues at the theme's checkout. Rejects with a `ShopError`.
 */
export async function checkoutThemeCart(input: ThemeCheckoutInput, options: ThemeCartOptions = {}): Promise<ThemeCheckoutResult> {
  const root = options.root?.endsWith('/') ? options.root : `${options.root ?? ''}/`;
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? THEME_CART_TIMEOUT_MS;

  async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetchImpl(`${root}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        credentials: 'same-origin',
        signal,
      });
    } catch (error) {
      if (timeout.aborted) throw timeoutError(timeoutMs, error);
      if (options.signal?.aborted) throw abortedError(error);
      throw networkError(error);
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch (error) {
      if (timeout.aborted) throw timeoutError(timeoutMs, error);
      if (!response.ok) throw refusal(path, response.status, null);
      throw unknownError(error);
    }
    if (!response.ok) throw refusal(path, response.status, json as AjaxError);
    if (typeof json !== 'object' || json === null) throw unknownError();
    return json as Record<string, unknown>;
  }

  const items = themeCartItems(input.catalogue, input.configuration, input.email, input.sellingPlans);
  const attributes = Object.fromEntries(
    cartAttributes(input.catalogue, input.configuration, { ...input, flow: 'order' }).map(({ key, value }) => [key, value]),
  );
  await post('cart/clear.js', {});
  await post('cart/add.js', { items });
  // The partner code goes on the cart itself (DISC-3), so the cart answers whether it applies.
  const [code] = discountCodes(input.catalogue, input);
  const cart = await post('cart/update.js', { attributes, discount: code ?? '' });
  if (typeof cart['token'] !== 'string') throw unknownError();
  return { cartId: cart['token'], checkoutUrl: `${root}checkout`, figures: themeCartFigures(cart) };
}

const whole = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);
const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null) : [];

/**
 * The Ajax Cart API's cart (amounts in pence) as figures: `total_price` is the order after discounts;
 * the cart-level discount applications and each line's own allocations are the discounts. What the
 * checkout charges now is that total less what each item's selling plan leaves to pay later (its
 * allocation's `remaining_balance_charge_amount`, per unit): the cart states no checkout charge of its own.
 */
export function themeCartFigures(cart: Record<string, unknown>): CartFigures {
  const total = whole(cart['total_price']);
  if (total === undefined) throw unknownError();
  const items = list(cart['items']);
  const lines = items.map((item) => {
    const unitPrice = whole(item['original_price']) ?? whole(item['price']);
    const variantId = whole(item['variant_id']);
    if (unitPrice === undefined || variantId === undefined) throw unknownError();
    const title = typeof item['title'] === 'string' ? item['title'] : String(item['product_title'] ?? variantId);
    return { variantId: `gid://shopify/ProductVariant/${variantId}`, name: title, unitPrice, quantity: whole(item['quantity']) ?? 1 };
  });
  const discounts = [
    ...list(cart['cart_level_discount_applications']).map((application) => ({
      name: String(application['title'] ?? 'Discount'),
      amount: whole(application['total_allocated_amount']) ?? 0,
    })),
    ...items.flatMap((item) =>
      list(item['line_level_discount_allocations']).map((allocation) => ({
        name: String(list([allocation['discount_application']])[0]?.['title'] ?? 'Discount'),
        amount: whole(allocation['amount']) ?? 0,
      })),
    ),
  ];
  const codes = list(cart['discount_codes']).map((entry) => ({ code: String(entry['code'] ?? ''), applicable: entry['applicable'] === true }));
  const later = items.reduce((sum, item, index) => {
    const [allocation] = list([item['selling_plan_allocation']]);
    if (!allocation) return sum;
    // A plan whose later charge the cart does not state leaves what is due now unknown: never guessed.
    const remaining = whole(allocation['remaining_balance_charge_amount']);
    if (remaining === undefined) throw unknownError();
    return sum + remaining * lines[index]!.quantity;
  }, 0);
  return { dueNow: Math.max(total - later, 0), total, lines, discounts, codes, outOfStock: [], notices: [] };
}
