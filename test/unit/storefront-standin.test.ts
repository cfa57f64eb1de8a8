// @vitest-environment node
// The Storefront API stand-in answers real documents against
// the real schema, keeps carts, refuses unknown variants, and shows each cart on its checkout page.
// Everything runs in process: requests go straight to the stand-in's route handlers.
import { createStorefrontApiClient } from '@shopify/storefront-api-client';
import { beforeEach, describe, expect, it } from 'vitest';
import { createStorefrontStandIn, type StorefrontStandIn } from '../../demo/storefront/stand-in.mjs';
import { deliveryAddress } from '../../src/domain/cart';
import { SHARED_CODES_CATALOGUE } from '../../src/domain/catalogue/shared-codes.fixture';
import { defaultConfiguration } from '../../src/domain/configuration';
import { defaultFormValues } from '../../src/domain/forms';
import { catalogueVariantIds } from '../../src/domain/shop-prices';
import { checkoutConfiguration, createShopClient, DEFAULT_API_VERSION } from '../../src/services/shop';
import { PINNED_VERSION } from '../../demo/shopify-schemas.mjs';
import { priceCatalogue } from '../../src/services/shop-prices';
import { shopProducts } from '../../src/domain/shop-products';

const ORIGIN = 'http://127.0.0.1:5173';
const TOKEN = { 'X-Shopify-Storefront-Access-Token': 'demo-token' };
// The shop's codes come from its catalogue: one with the shared partner codes.
const C = SHARED_CODES_CATALOGUE;
const BASE = C.baseProduct.variantId;
const PREMIUM_INSTALL = C.installations.find((i) => i.id === 'premium_7kw')!.variantId;
const CABLE_22KW = C.cables.find((c) => c.id === 'tethered_22kw_6_5m')!.variantId;
const DISPLAY = C.addOns.find((a) => a.id === 'display')!.variantId;
const WARRANTY = C.addOns.find((a) => a.id === 'warranty')!.variantId;
const UNKNOWN_VARIANT = 'gid://shopify/ProductVariant/1';

interface Money {
  amount: string;
  currencyCode?: string;
}
interface Line {
  id: string;
  quantity: number;
  attributes: { key: string; value: string }[];
  cost: { totalAmount: Money };
  merchandise: { id: string; title: string; sku: string; price: Money; product: { title: string } };
}
interface Cart {
  id: string;
  checkoutUrl: string;
  totalQuantity: number;
  note: string | null;
  attributes: { key: string; value: string }[];
  buyerIdentity: { email: string | null; countryCode: string };
  discountCodes: { code: string; applicable: boolean }[];
  discountAllocations: { code?: string; discountedAmount: Money }[];
  cost: { subtotalAmount: Money; totalAmount: Money; totalTaxAmount: Money | null; checkoutChargeAmount: Money };
  lines: { nodes: Line[] };
}
interface Payload {
  cart: Cart | null;
  userErrors: { code: string; field: string[]; message: string }[];
  warnings: { code: string; message: string; target: string }[];
}
interface GraphQLAnswer<T> {
  data?: T;
  errors?: { message: string }[];
}

const CART_FIELDS = /* GraphQL */ `
  fragment CartFields on Cart {
    id
    checkoutUrl
    totalQuantity
    note
    attributes { key value }
    buyerIdentity { email countryCode }
    discountCodes { code applicable }
    discountAllocations {
      discountedAmount { amount currencyCode }
      ... on CartCodeDiscountAllocation { code }
    }
    cost {
      subtotalAmount { amount currencyCode }
      totalAmount { amount currencyCode }
      totalTaxAmount { amount }
      checkoutChargeAmount { amount }
    }
    lines(first: 250) {
      nodes {
        id
        quantity
        attributes { key value }
        cost { totalAmount { amount } }
        merchandise { ... on ProductVariant { id title sku price { amount } product { title } } }
      }
    }
  }
`;
const PAYLOAD = 'cart { ...CartFields } userErrors { code field message } warnings { code message target }';

const CART_CREATE = /* GraphQL */ `
  mutation CartCreate($input: CartInput) { cartCreate(input: $input) { ${PAYLOAD} } }
  ${CART_FIELDS}
`;
const CART_LINES_ADD = /* GraphQL */ `
  mutation CartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!) { cartLinesAdd(cartId: $cartId, lines: $lines) { ${PAYLOAD} } }
  ${CART_FIELDS}
`;
const CART_QUERY = /* GraphQL */ `
  query Cart($id: ID!) { cart(id: $id) { ...CartFields } }
  ${CART_FIELDS}
`;
const DISCOUNT_CODES_UPDATE = /* GraphQL */ `
  mutation CartDiscountCodesUpdate($cartId: ID!, $discountCodes: [String!]!) {
    cartDiscountCodesUpdate(cartId: $cartId, discountCodes: $discountCodes) { ${PAYLOAD} }
  }
  ${CART_FIELDS}
`;
const PRODUCT_QUERY = /* GraphQL */ `
  query Product($id: ID!) {
    product(id: $id) {
      title
      description
      media(first: 1) { nodes { ... on MediaImage { image { url } } } }
    }
  }
`;

function request(path: string, init: RequestInit = {}) {
  return new Request(`${ORIGIN}${path}`, init);
}

function post(standIn: StorefrontStandIn, query: string, variables: object = {}, options: { version?: string; headers?: Record<string, string> } = {}) {
  const { version = PINNED_VERSION, headers = TOKEN } = options;
  return standIn.handle(
    request(`/api/${version}/graphql.json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    }),
  );
}

/** The `data` of a 200 answer without GraphQL errors. */
async function data<T>(standIn: StorefrontStandIn, query: string, variables: object = {}, version?: string): Promise<T> {
  const response = await post(standIn, query, variables, version ? { version } : {});
  expect(response.status).toBe(200);
  const body = (await response.json()) as GraphQLAnswer<T>;
  expect(body.errors).toBeUndefined();
  return body.data!;
}

const createCart = async (standIn: StorefrontStandIn, input: object, version?: string) =>
  (await data<{ cartCreate: Payload }>(standIn, CART_CREATE, { input }, version)).cartCreate;

/** `POST /api/_control` with `body`. */
const control = (standIn: StorefrontStandIn, body: unknown) =>
  standIn.handle(request('/api/_control', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }));

/** `POST /api/_control` that must succeed. */
async function steer(standIn: StorefrontStandIn, body: object) {
  const response = await control(standIn, body);
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
}

const controlState = async (standIn: StorefrontStandIn) => (await standIn.handle(request('/api/_control'))).json();

let standIn: StorefrontStandIn;
beforeEach(() => {
  standIn = createStorefrontStandIn({ catalogue: C, products: shopProducts(C) });
});

describe('CART-7 product query', () => {
  it('answers the installation product with title, description and its first media image on the request origin', async () => {
    const { product } = await data<{ product: { title: string; description: string; media: { nodes: { image: { url: string } }[] } } }>(
      standIn,
      PRODUCT_QUERY,
      { id: standIn.installationProductId },
    );
    expect(product.title).toBe('Home charger installation');
    expect(product.description).toMatch(/Mainland UK only\.$/);
    expect(product.media.nodes[0]!.image.url).toBe(`${ORIGIN}/demo-images/installation.png?v=1`);
  });

  it('serves that image as PNG, resized by filename suffix, query string kept, as the element asks (200x200)', async () => {
    /** Status, type, cache header and the PNG's IHDR width x height (after the 8-byte signature and chunk head). */
    const picture = async (path: string) => {
      const response = await standIn.handle(request(path));
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
      return [response.status, response.headers.get('content-type'), response.headers.get('cache-control'), `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`];
    };
    expect(await picture('/demo-images/installation_200x200.png?v=1')).toEqual([200, 'image/png', 'public, max-age=3600', '200x200']);
    expect(await picture('/demo-images/charge-point.png')).toEqual([200, 'image/png', 'public, max-age=3600', '800x800']);
    expect((await picture('/demo-images/installation_9999x3.png'))[3]).toBe('2000x16');
    // Served again from memory, the same bytes.
    const again = async () => Buffer.from(await (await standIn.handle(request('/demo-images/installation_200x200.png?v=2'))).arrayBuffer());
    expect((await again()).equals(await again())).toBe(true);
    expect((await standIn.handle(request('/demo-images/nothing.png'))).status).toBe(404);
  });

  it('has every catalogue variant for sale at the catalogue price in pence written as Shopify does ("49.0")', async () => {
    const cable = C.cables[0]!;
    const { node } = await data<{ node: { price: Money; sku: string; availableForSale: boolean; product: { title: string } } }>(
      standIn,
      /* GraphQL */ `query Variant($id: ID!) { node(id: $id) { ... on ProductVariant { price { amount currencyCode } sku availableForSale product { title } } } }`,
      { id: cable.variantId },
    );
    expect(node).toEqual({ price: { amount: '49.0', currencyCode: 'GBP' }, sku: cable.code, availableForSale: true, product: { title: cable.name } });
  });

  it('finds products by ids and by handle; the product list and search are not served', async () => {
    interface Found {
      nodes: ({ title: string } | null)[];
      byHandle: { id: string } | null;
      notAProduct: { id: string } | null;
    }
    const result = await data<Found>(
      standIn,
      /* GraphQL */ `query Find($ids: [ID!]!, $variantId: ID!) {
        nodes(ids: $ids) { ... on Product { title } }
        byHandle: product(handle: "charge-point") { id }
        notAProduct: product(id: $variantId) { id }
      }`,
      { ids: [C.baseProduct.productId, 'gid://shopify/Product/1'], variantId: BASE },
    );
    expect(result.nodes).toEqual([{ title: 'Charge Point' }, null]);
    expect(result.byHandle).toEqual({ id: C.baseProduct.productId });
    expect(result.notAProduct).toBeNull();
    const listed = (await (await post(standIn, '{ products(first: 2) { nodes { title } } }')).json()) as GraphQLAnswer<unknown>;
    expect(listed.errors?.map((error) => error.message)).toEqual(['QueryRoot.products is not served by the demo Storefront stand-in.']);
  });
});

describe('CART-5 cart mutations', () => {
  it('creates a cart with lines, attributes and the buyer, priced in GBP with VAT included', async () => {
    const { cart, userErrors } = await createCart(standIn, {
      lines: [
        { merchandiseId: BASE, quantity: 1, attributes: [{ key: 'Front colour', value: 'Racing Green' }] },
        { merchandiseId: PREMIUM_INSTALL, quantity: 1 },
        { merchandiseId: CABLE_22KW },
      ],
      attributes: [{ key: 'Flow', value: 'order' }],
      buyerIdentity: { email: 'buyer@example.com' },
    });
    expect(userErrors).toEqual([]);
    expect(cart!.id).toMatch(/^gid:\/\/shopify\/Cart\/[0-9a-f]{32}\?key=[0-9a-f]{32}$/);
    expect(cart!.checkoutUrl).toBe(`${ORIGIN}/demo-checkout/${/Cart\/([0-9a-f]+)\?/.exec(cart!.id)![1]}`);
    expect(cart!.lines.nodes.map((line) => [line.merchandise.product.title, line.quantity, line.cost.totalAmount.amount])).toEqual([
      ['Charge Point', 1, '599.0'],
      ['Home charger installation', 1, '200.0'],
      ['22kW with 6.5m cable', 1, '295.0'],
    ]);
    expect(cart!.lines.nodes[0]!.attributes).toEqual([{ key: 'Front colour', value: 'Racing Green' }]);
    expect(cart!.attributes).toEqual([{ key: 'Flow', value: 'order' }]);
    expect(cart!.buyerIdentity).toEqual({ email: 'buyer@example.com', countryCode: 'GB' });
    expect(cart!.cost).toEqual({
      subtotalAmount: { amount: '1094.0', currencyCode: 'GBP' },
      totalAmount: { amount: '1094.0', currencyCode: 'GBP' },
      totalTaxAmount: { amount: '182.33' },
      checkoutChargeAmount: { amount: '1094.0' },
    });
  });

  it('merges a line added again with the same attributes, and keeps one with other attributes apart', async () => {
    const { cart } = await createCart(standIn, { lines: [{ merchandiseId: DISPLAY }] });
    const { cartLinesAdd } = await data<{ cartLinesAdd: Payload }>(standIn, CART_LINES_ADD, {
      cartId: cart!.id,
      lines: [{ merchandiseId: DISPLAY }, { merchandiseId: DISPLAY, attributes: [{ key: 'Gift', value: 'yes' }] }],
    });
    expect(cartLinesAdd.cart!.lines.nodes.map((line) => [line.quantity, line.attributes.length])).toEqual([
      [2, 0],
      [1, 1],
    ]);
  });

  it('refuses an unknown variant with INVALID_MERCHANDISE_LINE and its field path, changing nothing', async () => {
    const created = await createCart(standIn, { lines: [{ merchandiseId: BASE }, { merchandiseId: UNKNOWN_VARIANT }] });
    expect(created.cart).toBeNull();
    expect(created.userErrors).toEqual([
      { code: 'INVALID_MERCHANDISE_LINE', field: ['input', 'lines', '1', 'merchandiseId'], message: `The merchandise with id ${UNKNOWN_VARIANT} does not exist.` },
    ]);

    const { cart } = await createCart(standIn, { lines: [{ merchandiseId: BASE }] });
    const { cartLinesAdd } = await data<{ cartLinesAdd: Payload }>(standIn, CART_LINES_ADD, {
      cartId: cart!.id,
      lines: [{ merchandiseId: DISPLAY }, { merchandiseId: UNKNOWN_VARIANT }],
    });
    expect(cartLinesAdd.userErrors.map((e) => [e.code, e.field])).toEqual([['INVALID_MERCHANDISE_LINE', ['lines', '1', 'merchandiseId']]]);
    expect(cartLinesAdd.cart!.lines.nodes.map((line) => line.merchandise.id)).toEqual([BASE]);
  });

  it('removes lines and replaces attributes', async () => {
    const { cart } = await createCart(standIn, {
      lines: [{ merchandiseId: BASE }, { merchandiseId: DISPLAY }, { merchandiseId: WARRANTY }],
      attributes: [{ key: 'Flow', value: 'order' }],
    });
    const [, display, warranty] = cart!.lines.nodes;
    const result = await data<Record<string, Payload>>(
      standIn,
      /* GraphQL */ `mutation Edit($cartId: ID!, $remove: [ID!]!, $attributes: [AttributeInput!]!) {
        remove: cartLinesRemove(cartId: $cartId, lineIds: $remove) { ${PAYLOAD} }
        attributes: cartAttributesUpdate(cartId: $cartId, attributes: $attributes) { ${PAYLOAD} }
      }
      ${CART_FIELDS}`,
      { cartId: cart!.id, remove: [display!.id, warranty!.id], attributes: [{ key: 'Referral', value: 'Shop' }] },
    );
    for (const payload of Object.values(result)) expect(payload.userErrors).toEqual([]);
    const final = result.attributes!.cart!;
    expect(final.lines.nodes.map((line) => [line.merchandise.id, line.quantity])).toEqual([[BASE, 1]]);
    expect(final.attributes).toEqual([{ key: 'Referral', value: 'Shop' }]);
    expect(final.cost.totalAmount.amount).toBe('599.0');
  });

  it('answers "cart does not exist" for an unknown cart, and null for a cart id with the wrong key', async () => {
    const { cart } = await createCart(standIn, {});
    const wrongKey = cart!.id.replace(/key=[0-9a-f]+/, `key=${'0'.repeat(32)}`);
    expect((await data<{ cart: Cart | null }>(standIn, CART_QUERY, { id: wrongKey })).cart).toBeNull();
    const { cartLinesAdd } = await data<{ cartLinesAdd: Payload }>(standIn, CART_LINES_ADD, { cartId: wrongKey, lines: [{ merchandiseId: BASE }] });
    expect(cartLinesAdd).toEqual({ cart: null, userErrors: [{ code: 'INVALID', field: ['cartId'], message: 'The specified cart does not exist.' }], warnings: [] });
  });

  it('refuses a malformed e-mail in the buyer identity', async () => {
    const { cart } = await createCart(standIn, {});
    const { cartBuyerIdentityUpdate } = await data<{ cartBuyerIdentityUpdate: Payload }>(
      standIn,
      /* GraphQL */ `mutation Buyer($cartId: ID!, $buyerIdentity: CartBuyerIdentityInput!) {
        cartBuyerIdentityUpdate(cartId: $cartId, buyerIdentity: $buyerIdentity) { ${PAYLOAD} }
      }
      ${CART_FIELDS}`,
      { cartId: cart!.id, buyerIdentity: { email: 'not an e-mail' } },
    );
    expect(cartBuyerIdentityUpdate.userErrors).toEqual([{ code: 'INVALID', field: ['buyerIdentity', 'email'], message: 'Email is invalid' }]);
  });

  it('keeps the buyer preferences given; what the input leaves out or nulls answers null or an empty list', async () => {
    const preferences = async (input: object) =>
      (await data<{ cartCreate: { cart: { buyerIdentity: { preferences: unknown } } } }>(
        standIn,
        /* GraphQL */ `mutation Prefs($input: CartPreferencesInput) {
          cartCreate(input: { buyerIdentity: { preferences: $input } }) { cart { buyerIdentity { preferences { wallet delivery { coordinates { latitude } deliveryMethod pickupHandle } } } } }
        }`,
        { input },
      )).cartCreate.cart.buyerIdentity.preferences;
    expect(await preferences({ wallet: ['shop_pay'] })).toEqual({ wallet: ['shop_pay'], delivery: null });
    expect(await preferences({ delivery: { deliveryMethod: null, coordinates: null } })).toEqual({ wallet: null, delivery: { coordinates: null, deliveryMethod: [], pickupHandle: [] } });
    expect(await preferences({ delivery: { deliveryMethod: ['PICK_UP'], pickupHandle: ['depot'] } })).toEqual({ wallet: null, delivery: { coordinates: null, deliveryMethod: ['PICK_UP'], pickupHandle: ['depot'] } });
  });

  it('refuses what it does not model (a note, gift cards, line updates) rather than answer a cart without it', async () => {
    const refused = async (query: string) => ((await (await post(standIn, query)).json()) as GraphQLAnswer<unknown>).errors?.map((error) => error.message);
    expect(await refused('mutation { cartCreate(input: { note: "Ring the bell" }) { cart { id } } }')).toEqual(['CartInput.note is not served by the demo Storefront stand-in.']);
    expect(await refused('mutation { cartCreate(input: { giftCardCodes: ["GIFT-1234"] }) { cart { id } } }')).toEqual(['CartInput.giftCardCodes is not served by the demo Storefront stand-in.']);
    expect(await refused('mutation { cartLinesUpdate(cartId: "gid://shopify/Cart/1", lines: []) { cart { id } } }')).toEqual(['Mutation.cartLinesUpdate is not served by the demo Storefront stand-in.']);
  });
});

describe('PAY-4 delivery address: the cart delivery addresses (Storefront 2025-01 on)', () => {
  const V = '2026-04';
  const SELECTABLE = /* GraphQL */ `
    fragment Selectable on CartSelectableAddress {
      id selected oneTimeUse
      address { ... on CartDeliveryAddress { firstName lastName name address1 city zip countryCode phone formattedArea formatted(withName: true) } }
    }
  `;
  const DELIVERY_PAYLOAD = 'cart { id checkoutUrl delivery { addresses { ...Selectable } } } userErrors { code field message } warnings { code target }';
  interface Selectable {
    id: string;
    selected: boolean;
    oneTimeUse: boolean;
    address: { firstName: string | null; lastName: string | null; name: string | null; address1: string; city: string; zip: string; countryCode: string; phone: string | null; formattedArea: string; formatted: string[] };
  }
  interface DeliveryPayload {
    cart: { id: string; checkoutUrl: string; delivery: { addresses: Selectable[] } } | null;
    userErrors: { code: string; field: string[]; message: string }[];
    warnings: { code: string; target: string }[];
  }
  const HOME = { firstName: 'Alex', lastName: 'Morgan', address1: '1 Example Street', city: 'London', zip: 'SW1A 1AA', countryCode: 'GB', phone: '+447700900456' };
  const selectable = (deliveryAddress: object, extra: object = {}) => ({ address: { deliveryAddress }, ...extra });

  const create = async (addresses: object[]) =>
    (await data<{ cartCreate: DeliveryPayload }>(
      standIn,
      `mutation Create($input: CartInput) { cartCreate(input: $input) { ${DELIVERY_PAYLOAD} } } ${SELECTABLE}`,
      { input: { lines: [{ merchandiseId: BASE }], delivery: { addresses } } },
      V,
    )).cartCreate;

  /** cartDeliveryAddressesReplace, the address mutation the element sends, at an API version. */
  const mutate = async (variables: object, version = V) => {
    const response = await post(
      standIn,
      `mutation M($cartId: ID!, $addresses: [CartSelectableAddressInput!]!) { result: cartDeliveryAddressesReplace(cartId: $cartId, addresses: $addresses) { ${DELIVERY_PAYLOAD} } } ${SELECTABLE}`,
      variables,
      { version },
    );
    return (await response.json()) as GraphQLAnswer<{ result: DeliveryPayload }>;
  };
  const ok = async (variables: object) => {
    const answer = await mutate(variables);
    expect(answer.errors).toBeUndefined();
    return answer.data!.result;
  };

  it('cartCreate takes the address through CartInput.delivery; the cart shows it selected, one-time, formatted the UK way', async () => {
    const { cart, userErrors } = await create([selectable(HOME, { selected: true, oneTimeUse: true })]);
    expect(userErrors).toEqual([]);
    const [address] = cart!.delivery.addresses;
    expect(address!.id).toMatch(/^gid:\/\/shopify\/CartSelectableAddress\/[0-9a-f-]{36}$/);
    expect(address).toMatchObject({
      selected: true,
      oneTimeUse: true,
      address: {
        ...HOME,
        name: 'Alex Morgan',
        formattedArea: 'London, United Kingdom',
        formatted: ['Alex Morgan', '1 Example Street', 'London SW1A 1AA', 'United Kingdom'],
      },
    });
  });

  it('replaces every address with the new set, and clears them with none', async () => {
    const { cart } = await create([selectable({ ...HOME, address1: '9 Old Road', city: 'Leeds', zip: 'LS1 1AA' }, { selected: true })]);
    const replaced = await ok({ cartId: cart!.id, addresses: [selectable(HOME, { selected: true, oneTimeUse: true })] });
    expect(replaced.userErrors).toEqual([]);
    expect(replaced.cart!.delivery.addresses.map((entry) => [entry.address.address1, entry.selected])).toEqual([['1 Example Street', true]]);
    const cleared = await ok({ cartId: cart!.id, addresses: [] });
    expect(cleared.cart!.delivery.addresses).toEqual([]);
  });

  it('takes up to 20, one selected; a duplicate is kept once with DUPLICATE_DELIVERY_ADDRESS', async () => {
    const { cart } = await create([selectable(HOME, { selected: true })]);
    const street = (n: number) => selectable({ ...HOME, address1: `${n} High Street` });
    const replaced = await ok({ cartId: cart!.id, addresses: [street(2), { ...street(3), selected: true }, street(2)] });
    expect(replaced.userErrors).toEqual([]);
    expect(replaced.warnings).toEqual([{ code: 'DUPLICATE_DELIVERY_ADDRESS', target: cart!.id }]);
    expect(replaced.cart!.delivery.addresses.map((entry) => [entry.address.address1, entry.selected])).toEqual([
      ['2 High Street', false],
      ['3 High Street', true],
    ]);
    const twoSelected = await ok({ cartId: cart!.id, addresses: [{ ...street(4), selected: true }, { ...street(5), selected: true }] });
    expect(twoSelected.userErrors).toEqual([
      { code: 'ONLY_ONE_DELIVERY_ADDRESS_CAN_BE_SELECTED', field: ['addresses', '1', 'selected'], message: 'Only one delivery address can be selected.' },
    ]);
    const tooMany = await ok({ cartId: cart!.id, addresses: Array.from({ length: 21 }, (_, n) => street(10 + n)) });
    expect(tooMany.userErrors.map((error) => error.code)).toEqual(['TOO_MANY_DELIVERY_ADDRESSES']);
    expect(tooMany.cart!.delivery.addresses).toHaveLength(2);
  });

  it.each<[string, object, string | undefined, [string, string[]][]]>([
    ['STRICT: a postcode that is not a UK one', { ...HOME, zip: '90210' }, 'STRICT', [['INVALID_ZIP_CODE_FOR_COUNTRY', ['zip']]]],
    ['STRICT: HTML in a field', { ...HOME, address1: '<b>1</b> Example Street' }, 'STRICT', [['ADDRESS_FIELD_CONTAINS_HTML_TAGS', ['address1']]]],
    ['STRICT: a URL in a field', { ...HOME, company: 'https://spam.example' }, 'STRICT', [['ADDRESS_FIELD_CONTAINS_URL', ['company']]]],
    ['STRICT: an emoji', { ...HOME, city: 'London 🚗' }, 'STRICT', [['ADDRESS_FIELD_CONTAINS_EMOJIS', ['city']]]],
    ['STRICT: a field too long', { ...HOME, address1: 'x'.repeat(256) }, 'STRICT', [['ADDRESS_FIELD_IS_TOO_LONG', ['address1']]]],
    ['STRICT: no city, a phone not in E.164', { ...HOME, city: '', phone: '07700 900456' }, 'STRICT', [
      ['ADDRESS_FIELD_IS_REQUIRED', ['city']],
      ['ADDRESS_FIELD_DOES_NOT_MATCH_EXPECTED_PATTERN', ['phone']],
    ]],
    ['the default checks the country code only: the odd postcode passes', { ...HOME, zip: '90210' }, undefined, []],
    ['no country code', { ...HOME, countryCode: undefined }, 'COUNTRY_CODE_ONLY', [['ADDRESS_FIELD_IS_REQUIRED', ['countryCode']]]],
  ])('checks an address as its validationStrategy asks (%s)', async (_case, address, validationStrategy, expected) => {
    const { cart, userErrors } = await create([selectable(address, { validationStrategy })]);
    const path = ['input', 'delivery', 'addresses', '0', 'address', 'deliveryAddress'];
    expect(userErrors.map((error) => [error.code, error.field])).toEqual(expected.map(([code, field]) => [code, [...path, ...field]]));
    expect(cart === null).toBe(expected.length > 0);
  });

  it('refuses a customer address to copy (no accounts in the demo shop)', async () => {
    const { userErrors } = await create([{ address: { copyFromCustomerAddressId: 'gid://shopify/MailingAddress/1' } }]);
    expect(userErrors.map((error) => [error.code, error.field.join('.')])).toEqual([
      ['INVALID', 'input.delivery.addresses.0.address.copyFromCustomerAddressId'],
    ]);
  });

  it('refuses an address given both ways before running anything: CartAddressInput is a OneOf input in Shopify\'s schema', async () => {
    const answer = await post(standIn, `mutation Create($input: CartInput) { cartCreate(input: $input) { ${DELIVERY_PAYLOAD} } } ${SELECTABLE}`, {
      input: { delivery: { addresses: [{ address: { copyFromCustomerAddressId: 'gid://shopify/MailingAddress/1', deliveryAddress: HOME } }] } },
    });
    const body = (await answer.json()) as GraphQLAnswer<unknown>;
    expect(body.data).toBeUndefined();
    expect(body.errors!.map((error) => error.message)).toEqual([
      expect.stringContaining('Exactly one key must be specified for OneOf type "CartAddressInput".'),
    ]);
  });

  it('lists only the selected address when asked', async () => {
    const { cart } = await create([selectable(HOME), selectable({ ...HOME, address1: '2 High Street' }, { selected: true })]);
    const { cart: read } = await data<{ cart: { delivery: { addresses: { address: { address1: string } }[] } } }>(
      standIn,
      `query Read($id: ID!) { cart(id: $id) { delivery { addresses(selected: true) { address { ... on CartDeliveryAddress { address1 } } } } } }`,
      { id: cart!.id },
      V,
    );
    expect(read.delivery.addresses).toEqual([{ address: { address1: '2 High Street' } }]);
  });

  it.each([
    ['2025-07', '2025-10'],
    ['2024-10', '2025-10'],
  ] as const)('serves a retired version (%s) as the oldest one Shopify publishes (%s), and says so, as Shopify does', async (version, served) => {
    const { cart } = await create([]);
    const answer = await post(standIn, '{ shop { name } }', {}, { version });
    expect(answer.headers.get('x-shopify-api-version')).toBe(served);
    const replaced = await mutate({ cartId: cart!.id, addresses: [selectable(HOME)] }, version);
    expect(replaced.errors).toBeUndefined();
    expect(replaced.data!.result.cart!.delivery.addresses).toHaveLength(1);
  });

  it("serves the element's own checkout: a monthly order's address on a new cart, then replaced on the reused cart", async () => {
    const client = createShopClient({
      storefrontEndpoint: `${ORIGIN}/api/${DEFAULT_API_VERSION}/graphql.json`,
      apiVersion: DEFAULT_API_VERSION,
      publicAccessToken: 'demo-token',
      fetch: (input, init) => standIn.handle(new Request(input as string, init)),
    });
    const configuration = { ...defaultConfiguration(C), paymentType: 'PAY_MONTHLY' as const };
    const form = { ...defaultFormValues(), 'first-name': 'Alex', 'last-name': 'Morgan', legalName: 'Alexandra Morgan', primaryAddress1: '1 Example Street', primaryCity: 'London', primaryPostcode: 'sw1a 1aa' };
    const order = { catalogue: C, configuration, email: 'alex.morgan@example.com' };
    const first = await checkoutConfiguration(client, { ...order, deliveryAddress: deliveryAddress(configuration, form) });
    const addressLines = (cart: typeof first.cart) => cart.delivery.addresses.map((entry) => [entry.selected, entry.address.formatted]);
    expect(addressLines(first.cart)).toEqual([[true, ['1 Example Street', 'London SW1A 1AA', 'United Kingdom']]]);
    const moved = { ...form, primaryAddress1: '2 New Road', primaryCity: 'Bath', primaryPostcode: 'BA1 1AA' };
    const again = await checkoutConfiguration(client, { ...order, existingCartId: first.cartId, deliveryAddress: deliveryAddress(configuration, moved) });
    expect(again.cartId).toBe(first.cartId);
    expect(addressLines(again.cart)).toEqual([[true, ['2 New Road', 'Bath BA1 1AA', 'United Kingdom']]]);
    const paidInFull = await checkoutConfiguration(client, { ...order, existingCartId: first.cartId, configuration: { ...configuration, paymentType: 'PAY_NOW' } });
    expect(paidInFull.cart.delivery.addresses).toEqual([]);
  });

  it("the demo checkout page shows the selected address, as the shop's checkout opens with it", async () => {
    const { cart } = await create([
      selectable({ ...HOME, address1: '9 Old Road', city: 'Leeds', zip: 'LS1 1AA' }),
      selectable({ ...HOME, firstName: 'Alex <b>', address1: '1 Example Street' }, { selected: true, oneTimeUse: true }),
    ]);
    const html = await (await standIn.handle(request(new URL(cart!.checkoutUrl).pathname))).text();
    expect(html).toContain(
      '<section aria-labelledby="delivery-address">\n<h2 id="delivery-address">Delivery address</h2>\n' +
        '<address>Alex &#60;b&#62; Morgan<br>1 Example Street<br>London SW1A 1AA<br>United Kingdom<br>+447700900456</address>' +
        '<p>For this order only: not saved to an account.</p>\n</section>',
    );
    expect(html).not.toContain('Old Road');
    const { cart: bare } = await createCart(standIn, {});
    expect(await (await standIn.handle(request(new URL(bare!.checkoutUrl).pathname))).text()).toContain('<p>None given: the checkout asks for it.</p>');
  });
});

describe('CART-5 discount codes', () => {
  const update = (cartId: string, discountCodes: string[], version?: string) =>
    data<{ cartDiscountCodesUpdate: Payload }>(standIn, DISCOUNT_CODES_UPDATE, { cartId, discountCodes }, version).then((d) => d.cartDiscountCodesUpdate);

  it('applies PARTNER100 as £100 off the order at cart level; an unknown code stays, not applicable', async () => {
    const { cart } = await createCart(standIn, { lines: [{ merchandiseId: BASE }, { merchandiseId: CABLE_22KW }] });
    const result = await update(cart!.id, ['partner100', 'NOSUCHCODE']);
    expect(result.userErrors).toEqual([]);
    expect(result.warnings.map((w) => [w.code, w.target])).toEqual([['DISCOUNT_NOT_FOUND', cart!.id]]);
    expect(result.cart!.discountCodes).toEqual([
      { code: 'partner100', applicable: true },
      { code: 'NOSUCHCODE', applicable: false },
    ]);
    expect(result.cart!.discountAllocations).toEqual([{ code: 'partner100', discountedAmount: { amount: '100.0', currencyCode: 'GBP' } }]);
    expect(result.cart!.cost.subtotalAmount.amount).toBe('894.0');
    expect(result.cart!.cost.totalAmount.amount).toBe('794.0');
  });

  it('applies only the best of two partner codes, and none to an empty cart', async () => {
    const { cart } = await createCart(standIn, { lines: [{ merchandiseId: BASE }] });
    const both = await update(cart!.id, ['PARTNER75S', 'PARTNER100']);
    expect(both.cart!.discountCodes.map((d) => d.applicable)).toEqual([false, true]);
    expect(both.cart!.cost.totalAmount.amount).toBe('499.0');

    const empty = await createCart(standIn, { discountCodes: ['PARTNER75L'] });
    expect(empty.cart!.discountCodes).toEqual([{ code: 'PARTNER75L', applicable: false }]);
    expect(empty.cart!.discountAllocations).toEqual([]);
  });

  it('warns DISCOUNT_NOT_FOUND for an unknown code, as Shopify does from 2025-07 (so in every version it still serves)', async () => {
    const { cart } = await createCart(standIn, { lines: [{ merchandiseId: BASE }] });
    const result = await update(cart!.id, ['NOSUCHCODE'], '2024-10');
    expect(result.warnings.map((w) => [w.code, w.target])).toEqual([['DISCOUNT_NOT_FOUND', cart!.id]]);
  });
});

describe('CART-5 cart lines paging', () => {
  it('pages lines with real cursors and pageInfo: 5 lines, first 2, three pages', async () => {
    const ids = [BASE, PREMIUM_INSTALL, CABLE_22KW, DISPLAY, WARRANTY];
    const { cart } = await createCart(standIn, { lines: ids.map((merchandiseId) => ({ merchandiseId })) });
    const PAGE = /* GraphQL */ `
      query CartLines($id: ID!, $after: String) {
        cart(id: $id) {
          lines(first: 2, after: $after) {
            edges { cursor node { merchandise { ... on ProductVariant { id } } } }
            pageInfo { hasNextPage hasPreviousPage endCursor }
          }
        }
      }
    `;
    interface Page {
      cart: { lines: { edges: { cursor: string; node: { merchandise: { id: string } } }[]; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null } } };
    }
    const pages: Page['cart']['lines'][] = [];
    let after: string | null = null;
    do {
      const { cart: page }: Page = await data<Page>(standIn, PAGE, { id: cart!.id, after });
      pages.push(page.lines);
      after = page.lines.pageInfo.hasNextPage ? page.lines.pageInfo.endCursor : null;
    } while (after);
    expect(pages.map((page) => page.edges.length)).toEqual([2, 2, 1]);
    expect(pages.map((page) => [page.pageInfo.hasPreviousPage, page.pageInfo.hasNextPage])).toEqual([
      [false, true],
      [true, true],
      [true, false],
    ]);
    expect(pages.flatMap((page) => page.edges.map((edge) => edge.node.merchandise.id))).toEqual(ids);
    expect(pages[0]!.pageInfo.endCursor).toBe(pages[0]!.edges[1]!.cursor);
  });

  it('answers a GraphQL error for lines without first or last, and for more than 250 a page', async () => {
    const { cart } = await createCart(standIn, {});
    for (const args of ['', '(first: 251)']) {
      const response = await post(standIn, `query($id: ID!) { cart(id: $id) { lines${args} { nodes { id } } } }`, { id: cart!.id });
      const body = (await response.json()) as GraphQLAnswer<unknown>;
      expect(body.errors?.length).toBe(1);
    }
  });
});

describe('HTTP behaviour of /api/{version}/graphql.json', () => {
  it('answers 401 JSON without a non-empty access token, with CORS headers', async () => {
    for (const headers of [{}, { 'X-Shopify-Storefront-Access-Token': ' ' }] as Record<string, string>[]) {
      const response = await post(standIn, '{ shop { name } }', {}, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.json()).toEqual({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    }
  });

  it('answers a preflight for the client headers', async () => {
    const response = await standIn.handle(
      request('/api/2025-04/graphql.json', {
        method: 'OPTIONS',
        headers: { Origin: 'https://partner.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-shopify-storefront-access-token,x-sdk-variant' },
      }),
    );
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type,x-shopify-storefront-access-token,x-sdk-variant');
    expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
  });

  it('validates every document against the schema: a misspelt field is a GraphQL error and nothing runs', async () => {
    const response = await post(standIn, /* GraphQL */ `mutation { cartCreate(input: {}) { cart { idd } } }`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as GraphQLAnswer<unknown>;
    expect(body.data).toBeUndefined();
    expect(body.errors!.map((e) => e.message)).toEqual(['Cannot query field "idd" on type "Cart". Did you mean "id"?']);
    expect(((await (await standIn.handle(request('/api/_control'))).json()) as { carts: number }).carts).toBe(0);
  });

  it('answers a syntax error as a GraphQL error, a body that is not JSON with 400, a version that names no published release with 404', async () => {
    const syntax = (await (await post(standIn, '{ shop { name }')).json()) as GraphQLAnswer<unknown>;
    expect(syntax.errors![0]!.message).toMatch(/^Syntax Error/);
    const notJson = await standIn.handle(request('/api/2025-04/graphql.json', { method: 'POST', headers: { ...TOKEN, 'Content-Type': 'application/json' }, body: '{' }));
    expect(notJson.status).toBe(400);
    for (const version of ['latest', '2026-02', '2027-01']) expect((await post(standIn, '{ shop { name } }', {}, { version })).status).toBe(404);
  });

  it('names a root field the demo shop does not serve instead of inventing an answer', async () => {
    const body = (await (await post(standIn, '{ localization { country { name } } }')).json()) as GraphQLAnswer<unknown>;
    expect(body.errors!.map((e) => e.message)).toEqual(['QueryRoot.localization is not served by the demo Storefront stand-in.']);
  });

  it('works with @shopify/storefront-api-client through its customFetchApi (TOOLCHAIN: Storefront API)', async () => {
    const sent: Request[] = [];
    const client = createStorefrontApiClient({
      storeDomain: 'demo-shop.myshopify.com',
      apiVersion: '2026-04',
      publicAccessToken: 'demo-token',
      logger: () => {},
      customFetchApi: (url, init) => {
        const forwarded = new Request(url.replace('https://demo-shop.myshopify.com', ORIGIN), init as RequestInit);
        sent.push(forwarded.clone());
        return standIn.handle(forwarded);
      },
    });
    const { data: answer, errors } = await client.request(PRODUCT_QUERY, { variables: { id: C.baseProduct.productId } });
    expect(errors).toBeUndefined();
    expect(answer.product.title).toBe('Charge Point');
    expect(new URL(sent[0]!.url).pathname).toBe('/api/2026-04/graphql.json');
  });
});

describe('failure switch (POST /api/_control)', () => {
  it('is off by default, fails the next N API requests with the status asked for, then recovers', async () => {
    expect((await post(standIn, '{ shop { name } }')).status).toBe(200);
    const set = await control(standIn, { failNext: 2, status: 503 });
    expect(await set.json()).toEqual({ failNext: 2, status: 503, carts: 0, prices: {}, unavailable: [], rejectDiscountCodes: [] });
    const preflight = await standIn.handle(request('/api/2025-04/graphql.json', { method: 'OPTIONS' }));
    expect(preflight.status).toBe(204);
    expect((await post(standIn, '{ shop { name } }')).status).toBe(503);
    expect((await post(standIn, '{ shop { name } }')).status).toBe(503);
    expect((await post(standIn, '{ shop { name } }')).status).toBe(200);
  });

  it('forgets every cart on request, as if they had expired', async () => {
    const { cart } = await createCart(standIn, { lines: [{ merchandiseId: BASE }] });
    await control(standIn, { forgetCarts: true });
    expect((await data<{ cart: Cart | null }>(standIn, CART_QUERY, { id: cart!.id })).cart).toBeNull();
  });

  it('refuses a control body it does not understand', async () => {
    for (const body of [{ failNext: -1 }, { failNext: 1, status: 200 }, { status: 503 }, { forgetCarts: 'yes' }]) {
      expect((await control(standIn, body)).status).toBe(400);
    }
  });
});

describe('demo checkout page at the cart checkoutUrl', () => {
  it('lists lines with their attributes, cart attributes, discount, buyer e-mail, subtotal and total in GBP', async () => {
    const { cart } = await createCart(standIn, {
      lines: [
        { merchandiseId: BASE, attributes: [{ key: 'Front colour', value: 'Racing Green' }] },
        { merchandiseId: PREMIUM_INSTALL },
      ],
      attributes: [{ key: 'Payment plan', value: 'Pay in full' }, { key: 'Access', value: 'Side gate <open>' }],
      discountCodes: ['PARTNER100'],
      buyerIdentity: { email: 'jo@partner-one.example' },
    });
    const response = await standIn.handle(request(`${new URL(cart!.checkoutUrl).pathname}?_fd=0`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).not.toMatch(/<script|style=/);
    expect(html).toContain('<th scope="row">Charge Point</th>\n<td><dl><dt>Front colour</dt><dd>Racing Green</dd></dl></td>\n<td>1</td>\n<td class="amount">£599.00</td>');
    expect(html).toContain('Home charger installation<span class="variant">7kW Premium installation (physical survey)</span>');
    expect(html).toContain('<dt>Payment plan</dt><dd>Pay in full</dd>');
    expect(html).toContain('<dt>Access</dt><dd>Side gate &#60;open&#62;</dd>');
    expect(html).toContain('<li>PARTNER100: applied</li>');
    expect(html).toContain('<dt>E-mail</dt><dd>jo@partner-one.example</dd>');
    expect(html).toContain('<tr><th scope="row" colspan="3">Subtotal</th><td>£799.00</td></tr>');
    expect(html).toContain('<tr><th scope="row" colspan="3">Discount PARTNER100</th><td>−£100.00</td></tr>');
    expect(html).toContain('<tr class="total"><th scope="row" colspan="3">Total</th><td>£699.00</td></tr>');
    expect((await standIn.handle(request('/demo-checkout/checkout.css'))).headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('answers an unknown checkout with a 404 page linking back to the examples', async () => {
    const response = await standIn.handle(request('/demo-checkout/0123456789abcdef0123456789abcdef'));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<a href="/">Back to the examples</a>');
  });
});

describe('steering the shop (POST /api/_control: prices, unavailable, rejectDiscountCodes, reset)', () => {
  const VARIANT = /* GraphQL */ `
    query Variant($id: ID!) {
      node(id: $id) {
        ... on ProductVariant {
          price { amount }
          priceV2 { amount }
          availableForSale
          currentlyNotInStock
          quantityAvailable
          product { availableForSale priceRange { minVariantPrice { amount } maxVariantPrice { amount } } }
        }
      }
    }
  `;
  interface VariantAnswer {
    node: {
      price: Money;
      priceV2: Money;
      availableForSale: boolean;
      currentlyNotInStock: boolean;
      quantityAvailable: number | null;
      product: { availableForSale: boolean; priceRange: { minVariantPrice: Money; maxVariantPrice: Money } };
    };
  }
  const variant = async (id: string) => (await data<VariantAnswer>(standIn, VARIANT, { id })).node;

  it('sets a price: the variant, its product price range and GET /api/_control follow', async () => {
    await steer(standIn, { prices: { [BASE]: '649.00', [PREMIUM_INSTALL]: '512.50' } });
    expect(await variant(BASE)).toMatchObject({
      price: { amount: '649.0' },
      priceV2: { amount: '649.0' },
      product: { priceRange: { minVariantPrice: { amount: '649.0' }, maxVariantPrice: { amount: '649.0' } } },
    });
    // The installation product's range spans its variants: now up to the premium one's new price.
    expect(await variant(PREMIUM_INSTALL)).toMatchObject({ price: { amount: '512.5' }, product: { priceRange: { maxVariantPrice: { amount: '512.5' } } } });
    expect(await controlState(standIn)).toMatchObject({ prices: { [BASE]: '649.00', [PREMIUM_INSTALL]: '512.50' }, unavailable: [], rejectDiscountCodes: [] });
  });

  it('takes a variant off sale: not for sale, none available, no back-order, its only product off sale', async () => {
    await steer(standIn, { unavailable: [DISPLAY] });
    expect(await variant(DISPLAY)).toMatchObject({ availableForSale: false, currentlyNotInStock: false, quantityAvailable: 0, product: { availableForSale: false } });
    expect(await variant(BASE)).toMatchObject({ availableForSale: true, quantityAvailable: null });
    expect((await controlState(standIn)).unavailable).toEqual([DISPLAY]);
  });

  it('skips a variant off sale when picking the first available one, and falls back to the first when none is', async () => {
    const FIRST_AVAILABLE = /* GraphQL */ `query First($id: ID!) { product(id: $id) { selectedOrFirstAvailableVariant { id } } }`;
    const first = async () =>
      (await data<{ product: { selectedOrFirstAvailableVariant: { id: string } } }>(standIn, FIRST_AVAILABLE, { id: standIn.installationProductId })).product
        .selectedOrFirstAvailableVariant.id;
    const [one, two] = C.installations.map((option) => option.variantId);
    expect(await first()).toBe(one);
    await steer(standIn, { unavailable: [one] });
    expect(await first()).toBe(two);
    await steer(standIn, { unavailable: C.installations.map((option) => option.variantId) });
    expect(await first()).toBe(one);
  });

  it('resets prices, availability, rejected codes and the failure switch, keeping carts', async () => {
    const { cart } = await createCart(standIn, { lines: [{ merchandiseId: BASE }] });
    await steer(standIn, { prices: { [BASE]: '1.00' }, unavailable: [BASE], rejectDiscountCodes: ['partner100'], failNext: 3 });
    expect(await controlState(standIn)).toEqual({ failNext: 3, status: 503, carts: 1, prices: { [BASE]: '1.00' }, unavailable: [BASE], rejectDiscountCodes: ['PARTNER100'] });
    await steer(standIn, { reset: true });
    expect(await controlState(standIn)).toEqual({ failNext: 0, status: 503, carts: 1, prices: {}, unavailable: [], rejectDiscountCodes: [] });
    expect(await variant(BASE)).toMatchObject({ price: { amount: '599.0' }, availableForSale: true });
    expect((await data<{ cart: Cart }>(standIn, CART_QUERY, { id: cart!.id })).cart.cost.totalAmount.amount).toBe('599.0');
  });

  it.each([
    [{ colour: 'red' }, /Unknown key "colour"; the keys are failNext, status, forgetCarts, prices, unavailable, rejectDiscountCodes, reset, shop\./],
    [{ prices: ['649.00'] }, /prices must be an object of variant ids to amounts/],
    [{ prices: { [UNKNOWN_VARIANT]: '649.00' } }, /prices: the demo shop has no variant gid:\/\/shopify\/ProductVariant\/1\./],
    ...['649', '649.0', '649.000', '-1.00', '1,000.00', '£649.00', ' 649.00'].map((amount) => [
      { prices: { [BASE]: amount } },
      new RegExp(`prices\\["${BASE}"\\]: ${JSON.stringify(amount).replace(/[.$£]/g, '\\$&')} is not an amount in pounds with 2 decimals, such as "649\\.00"\\.`),
    ]),
    [{ prices: { [BASE]: 649 } }, /prices\["gid:\/\/shopify\/ProductVariant\/\d+"\]: 649 is not an amount/],
    [{ unavailable: BASE }, /unavailable must be a list of variant ids\./],
    [{ unavailable: [BASE, UNKNOWN_VARIANT] }, /unavailable: the demo shop has no variant "gid:\/\/shopify\/ProductVariant\/1"\./],
    [{ rejectDiscountCodes: 'PARTNER100' }, /rejectDiscountCodes must be a list of discount codes\./],
    [{ rejectDiscountCodes: ['NOSUCHCODE'] }, /rejectDiscountCodes: the demo shop has no discount code "NOSUCHCODE"; its codes are PARTNER100, PARTNER75S, PARTNER75L\./],
    [{ reset: 'yes' }, /reset must be true or false\./],
    [[{ reset: true }], /The body must be a JSON object\./],
  ] as [unknown, RegExp][])('answers 400 naming the problem, changing nothing: %j', async (body, message) => {
    // A valid key beside the bad one is not applied either.
    const valid = Object.hasOwn(body as object, 'rejectDiscountCodes') ? { prices: { [WARRANTY]: '1.00' } } : { rejectDiscountCodes: ['PARTNER75L'] };
    const withValid = Array.isArray(body) ? body : { ...valid, ...(body as object) };
    for (const sent of [body, withValid]) {
      const response = await control(standIn, sent);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    }
    expect(await controlState(standIn)).toMatchObject({ prices: {}, unavailable: [], rejectDiscountCodes: [] });
  });

  it('re-prices an existing cart on its next read: line costs, subtotal, total, tax and checkout charge', async () => {
    const { cart } = await createCart(standIn, { lines: [{ merchandiseId: BASE }, { merchandiseId: CABLE_22KW, quantity: 2 }], discountCodes: ['PARTNER100'] });
    expect(cart!.cost.totalAmount.amount).toBe('1089.0');
    await steer(standIn, { prices: { [CABLE_22KW]: '300.25' } });
    const { cart: read } = await data<{ cart: Cart }>(standIn, CART_QUERY, { id: cart!.id });
    expect(read.lines.nodes.map((line) => [line.merchandise.price.amount, line.cost.totalAmount.amount])).toEqual([
      ['599.0', '599.0'],
      ['300.25', '600.5'],
    ]);
    expect(read.cost).toEqual({
      subtotalAmount: { amount: '1199.5', currencyCode: 'GBP' },
      totalAmount: { amount: '1099.5', currencyCode: 'GBP' },
      totalTaxAmount: { amount: '183.25' },
      checkoutChargeAmount: { amount: '1199.5' },
    });
  });

  it('adds an unavailable variant as Shopify does since 2024-10: the line is added with a MERCHANDISE_OUT_OF_STOCK warning naming it', async () => {
    await steer(standIn, { unavailable: [DISPLAY] });
    const { cart } = await createCart(standIn, { lines: [{ merchandiseId: BASE }] });
    const { cartLinesAdd } = await data<{ cartLinesAdd: Payload }>(standIn, CART_LINES_ADD, { cartId: cart!.id, lines: [{ merchandiseId: DISPLAY }] });
    expect(cartLinesAdd.userErrors).toEqual([]);
    const displayLine = cartLinesAdd.cart!.lines.nodes.find((line) => line.merchandise.id === DISPLAY)!;
    expect(cartLinesAdd.warnings).toEqual([{ code: 'MERCHANDISE_OUT_OF_STOCK', message: 'Digital display is out of stock.', target: displayLine.id }]);
    const created = await createCart(standIn, { lines: [{ merchandiseId: DISPLAY }] });
    expect(created.warnings.map((warning) => [warning.code, warning.target])).toEqual([['MERCHANDISE_OUT_OF_STOCK', created.cart!.lines.nodes[0]!.id]]);
  });

  it('warns on the next mutation of a cart whose line went out of stock meanwhile', async () => {
    const { cart } = await createCart(standIn, { lines: [{ merchandiseId: BASE }, { merchandiseId: WARRANTY }] });
    await steer(standIn, { unavailable: [WARRANTY] });
    const { cartLinesAdd } = await data<{ cartLinesAdd: Payload }>(standIn, CART_LINES_ADD, { cartId: cart!.id, lines: [{ merchandiseId: BASE }] });
    expect(cartLinesAdd.warnings.map((warning) => [warning.code, warning.target])).toEqual([['MERCHANDISE_OUT_OF_STOCK', cart!.lines.nodes[1]!.id]]);
  });

  describe('rejected discount codes', () => {
    const update = (cartId: string, discountCodes: string[], version?: string) =>
      data<{ cartDiscountCodesUpdate: Payload }>(standIn, DISCOUNT_CODES_UPDATE, { cartId, discountCodes }, version).then((d) => d.cartDiscountCodesUpdate);

    it('keeps the code, not applicable, with no allocation, and from 2025-07 a DISCOUNT_CODE_NOT_HONOURED warning', async () => {
      await steer(standIn, { rejectDiscountCodes: ['PARTNER100'] });
      const { cart } = await createCart(standIn, { lines: [{ merchandiseId: BASE }] });
      for (const [version, warnings] of [
        ['2025-07', [['DISCOUNT_CODE_NOT_HONOURED', 'The discount code partner100 cannot be honored.', cart!.id]]],
        ['2026-04', [['DISCOUNT_CODE_NOT_HONOURED', 'The discount code partner100 cannot be honored.', cart!.id]]],
      ] as const) {
        const result = await update(cart!.id, ['partner100'], version);
        expect(result.userErrors).toEqual([]);
        expect(result.cart!.discountCodes).toEqual([{ code: 'partner100', applicable: false }]);
        expect(result.cart!.discountAllocations).toEqual([]);
        expect(result.cart!.cost.totalAmount.amount).toBe('599.0');
        expect(result.warnings.map((warning) => [warning.code, warning.message, warning.target])).toEqual(warnings);
      }
    });

    it('tells a rejected code from an unknown one, and lets another code apply', async () => {
      await steer(standIn, { rejectDiscountCodes: ['PARTNER100'] });
      const { cart, warnings } = await createCart(standIn, { lines: [{ merchandiseId: BASE }], discountCodes: ['PARTNER100', 'NOSUCHCODE', 'PARTNER75S'] }, '2025-07');
      expect(warnings.map((warning) => warning.code)).toEqual(['DISCOUNT_CODE_NOT_HONOURED', 'DISCOUNT_NOT_FOUND']);
      expect(cart!.discountCodes.map((code) => code.applicable)).toEqual([false, false, true]);
      expect(cart!.cost.totalAmount.amount).toBe('524.0');
    });

    it('takes the discount off an existing cart on its next read, and gives it back after a reset', async () => {
      const { cart } = await createCart(standIn, { lines: [{ merchandiseId: BASE }], discountCodes: ['PARTNER100'] });
      expect(cart!.cost.totalAmount.amount).toBe('499.0');
      await steer(standIn, { rejectDiscountCodes: ['partner100'] });
      expect((await data<{ cart: Cart }>(standIn, CART_QUERY, { id: cart!.id })).cart.cost.totalAmount.amount).toBe('599.0');
      await steer(standIn, { reset: true });
      expect((await data<{ cart: Cart }>(standIn, CART_QUERY, { id: cart!.id })).cart.cost.totalAmount.amount).toBe('499.0');
    });
  });
});

describe('the monthly plan as a selling plan (PRICE-4: £350.00 today, the rest by Direct Debit)', () => {
  const PLANS = /* GraphQL */ `
    fragment Allocation on SellingPlanAllocation {
      checkoutChargeAmount { amount currencyCode }
      remainingBalanceChargeAmount { amount }
      priceAdjustments { price { amount } compareAtPrice { amount } perDeliveryPrice { amount } }
      sellingPlan {
        id
        name
        recurringDeliveries
        options { name value }
        checkoutCharge {
          type
          value { ... on MoneyV2 { amount } ... on SellingPlanCheckoutChargePercentageValue { percentage } }
        }
      }
    }
    query Plans($id: ID!) {
      product(id: $id) {
        requiresSellingPlan
        sellingPlanGroups(first: 10) { nodes { name options { name values } sellingPlans(first: 10) { nodes { id } } } }
        variants(first: 10) { nodes { id sellingPlanAllocations(first: 10) { nodes { ...Allocation } } } }
      }
    }
  `;
  interface Allocation {
    checkoutChargeAmount: Money;
    remainingBalanceChargeAmount: Money;
    priceAdjustments: { price: Money; compareAtPrice: Money; perDeliveryPrice: Money }[];
    sellingPlan: { id: string; name: string; recurringDeliveries: boolean; options: { name: string; value: string }[]; checkoutCharge: { type: string; value: { amount?: string; percentage?: number } } };
  }
  interface PlansAnswer {
    product: {
      requiresSellingPlan: boolean;
      sellingPlanGroups: { nodes: { name: string; options: { name: string; values: string[] }[]; sellingPlans: { nodes: { id: string }[] } }[] };
      variants: { nodes: { id: string; sellingPlanAllocations: { nodes: Allocation[] } }[] };
    };
  }
  const productOf = (variantId: string) => (variantId === BASE ? C.baseProduct.productId : `gid://shopify/Product/${/\d+$/.exec(variantId)![0]}`);
  const plansOf = async (variantId: string) => {
    const { product } = await data<PlansAnswer>(standIn, PLANS, { id: productOf(variantId) });
    return { product, allocations: product.variants.nodes.find((node) => node.id === variantId)!.sellingPlanAllocations.nodes };
  };
  const planId = async (variantId: string) => (await plansOf(variantId)).allocations[0]!.sellingPlan.id;

  const LINE_PLANS = /* GraphQL */ `
    query LinePlans($id: ID!) {
      cart(id: $id) {
        cost { subtotalAmount { amount } totalAmount { amount } checkoutChargeAmount { amount } }
        lines(first: 10) { nodes { merchandise { ... on ProductVariant { id } } sellingPlanAllocation { checkoutChargeAmount { amount } remainingBalanceChargeAmount { amount } sellingPlan { id } } } }
      }
    }
  `;
  interface LinePlans {
    cart: {
      cost: { subtotalAmount: Money; totalAmount: Money; checkoutChargeAmount: Money };
      lines: { nodes: { merchandise: { id: string }; sellingPlanAllocation: { checkoutChargeAmount: Money; remainingBalanceChargeAmount: Money; sellingPlan: { id: string } } | null }[] };
    };
  }
  const linePlans = async (cartId: string) => (await data<LinePlans>(standIn, LINE_PLANS, { id: cartId })).cart;

  /** The monthly order: the charger and a cable, each with its allocated plan. */
  async function monthlyCart(extra: object = {}) {
    const lines = [
      { merchandiseId: BASE, sellingPlanId: await planId(BASE) },
      { merchandiseId: CABLE_22KW, sellingPlanId: await planId(CABLE_22KW) },
    ];
    const created = await createCart(standIn, { lines, ...extra });
    expect(created.userErrors).toEqual([]);
    return created.cart!;
  }

  const dueToday = async (cart: Cart) => {
    const html = await (await standIn.handle(request(new URL(cart.checkoutUrl).pathname))).text();
    const row = (label: string) => new RegExp(`<th scope="row" colspan="3">${label}</th><td>([^<]+)</td>`).exec(html)?.[1] ?? null;
    return { html, dueToday: row('Due today'), deferred: row('Deferred \\(selling plan\\)'), total: row('Total') };
  };

  it('gives the charger one "Monthly plan" group whose plan charges the initial payment at checkout (PRICE)', async () => {
    const { product, allocations } = await plansOf(BASE);
    expect(product.requiresSellingPlan).toBe(false);
    expect(product.sellingPlanGroups.nodes).toEqual([
      { name: 'Monthly plan', options: [{ name: 'Payment', values: ['£350.00 today'] }], sellingPlans: { nodes: [{ id: allocations[0]!.sellingPlan.id }] } },
    ]);
    expect(allocations).toEqual([
      {
        checkoutChargeAmount: { amount: '350.0', currencyCode: 'GBP' },
        remainingBalanceChargeAmount: { amount: '249.0' },
        priceAdjustments: [{ price: { amount: '599.0' }, compareAtPrice: { amount: '599.0' }, perDeliveryPrice: { amount: '599.0' } }],
        sellingPlan: {
          id: expect.stringMatching(/^gid:\/\/shopify\/SellingPlan\/\d+$/),
          // The element finds the plan by this name (the catalogue's `monthlyPlan.sellingPlanName`).
          name: 'Monthly plan',
          recurringDeliveries: false,
          options: [{ name: 'Payment', value: '£350.00 today' }],
          checkoutCharge: { type: 'PRICE', value: { amount: '350.0' } },
        },
      },
    ]);
  });

  it("is found by the element's price query under the catalogue's selling plan name, on every variant it sells", async () => {
    const priced = await priceCatalogue(C, {
      storefrontEndpoint: `${ORIGIN}/api/${DEFAULT_API_VERSION}/graphql.json`,
      apiVersion: DEFAULT_API_VERSION,
      token: TOKEN['X-Shopify-Storefront-Access-Token'],
      monthlyPlan: true,
      fetch: (input, init) => standIn.handle(new Request(input, init)),
    });
    if (!priced.ok) throw new Error(priced.error);
    const plans = priced.list.sellingPlans;
    expect(Object.keys(plans).sort()).toEqual(catalogueVariantIds(C).sort());
    expect(plans[BASE]).toBe(await planId(BASE));
    expect(plans[CABLE_22KW]).toBe(await planId(CABLE_22KW));
  });

  it.each([
    ['installation', PREMIUM_INSTALL, '200.0'],
    ['cable', CABLE_22KW, '295.0'],
    ['extra', DISPLAY, '88.0'],
  ])('gives every other variant (%s) a "Monthly plan" whose checkout charge is PERCENTAGE 0', async (_kind, variantId, price) => {
    const { product, allocations } = await plansOf(variantId);
    expect(product.sellingPlanGroups.nodes.map((group) => group.name)).toEqual(['Monthly plan']);
    expect(allocations).toHaveLength(1);
    expect(allocations[0]).toMatchObject({
      checkoutChargeAmount: { amount: '0.0' },
      remainingBalanceChargeAmount: { amount: price },
      sellingPlan: { checkoutCharge: { type: 'PERCENTAGE', value: { percentage: 0 } } },
    });
    expect(allocations[0]!.sellingPlan.id).not.toBe(await planId(BASE));
  });

  it('charges at checkout only the lines\' checkout charges (before discounts); lines show their allocation', async () => {
    const cart = await monthlyCart();
    const read = await linePlans(cart.id);
    expect(read.cost).toEqual({ subtotalAmount: { amount: '894.0' }, totalAmount: { amount: '894.0' }, checkoutChargeAmount: { amount: '350.0' } });
    expect(read.lines.nodes.map((line) => [line.merchandise.id, line.sellingPlanAllocation?.checkoutChargeAmount.amount, line.sellingPlanAllocation?.remainingBalanceChargeAmount.amount])).toEqual([
      [BASE, '350.0', '249.0'],
      [CABLE_22KW, '0.0', '295.0'],
    ]);
  });

  it('equals the subtotal without a selling plan, discount or not', async () => {
    const { cart } = await createCart(standIn, { lines: [{ merchandiseId: BASE }, { merchandiseId: CABLE_22KW }], discountCodes: ['PARTNER100'] });
    expect((await linePlans(cart!.id)).cost).toEqual({ subtotalAmount: { amount: '894.0' }, totalAmount: { amount: '794.0' }, checkoutChargeAmount: { amount: '894.0' } });
    expect((await linePlans(cart!.id)).lines.nodes.map((line) => line.sellingPlanAllocation)).toEqual([null, null]);
    const page = await dueToday(cart!);
    expect([page.dueToday, page.deferred, page.total]).toEqual(['£794.00', null, '£794.00']);
  });

  it('shows on the checkout page what is due today (less the order discount) and what is deferred', async () => {
    const cart = await monthlyCart({ discountCodes: ['PARTNER100'] });
    const page = await dueToday(cart);
    expect([page.dueToday, page.deferred, page.total]).toEqual(['£250.00', '£544.00', '£794.00']);
    expect(page.html).toContain('<span class="variant">Monthly plan</span>');
  });

  it('never charges below nothing today, and never more than a re-priced charger costs', async () => {
    await steer(standIn, { prices: { [BASE]: '80.00' } });
    const cart = await monthlyCart({ discountCodes: ['PARTNER100'] });
    expect((await linePlans(cart.id)).cost.checkoutChargeAmount.amount).toBe('80.0');
    const page = await dueToday(cart);
    expect([page.dueToday, page.deferred, page.total]).toEqual(['£0.00', '£275.00', '£275.00']);
  });

  it('refuses a selling plan not allocated to the variant with SELLING_PLAN_NOT_APPLICABLE, creating nothing', async () => {
    const chargerPlan = await planId(BASE);
    for (const sellingPlanId of [chargerPlan, 'gid://shopify/SellingPlan/1']) {
      const created = await createCart(standIn, { lines: [{ merchandiseId: BASE }, { merchandiseId: CABLE_22KW, sellingPlanId }] });
      expect(created.cart).toBeNull();
      expect(created.userErrors).toEqual([
        {
          code: 'SELLING_PLAN_NOT_APPLICABLE',
          field: ['input', 'lines', '1', 'sellingPlanId'],
          message: `The selling plan ${sellingPlanId} is not applicable to the merchandise ${CABLE_22KW}.`,
        },
      ]);
    }
  });

  it('keeps a line with a plan apart from one without, and refuses a plan the variant does not offer', async () => {
    const chargerPlan = await planId(BASE);
    const { cart } = await createCart(standIn, { lines: [{ merchandiseId: BASE }, { merchandiseId: BASE, sellingPlanId: chargerPlan }] });
    expect((await linePlans(cart!.id)).lines.nodes.map((line) => line.sellingPlanAllocation?.sellingPlan.id ?? null)).toEqual([null, chargerPlan]);
    const { userErrors } = await createCart(standIn, { lines: [{ merchandiseId: BASE, sellingPlanId: await planId(CABLE_22KW) }] });
    expect(userErrors.map((error) => [error.code, error.field])).toEqual([['SELLING_PLAN_NOT_APPLICABLE', ['input', 'lines', '0', 'sellingPlanId']]]);
  });
});
