import { describe, expect, it } from 'vitest';
import type { ShopClient } from './client';
import { createShopClient } from './client';
import { VARIANT_PRICES_QUERY } from '../../domain/shop-prices';
import * as documents from './documents';
import { ShopError } from './errors';
import {
  byOperation,
  cartFixture,
  codeAllocation,
  jsonResponse,
  lineFixture,
  linePage,
  payload,
  recordingFetch,
  testClient,
  titleAllocation,
} from './shop.fixture';
import { fetchVariantPrices } from './storefront';

const STOREFRONT_HEADERS = {
  'Content-Type': 'application/json',
  Accept: 'application/json',
  'X-SDK-Variant': 'storefront-api-client',
  'X-SDK-Version': '2.0.0',
  'X-SDK-Variant-Source': 'ev-charger-configurator',
  'X-Shopify-Storefront-Access-Token': 'public-token',
  'Accept-Language': '*',
};

const CART_ID = 'gid://shopify/Cart/c1';
const cartPayload = () => payload(cartFixture());
const line = { merchandiseId: 'gid://shopify/ProductVariant/9', quantity: 1, attributes: [{ key: 'Front colour', value: 'Racing Green' }] };
const address = {
  address: { deliveryAddress: { firstName: 'Alex', lastName: 'Morgan', address1: '1 Example Street', city: 'London', zip: 'SW1A 1AA', countryCode: 'GB' as const } },
  selected: true,
  oneTimeUse: true,
};

/** The documents and variables a call must send, in order. */
type Sent = [document: string, variables: Record<string, unknown> | undefined];

/**
 * Each operation (CART-5): a call of the client, the requests it must send and the answer to each
 * operation. The cart read, line and code mutations go out from the calls that need them.
 */
const OPERATIONS: {
  name: string;
  call: (client: ShopClient) => Promise<unknown>;
  sends: Sent[];
  answers: Record<string, unknown>;
}[] = [
  {
    name: 'variant prices, without selling plans',
    call: (c) => fetchVariantPrices(c, ['gid://shopify/ProductVariant/1'], false),
    sends: [[VARIANT_PRICES_QUERY, { ids: ['gid://shopify/ProductVariant/1'], sellingPlans: false }]],
    answers: { VariantPrices: { nodes: [null] } },
  },
  {
    name: 'variant prices with selling plans (PRICE-6)',
    call: (c) => fetchVariantPrices(c, ['gid://shopify/ProductVariant/1', 'gid://shopify/ProductVariant/2'], true),
    sends: [[VARIANT_PRICES_QUERY, { ids: ['gid://shopify/ProductVariant/1', 'gid://shopify/ProductVariant/2'], sellingPlans: true }]],
    answers: { VariantPrices: { nodes: [null, null] } },
  },
  {
    name: 'product details',
    call: (c) => c.fetchProductDetails('gid://shopify/Product/1'),
    sends: [[documents.PRODUCT_DETAILS_QUERY, { id: 'gid://shopify/Product/1' }]],
    answers: { ProductDetails: { product: null } },
  },
  {
    name: 'cart by id, for attributes left as they are',
    call: (c) => c.updateCartAttributes(CART_ID, []),
    sends: [[documents.CART_QUERY, { id: CART_ID }]],
    answers: { Cart: { cart: cartFixture() } },
  },
  {
    name: 'cartCreate',
    call: (c) => c.createCart({ lines: [line], discountCodes: ['PARTNER100'] }),
    sends: [[documents.CART_CREATE_MUTATION, { input: { lines: [line], discountCodes: ['PARTNER100'] } }]],
    answers: { CartCreate: { cartCreate: cartPayload() } },
  },
  {
    name: 'cartAttributesUpdate',
    call: (c) => c.updateCartAttributes(CART_ID, [{ key: 'Flow', value: 'order' }]),
    sends: [[documents.CART_ATTRIBUTES_UPDATE_MUTATION, { cartId: CART_ID, attributes: [{ key: 'Flow', value: 'order' }] }]],
    answers: { CartAttributesUpdate: { cartAttributesUpdate: cartPayload() } },
  },
  {
    name: 'cartBuyerIdentityUpdate',
    call: (c) => c.updateBuyerIdentity(CART_ID, { email: 'a@b.example', phone: '+447700900123' }),
    sends: [[documents.CART_BUYER_IDENTITY_UPDATE_MUTATION, { cartId: CART_ID, buyerIdentity: { email: 'a@b.example', phone: '+447700900123' } }]],
    answers: { CartBuyerIdentityUpdate: { cartBuyerIdentityUpdate: cartPayload() } },
  },
  {
    name: 'cartCreate with a delivery address',
    call: (c) => c.createCart({ lines: [line], delivery: { addresses: [address] } }),
    sends: [[documents.CART_CREATE_MUTATION, { input: { lines: [line], delivery: { addresses: [address] } } }]],
    answers: { CartCreate: { cartCreate: cartPayload() } },
  },
  {
    name: 'cartDeliveryAddressesReplace',
    call: (c) => c.replaceDeliveryAddresses(CART_ID, [address]),
    sends: [[documents.CART_DELIVERY_ADDRESSES_REPLACE_MUTATION, { cartId: CART_ID, addresses: [address] }]],
    answers: { CartDeliveryAddressesReplace: { cartDeliveryAddressesReplace: cartPayload() } },
  },
  {
    name: 'cartDeliveryAddressesReplace with none, clearing them',
    call: (c) => c.replaceDeliveryAddresses(CART_ID, []),
    sends: [[documents.CART_DELIVERY_ADDRESSES_REPLACE_MUTATION, { cartId: CART_ID, addresses: [] }]],
    answers: { CartDeliveryAddressesReplace: { cartDeliveryAddressesReplace: cartPayload() } },
  },
  {
    name: 'cart, then cartDiscountCodesUpdate, for a code added',
    call: (c) => c.addDiscountCodes(CART_ID, ['PARTNER100']),
    sends: [
      [documents.CART_QUERY, { id: CART_ID }],
      [documents.CART_DISCOUNT_CODES_UPDATE_MUTATION, { cartId: CART_ID, discountCodes: ['PARTNER100'] }],
    ],
    answers: { Cart: { cart: cartFixture() }, CartDiscountCodesUpdate: { cartDiscountCodesUpdate: cartPayload() } },
  },
  {
    name: 'cart, then cartLinesRemove and cartLinesAdd, for lines replaced',
    call: (c) => c.replaceLines(CART_ID, [line]),
    sends: [
      [documents.CART_QUERY, { id: CART_ID }],
      [documents.CART_LINES_REMOVE_MUTATION, { cartId: CART_ID, lineIds: ['gid://shopify/CartLine/1'] }],
      [documents.CART_LINES_ADD_MUTATION, { cartId: CART_ID, lines: [line] }],
    ],
    answers: {
      Cart: { cart: cartFixture({ lines: linePage([lineFixture('1')]) }) },
      CartLinesRemove: { cartLinesRemove: cartPayload() },
      CartLinesAdd: { cartLinesAdd: cartPayload() },
    },
  },
];

describe('createShopClient: the request each operation sends (CART-5, CART-6)', () => {
  it.each(OPERATIONS)('$name', async ({ call, sends, answers }) => {
    const { client, requests } = testClient(byOperation(Object.fromEntries(Object.entries(answers).map(([name, data]) => [name, () => data]))));
    await call(client);
    expect(requests.map((request) => [request.query, request.variables])).toEqual(sends);
    for (const request of requests) {
      expect(request.url).toBe('https://shop.example/api/2026-04/graphql.json');
      expect(request.method).toBe('POST');
      expect(request.headers).toEqual(STOREFRONT_HEADERS);
    }
  });

  it('covers every document the service holds but the line pages, which have their own test', () => {
    const sent = new Set(OPERATIONS.flatMap((operation) => operation.sends.map(([document]) => document)));
    const unsent = Object.entries(documents.SHOP_DOCUMENTS).filter(([, document]) => !sent.has(document));
    expect(unsent.map(([name]) => name)).toEqual(['CartLines']);
  });

  it('goes to storefront-endpoint, plain http on loopback included, with the configured language', async () => {
    const { client, requests } = testClient(() => jsonResponse({ data: { product: null } }), {
      storeDomain: undefined,
      storefrontEndpoint: 'http://127.0.0.1:5173/api/2026-04/graphql.json',
      language: 'en-GB',
    });
    expect(client.endpoint).toBe('http://127.0.0.1:5173/api/2026-04/graphql.json');
    await client.fetchProductDetails('gid://shopify/Product/1');
    expect(requests[0]!.url).toBe('http://127.0.0.1:5173/api/2026-04/graphql.json');
    expect(requests[0]!.headers['Accept-Language']).toBe('en-GB');
  });

  it('sends a user-agent only when given one, cut to 500 characters', async () => {
    const { client, requests } = testClient(() => jsonResponse({ data: { product: null } }), { userAgent: 'x'.repeat(600) });
    await client.fetchProductDetails('gid://shopify/Product/1');
    expect(requests[0]!.headers['User-Agent']).toBe('x'.repeat(500));
  });
});

describe('createShopClient: configuration (CART-9)', () => {
  const build = (options: Partial<Parameters<typeof createShopClient>[0]>) => () =>
    createShopClient({ storeDomain: 'shop.example', apiVersion: '2026-04', publicAccessToken: 'token', ...options });

  it.each([
    ['no token', { publicAccessToken: undefined }, 'a storefront access token (storefront-token) is required'],
    ['a blank token', { publicAccessToken: '  ' }, 'a storefront access token (storefront-token) is required'],
    ['no domain nor endpoint', { storeDomain: undefined }, 'a shop domain (shop-domain) or a storefront endpoint (storefront-endpoint) is required'],
    ['an endpoint that is no URL', { storefrontEndpoint: 'not a url' }, 'storefront-endpoint "not a url" is not a URL'],
    ['an endpoint that is not http', { storefrontEndpoint: 'ftp://shop.example/graphql' }, 'must be an http(s) URL'],
  ])('%s is a CONFIGURATION error', (_case, options, message) => {
    expect(build(options)).toThrowError(expect.objectContaining({ code: 'CONFIGURATION', message: expect.stringContaining(message) }));
  });

  it('derives the SDK URL from the domain, always https', () => {
    expect(build({ storeDomain: 'http://shop.example' })().endpoint).toBe('https://shop.example/api/2026-04/graphql.json');
  });
});

/** The cart as the shop has it, read when there are no attributes to set. */
const readCart = async (client: ShopClient) => (await client.updateCartAttributes(CART_ID, [])).cart;

describe('the cart read (CART-5)', () => {
  it('rejects with CART_NOT_FOUND when no cart comes back', async () => {
    const { client } = testClient(() => jsonResponse({ data: { cart: null } }));
    await expect(readCart(client)).rejects.toMatchObject({ code: 'CART_NOT_FOUND' });
  });

  it('loads every page of lines after the first and merges them in order', async () => {
    const pages = [
      [lineFixture('1'), lineFixture('2')],
      [lineFixture('3'), lineFixture('4')],
      [lineFixture('5')],
    ];
    const { client, requests } = testClient(
      byOperation({
        Cart: () => ({ cart: cartFixture({ lines: linePage(pages[0]!, true) }) }),
        CartLines: ({ after }) =>
          after === 'c-gid://shopify/CartLine/2'
            ? { cart: { id: CART_ID, lines: linePage(pages[1]!, true) } }
            : { cart: { id: CART_ID, lines: linePage(pages[2]!, false) } },
      }),
    );
    const cart = await readCart(client);
    expect(cart.lines.map((l) => l.id)).toEqual([1, 2, 3, 4, 5].map((n) => `gid://shopify/CartLine/${n}`));
    expect(requests.map((r) => [r.operation, r.variables])).toEqual([
      ['Cart', { id: CART_ID }],
      ['CartLines', { id: CART_ID, after: 'c-gid://shopify/CartLine/2' }],
      ['CartLines', { id: CART_ID, after: 'c-gid://shopify/CartLine/4' }],
    ]);
    expect(requests[1]!.query).toBe(documents.CART_LINES_QUERY);
  });

  it('completes the lines of a mutation\'s cart the same way', async () => {
    const { client, requests } = testClient(
      byOperation({
        CartCreate: () => ({ cartCreate: payload(cartFixture({ lines: linePage([lineFixture('1')], true) })) }),
        CartLines: () => ({ cart: { id: CART_ID, lines: linePage([lineFixture('2')]) } }),
      }),
    );
    const { cart } = await client.createCart({ lines: [line] });
    expect(cart.lines.map((l) => l.id)).toEqual(['gid://shopify/CartLine/1', 'gid://shopify/CartLine/2']);
    expect(requests.map((r) => r.operation)).toEqual(['CartCreate', 'CartLines']);
  });

  it('hands out the checkout URL with _fd=0 and delivery groups as a list (CART-2)', async () => {
    const { client } = testClient(() => jsonResponse({ data: { cart: cartFixture() } }));
    const cart = await readCart(client);
    expect(cart.checkoutUrl).toBe('https://shop.example/cart/c/c1?key=k1&_fd=0');
    expect(cart.deliveryGroups).toEqual([]);
  });
});

describe('updateCartAttributes (CART-5)', () => {
  const attributes = [{ key: 'a', value: '1' }];
  const handlers = byOperation({
    Cart: () => ({ cart: cartFixture() }),
    CartAttributesUpdate: () => ({ cartAttributesUpdate: payload(cartFixture({ attributes }), { warnings: [{ code: 'MERCHANDISE_OUT_OF_STOCK', message: 'Out of stock', target: 'l1' }] }) }),
  });

  it('sends the attributes and returns the cart with its warnings', async () => {
    const { client, requests } = testClient(handlers);
    const { cart, warnings } = await client.updateCartAttributes(CART_ID, attributes);
    expect(requests.map((r) => r.operation)).toEqual(['CartAttributesUpdate']);
    expect(cart.attributes).toEqual(attributes);
    expect(warnings.map((w) => w.target)).toEqual(['l1']);
  });

  it('with no attributes sends no update and gives the cart as it is', async () => {
    const { client, requests } = testClient(handlers);
    const { cart, warnings } = await client.updateCartAttributes(CART_ID, []);
    expect(requests.map((r) => r.operation)).toEqual(['Cart']);
    expect(cart.id).toBe(CART_ID);
    expect(warnings).toEqual([]);
  });
});

describe('addDiscountCodes (CART-5)', () => {
  it('keeps cart- and line-level codes once each, then appends the new ones, replacing the whole list', async () => {
    const existing = cartFixture({
      discountCodes: [{ code: 'SPRING', applicable: true }],
      discountAllocations: [codeAllocation('ORDER5'), titleAllocation('Automatic 10%')],
      lines: linePage([
        lineFixture('1', undefined, { discountAllocations: [codeAllocation('spring'), codeAllocation('LINE3')] }),
        lineFixture('2', undefined, { discountAllocations: [titleAllocation('Staff')] }),
      ]),
    });
    const { client, requests } = testClient(
      byOperation({
        Cart: () => ({ cart: existing }),
        CartDiscountCodesUpdate: () => ({ cartDiscountCodesUpdate: payload(cartFixture()) }),
      }),
    );
    await client.addDiscountCodes(CART_ID, ['PARTNER100', 'line3']);
    expect(requests.map((r) => r.operation)).toEqual(['Cart', 'CartDiscountCodesUpdate']);
    expect(requests[1]!.variables).toEqual({ cartId: CART_ID, discountCodes: ['SPRING', 'ORDER5', 'LINE3', 'PARTNER100'] });
  });

  it('drops the codes it is told to remove, unless they are among the new ones', async () => {
    const existing = cartFixture({ discountCodes: [{ code: 'PARTNER75S', applicable: true }, { code: 'SPRING', applicable: true }] });
    const { client, requests } = testClient(
      byOperation({
        Cart: () => ({ cart: existing }),
        CartDiscountCodesUpdate: () => ({ cartDiscountCodesUpdate: payload(cartFixture()) }),
      }),
    );
    await client.addDiscountCodes(CART_ID, ['PARTNER100'], { remove: ['partner75s', 'PARTNER100'] });
    expect(requests[1]!.variables).toEqual({ cartId: CART_ID, discountCodes: ['SPRING', 'PARTNER100'] });
  });

  it('rejects with CART_NOT_FOUND when the cart is gone', async () => {
    const { client } = testClient(() => jsonResponse({ data: { cart: null } }));
    await expect(client.addDiscountCodes(CART_ID, ['X'])).rejects.toMatchObject({ code: 'CART_NOT_FOUND' });
  });
});

describe('replaceLines (CART-5)', () => {
  it('fetches the cart, removes every current line, then adds the new ones', async () => {
    const { client, requests } = testClient(
      byOperation({
        Cart: () => ({ cart: cartFixture({ lines: linePage([lineFixture('1'), lineFixture('2')]) }) }),
        CartLinesRemove: () => ({ cartLinesRemove: payload(cartFixture()) }),
        CartLinesAdd: () => ({ cartLinesAdd: payload(cartFixture({ lines: linePage([lineFixture('3')]) })) }),
      }),
    );
    const { cart } = await client.replaceLines(CART_ID, [line]);
    expect(requests.map((r) => [r.operation, r.variables])).toEqual([
      ['Cart', { id: CART_ID }],
      ['CartLinesRemove', { cartId: CART_ID, lineIds: ['gid://shopify/CartLine/1', 'gid://shopify/CartLine/2'] }],
      ['CartLinesAdd', { cartId: CART_ID, lines: [line] }],
    ]);
    expect(cart.lines.map((l) => l.id)).toEqual(['gid://shopify/CartLine/3']);
  });

  it('skips the removal for an empty cart', async () => {
    const { client, requests } = testClient(
      byOperation({
        Cart: () => ({ cart: cartFixture() }),
        CartLinesAdd: () => ({ cartLinesAdd: payload(cartFixture()) }),
      }),
    );
    await client.replaceLines(CART_ID, [line]);
    expect(requests.map((r) => r.operation)).toEqual(['Cart', 'CartLinesAdd']);
  });
});

describe('errors (CART-4, CART-5)', () => {
  const rejection = async (client: ShopClient, call: (client: ShopClient) => Promise<unknown> = (c) => c.createCart({ lines: [line] })) => {
    const error = await call(client).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ShopError);
    return error as ShopError;
  };

  it('rejects with the GraphQL errors as text', async () => {
    const errors = [{ message: "Field 'x' doesn't exist on type 'Cart'", extensions: { code: 'undefinedField' } }];
    const { client } = testClient(() => jsonResponse({ errors }));
    const error = await rejection(client);
    expect(error).toMatchObject({ code: 'GRAPHQL_ERROR', message: JSON.stringify(errors), retryable: false });
  });

  it('rejects GraphQL errors even beside partial data', async () => {
    const errors = [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }];
    const { client } = testClient(() => jsonResponse({ data: { cartCreate: null }, errors }));
    expect(await rejection(client)).toMatchObject({ code: 'GRAPHQL_ERROR', retryable: true });
  });

  it.each([
    ['no data at all', {}],
    ['no payload', { data: { cartCreate: null } }],
    ['a payload without a cart or user errors', { data: { cartCreate: payload(null) } }],
  ])('%s gives "an unknown error has occurred."', async (_case, body) => {
    const { client } = testClient(() => jsonResponse(body));
    expect(await rejection(client)).toMatchObject({ code: 'UNKNOWN_ERROR', message: 'an unknown error has occurred.' });
  });

  it('maps user errors to client codes, with field, buyer message and every error', async () => {
    const userErrors = [
      { field: ['lines', '0', 'merchandiseId'], message: 'The merchandise with id 9 does not exist.', code: 'INVALID_MERCHANDISE_LINE' },
      { field: null, message: 'Something else.', code: 'SOMETHING_NEW' },
    ];
    const { client } = testClient(() => jsonResponse({ data: { cartCreate: payload(cartFixture(), { userErrors }) } }));
    const error = await rejection(client);
    expect(error).toMatchObject({
      code: 'LINE_ITEM_NOT_FOUND',
      shopCode: 'INVALID_MERCHANDISE_LINE',
      field: ['lines', '0', 'merchandiseId'],
      message: 'The merchandise with id 9 does not exist.; Something else.',
      buyerMessage: 'An item in your order could not be found in the basket. Please try again.',
      retryable: false,
    });
    expect(error.errors.map((e) => e.code)).toEqual(['LINE_ITEM_NOT_FOUND', 'INVALID']);
  });

  it('maps the spec\'s warnings and leaves advisory ones out', async () => {
    const warnings = [
      { code: 'MERCHANDISE_OUT_OF_STOCK', message: 'Out of stock', target: 'gid://shopify/CartLine/1' },
      { code: 'DISCOUNT_NOT_FOUND', message: 'No such code', target: CART_ID },
      { code: 'PAYMENTS_GIFT_CARDS_UNAVAILABLE', message: 'No gift cards', target: CART_ID },
    ];
    const { client } = testClient(() => jsonResponse({ data: { cartCreate: payload(cartFixture(), { warnings }) } }));
    const { warnings: mapped } = await client.createCart({ lines: [line] });
    expect(mapped.map((w) => [w.code, w.shopCode, w.target, w.message])).toEqual([
      ['NOT_ENOUGH_IN_STOCK', 'MERCHANDISE_OUT_OF_STOCK', 'gid://shopify/CartLine/1', 'Out of stock'],
      ['NOT_SUPPORTED', 'PAYMENTS_GIFT_CARDS_UNAVAILABLE', CART_ID, 'No gift cards'],
    ]);
    // Errors travel in event details and logs, so they must serialise.
    expect(() => JSON.stringify(mapped)).not.toThrow();
  });

  it.each([
    [500, true],
    [503, true],
    [429, true],
    [404, false],
    [401, false],
  ])('HTTP %i fails with its status code (retryable: %s)', async (status, retryable) => {
    const { client } = testClient(() => new Response('nope', { status }));
    expect(await rejection(client)).toMatchObject({
      code: 'HTTP_ERROR',
      message: `Request failed with status code ${status}`,
      status,
      retryable,
    });
  });

  it('never retries a mutation, not even on 503', async () => {
    const { client, requests } = testClient(() => new Response('busy', { status: 503 }));
    await rejection(client);
    expect(requests).toHaveLength(1);
  });

  it('a network failure is "Network Error" and retryable', async () => {
    const { client } = testClient(() => Promise.reject(new TypeError('fetch failed')));
    expect(await rejection(client)).toMatchObject({ code: 'NETWORK_ERROR', message: 'Network Error', retryable: true });
  });

  it('a call that outlives timeoutMs is "timeout of {n}ms exceeded" and retryable', async () => {
    const { client } = testClient(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal!.addEventListener('abort', () => reject(request.signal!.reason));
        }),
      { timeoutMs: 10 },
    );
    expect(await rejection(client)).toMatchObject({ code: 'TIMEOUT', message: 'timeout of 10ms exceeded', retryable: true });
  });

  it('a body that stalls past timeoutMs is a timeout too', async () => {
    const { client } = testClient(
      (request) => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"data":'));
            request.signal!.addEventListener('abort', () => controller.error(request.signal!.reason));
          },
        });
        return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
      },
      { timeoutMs: 10 },
    );
    expect(await rejection(client)).toMatchObject({ code: 'TIMEOUT', message: 'timeout of 10ms exceeded' });
  });

  it('a call aborted by the caller is "Request aborted" and not retryable', async () => {
    const controller = new AbortController();
    const { client } = testClient(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          controller.abort();
        }),
      { signal: controller.signal },
    );
    expect(await rejection(client)).toMatchObject({ code: 'ABORTED', message: 'Request aborted', retryable: false });
  });

  it('queries fail the same way', async () => {
    const { client } = testClient(() => new Response('down', { status: 502 }));
    expect(await rejection(client, readCart)).toMatchObject({ message: 'Request failed with status code 502' });
  });

  it('tells concurrent calls apart when only one of them fails', async () => {
    const { fetch } = recordingFetch((request) =>
      request.operation === 'Cart' ? Promise.reject(new TypeError('offline')) : jsonResponse({ data: { product: null } }),
    );
    const client = createShopClient({ storeDomain: 'shop.example', apiVersion: '2026-04', publicAccessToken: 't', fetch });
    const [cart, product] = await Promise.allSettled([readCart(client), client.fetchProductDetails('gid://shopify/Product/1')]);
    expect(cart).toMatchObject({ status: 'rejected', reason: { code: 'NETWORK_ERROR' } });
    expect(product).toEqual({ status: 'fulfilled', value: null });
  });
});

describe('product details (CART-7)', () => {
  it('reads the first media image of a product for CART-7', async () => {
    const product = {
      id: 'gid://shopify/Product/1',
      title: 'Installation',
      description: 'Fitted by our engineers.',
      media: { nodes: [{ image: { id: null, url: 'https://cdn.example/i/install.jpg?v=3', altText: null, width: 10, height: 10 }, previewImage: null }] },
    };
    const { client } = testClient(() => jsonResponse({ data: { product } }));
    await expect(client.fetchProductDetails('gid://shopify/Product/1')).resolves.toEqual({
      id: 'gid://shopify/Product/1',
      title: 'Installation',
      description: 'Fitted by our engineers.',
      imageUrl: 'https://cdn.example/i/install.jpg?v=3',
    });
  });

  it('falls back to the preview image of a first media item that is not an image', async () => {
    const product = {
      id: 'gid://shopify/Product/1',
      title: 'T',
      description: '',
      media: { nodes: [{ previewImage: { id: null, url: 'https://cdn.example/video-poster.png', altText: null, width: 1, height: 1 } }] },
    };
    const { client } = testClient(() => jsonResponse({ data: { product } }));
    expect((await client.fetchProductDetails('gid://shopify/Product/1'))?.imageUrl).toBe('https://cdn.example/video-poster.png');
  });
});
