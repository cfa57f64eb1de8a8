import { UK_CATALOGUE } from '../../domain/catalogue/uk';
import type { Configuration } from '../../domain/configuration';
import { defaultConfiguration } from '../../domain/configuration';
import type { ShopClientOptions } from './client';
import { createShopClient } from './client';
import type { CartDiscountAllocation, CartLine, Money, ProductVariant, RawCart } from './types';

/** Test doubles for the shop service: a recording fetch and API-shaped carts. */

export interface RecordedRequest {
  url: string;
  method: string | undefined;
  headers: Record<string, string>;
  /** The operation name the document declares, e.g. "CartLinesAdd". */
  operation: string;
  query: string;
  variables: Record<string, unknown> | undefined;
  signal: AbortSignal | null | undefined;
}

export type Responder = (request: RecordedRequest, index: number) => Response | Promise<Response>;

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that records each request and answers with `respond`. */
export function recordingFetch(respond: Responder) {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = JSON.parse(String(init.body)) as { query: string; variables?: Record<string, unknown> };
    const request: RecordedRequest = {
      url: String(input),
      method: init.method,
      headers: { ...(init.headers as Record<string, string>) },
      operation: /^(?:query|mutation) (\w+)/.exec(body.query)?.[1] ?? '',
      query: body.query,
      variables: body.variables,
      signal: init.signal,
    };
    requests.push(request);
    return respond(request, requests.length - 1);
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

/** Answers each operation by name with `{ data }`; an unexpected operation fails the test loudly. */
export function byOperation(handlers: Record<string, (variables: Record<string, unknown>) => unknown>): Responder {
  return (request) => {
    const handler = handlers[request.operation];
    if (!handler) throw new Error(`unexpected ${request.operation} request`);
    return jsonResponse({ data: handler(request.variables ?? {}) });
  };
}

export const TEST_OPTIONS = {
  storeDomain: 'shop.example',
  apiVersion: '2026-04',
  publicAccessToken: 'public-token',
} satisfies Partial<ShopClientOptions>;

export function testClient(respond: Responder, options: Partial<ShopClientOptions> = {}) {
  const { fetch, requests } = recordingFetch(respond);
  const client = createShopClient({ ...TEST_OPTIONS, fetch, ...options });
  return { client, requests };
}

export const gbp = (amount: string): Money => ({ amount, currencyCode: 'GBP' });

export function variantFixture(id: string): ProductVariant {
  return {
    id,
    title: 'Default Title',
    price: gbp('10.0'),
    compareAtPrice: null,
    weight: null,
    availableForSale: true,
    sku: null,
    image: null,
    product: { id: 'gid://shopify/Product/1', handle: 'charger', title: 'Charger' },
    selectedOptions: [],
    unitPrice: null,
    unitPriceMeasurement: null,
  };
}

export const codeAllocation = (code: string): CartDiscountAllocation => ({
  discountedAmount: gbp('5.0'),
  targetType: 'LINE_ITEM',
  discountApplication: { targetType: 'LINE_ITEM', allocationMethod: 'ACROSS', targetSelection: 'ALL', value: gbp('5.0') },
  code,
});

export const titleAllocation = (title: string): CartDiscountAllocation => ({
  discountedAmount: gbp('5.0'),
  targetType: 'LINE_ITEM',
  discountApplication: { targetType: 'LINE_ITEM', allocationMethod: 'EACH', targetSelection: 'ALL', value: { percentage: 10 } },
  title,
});

export function lineFixture(id: string, variantId = `gid://shopify/ProductVariant/${id}`, extra: Partial<CartLine> = {}): CartLine {
  return {
    id: `gid://shopify/CartLine/${id}`,
    quantity: 1,
    attributes: [],
    merchandise: variantFixture(variantId),
    cost: { totalAmount: gbp('10.0'), subtotalAmount: gbp('10.0'), amountPerQuantity: gbp('10.0'), compareAtAmountPerQuantity: null },
    discountAllocations: [],
    ...extra,
  };
}

/** A page of lines with cursors "c-{line}"; `hasNextPage` as given. */
export function linePage(lines: CartLine[], hasNextPage = false): RawCart['lines'] {
  return {
    pageInfo: { hasNextPage, endCursor: lines.length > 0 ? `c-${lines.at(-1)!.id}` : null },
    edges: lines.map((node) => ({ cursor: `c-${node.id}`, node })),
  };
}

export function cartFixture(extra: Partial<RawCart> = {}): RawCart {
  return {
    id: 'gid://shopify/Cart/c1',
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-01T10:00:00Z',
    note: null,
    checkoutUrl: 'https://shop.example/cart/c/c1?key=k1',
    attributes: [],
    cost: { checkoutChargeAmount: gbp('0.0'), subtotalAmount: gbp('0.0'), totalAmount: gbp('0.0') },
    discountCodes: [],
    discountAllocations: [],
    appliedGiftCards: [],
    buyerIdentity: { countryCode: null, email: null, phone: null, preferences: null },
    delivery: { addresses: [] },
    deliveryGroups: { nodes: [] },
    lines: linePage([]),
    ...extra,
  };
}

/** A mutation payload as the API sends it. */
export const payload = (cart: RawCart | null, extra: { userErrors?: unknown[]; warnings?: unknown[] } = {}) => ({
  cart,
  userErrors: extra.userErrors ?? [],
  warnings: extra.warnings ?? [],
});

/** The test order: 22kW tethered, premium installation, surge, hook, display, warranty, pay in full. */
export const CONFIGURATION: Configuration = {
  ...defaultConfiguration(UK_CATALOGUE),
  cable: UK_CATALOGUE.cables.find((cable) => cable.kind === 'tethered' && cable.powerKw === 22)!.id,
  installation: 'premium_22kw',
  surgeProtection: true,
  cableHook: true,
  display: true,
  extendedWarranty: true,
  paymentType: 'PAY_NOW',
};
