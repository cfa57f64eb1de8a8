// @vitest-environment node
// The Shopify Admin API stand-in runs the partner-discount handler's own mutation, checks what
// Shopify checks when a code discount is created, answers the real payload, and gives each created
// code to the Storefront stand-in's shop: a single-use code applies in the first cart it is put on
// and in no other. It runs the direct-debit handler's draft-order calls on the same shop's prices,
// and serves each draft's invoice page. Everything runs in process.
import { beforeEach, describe, expect, it } from 'vitest';
import { ALL_SCOPES, createAdminStandIn, type AdminStandIn } from '../../demo/admin/index.mjs';
import { createRouter } from '../../demo/router.mjs';
import { DEMO_ADMIN_TOKEN, createStorefrontStandIn, type StorefrontStandIn } from '../../demo/storefront/stand-in.mjs';
import { createThemeCartStandIn } from '../../demo/theme-cart.mjs';
import { SHARED_CODES_CATALOGUE } from '../../src/domain/catalogue/shared-codes.fixture';
import { UK_CATALOGUE } from '../../src/domain/catalogue/uk';
import type { DraftOrderInput } from '../../src/domain/draft-order';
import { createDraftOrders } from '../../src/server/draft-orders';
import { DISCOUNT_CODE_BASIC_CREATE, singleUseDiscountInput } from '../../src/server/shop-discounts';
import { shopProducts } from '../../src/domain/shop-products';

const TOKEN = 'shpat_demo';
const ADMIN = 'https://demo-shop.myshopify.invalid/admin/api/2025-10/graphql.json';
const BASE = UK_CATALOGUE.baseProduct.variantId;
const T0 = Date.UTC(2026, 0, 15, 12);

interface CreatePayload {
  codeDiscountNode: { id: string; codeDiscount: { codes: { nodes: { code: string }[] } } } | null;
  userErrors: { field: string[]; code: string; message: string }[];
}

let storefront: StorefrontStandIn;
let admin: AdminStandIn;

beforeEach(() => {
  // A merchant catalogue with shared codes, so the Admin API's refusal of a taken code can be shown.
  storefront = createStorefrontStandIn({ catalogue: SHARED_CODES_CATALOGUE, products: shopProducts(SHARED_CODES_CATALOGUE) });
  admin = createAdminStandIn({ shop: storefront.shop, tokens: { [TOKEN]: ALL_SCOPES } });
});

const adminCall = (body: unknown, token = TOKEN) =>
  admin.handle(new Request(ADMIN, { method: 'POST', headers: { 'content-type': 'application/json', 'x-shopify-access-token': token }, body: JSON.stringify(body) }));

async function create(input: Record<string, unknown>): Promise<CreatePayload> {
  const response = await adminCall({ query: DISCOUNT_CODE_BASIC_CREATE, variables: { basicCodeDiscount: input } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data?: { discountCodeBasicCreate: CreatePayload }; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data!.discountCodeBasicCreate;
}

const input = (code = 'PARTNER-ABCDEFGHJKMN') => singleUseDiscountInput({ code, title: 'Partner Discount (partner-one.example), verified e-mail', amount: 10000, startsAt: T0, endsAt: T0 + 86_400_000 });

/** A Storefront cart with the charger and `codes`, read back as the API shows it (version 2025-07, with warnings). */
async function cartWith(codes: string[]) {
  const query = /* GraphQL */ `
    mutation Create($input: CartInput) {
      cartCreate(input: $input) {
        cart { discountCodes { code applicable } cost { totalAmount { amount } } }
        warnings { code }
      }
    }
  `;
  const response = await storefront.handle(
    new Request('http://127.0.0.1/api/2025-07/graphql.json', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-storefront-access-token': 'demo' },
      body: JSON.stringify({ query, variables: { input: { lines: [{ merchandiseId: BASE }], discountCodes: codes } } }),
    }),
  );
  const { data } = (await response.json()) as { data: { cartCreate: { cart: { discountCodes: { code: string; applicable: boolean }[]; cost: { totalAmount: { amount: string } } }; warnings: { code: string }[] } } };
  return data.cartCreate;
}

describe('the Admin API stand-in: discountCodeBasicCreate', () => {
  it('creates the handler’s single-use code and answers the payload Shopify gives', async () => {
    const payload = await create(input());
    expect(payload).toEqual({
      codeDiscountNode: { id: 'gid://shopify/DiscountCodeNode/1', codeDiscount: { codes: { nodes: [{ code: 'PARTNER-ABCDEFGHJKMN' }] } } },
      userErrors: [],
    });
    expect(admin.created).toEqual([
      expect.objectContaining({
        code: 'PARTNER-ABCDEFGHJKMN',
        title: 'Partner Discount (partner-one.example), verified e-mail',
        amount: '100.00',
        startsAt: '2026-01-15T12:00:00.000Z',
        endsAt: '2026-01-16T12:00:00.000Z',
        usageLimit: 1,
        appliesOncePerCustomer: true,
      }),
    ]);
  });

  it('lets the first cart with the code have it, and no other (Storefront and theme carts)', async () => {
    await create(input());
    const first = await cartWith(['partner-abcdefghjkmn']);
    expect(first.cart.discountCodes).toEqual([{ code: 'partner-abcdefghjkmn', applicable: true }]);
    expect(first.cart.cost.totalAmount.amount).toBe('499.0');
    const second = await cartWith(['PARTNER-ABCDEFGHJKMN']);
    expect(second.cart.discountCodes).toEqual([{ code: 'PARTNER-ABCDEFGHJKMN', applicable: false }]);
    expect(second.cart.cost.totalAmount.amount).toBe('599.0');
    expect(second.warnings).toEqual([{ code: 'DISCOUNT_USAGE_LIMIT_REACHED' }]);

    const theme = createRouter(createThemeCartStandIn({ shop: storefront.shop }).routes);
    const added = await theme(new Request('http://127.0.0.1/cart/add.js', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: [{ id: Number(BASE.split('/').pop()), quantity: 1 }] }) }));
    const cookie = added.headers.get('set-cookie')!.split(';')[0]!;
    const updated = await theme(new Request('http://127.0.0.1/cart/update.js', { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ discount: 'PARTNER-ABCDEFGHJKMN' }) }));
    expect(((await updated.json()) as { discount_codes: unknown }).discount_codes).toEqual([{ code: 'PARTNER-ABCDEFGHJKMN', applicable: false }]);
  });

  it('shows a held code as used to codeDiscountNodeByCode', async () => {
    await create(input());
    const read = async () => {
      const query = 'query Read($code: String!) { codeDiscountNodeByCode(code: $code) { codeDiscount { ... on DiscountCodeBasic { asyncUsageCount usageLimit status } } } }';
      const body = (await (await adminCall({ query, variables: { code: 'partner-abcdefghjkmn' } })).json()) as { data: { codeDiscountNodeByCode: { codeDiscount: unknown } } };
      return body.data.codeDiscountNodeByCode.codeDiscount;
    };
    expect(await read()).toEqual({ asyncUsageCount: 0, usageLimit: 1, status: expect.any(String) });
    await cartWith(['PARTNER-ABCDEFGHJKMN']);
    expect(await read()).toMatchObject({ asyncUsageCount: 1 });
  });

  it.each<[string, Record<string, unknown>, { field: string[]; code: string }[]]>([
    ['no code, title, start or value', { context: { all: 'ALL' } }, [
      { field: ['basicCodeDiscount', 'code'], code: 'BLANK' },
      { field: ['basicCodeDiscount', 'title'], code: 'BLANK' },
      { field: ['basicCodeDiscount', 'startsAt'], code: 'BLANK' },
      { field: ['basicCodeDiscount', 'customerGets'], code: 'BLANK' },
    ]],
    ['no buyers', { ...input(), context: undefined }, [{ field: ['basicCodeDiscount', 'context'], code: 'BLANK' }]],
    ['both context and customerSelection', { ...input(), customerSelection: { all: true } }, [{ field: ['basicCodeDiscount', 'customerSelection'], code: 'PRESENT' }]],
    ['a catalogue code', input('partner100'), [{ field: ['basicCodeDiscount', 'code'], code: 'TAKEN' }]],
    ['an end before the start', { ...input(), endsAt: '2026-01-14T12:00:00Z' }, [{ field: ['basicCodeDiscount', 'endsAt'], code: 'END_DATE_BEFORE_START_DATE' }]],
    ['a percentage', { ...input(), customerGets: { value: { percentage: 0.1 }, items: { all: true } } }, [{ field: ['basicCodeDiscount', 'customerGets'], code: 'INVALID' }]],
    ['nothing off', { ...input(), customerGets: { value: { discountAmount: { amount: '0.00', appliesOnEachItem: false } }, items: { all: true } } }, [
      { field: ['basicCodeDiscount', 'customerGets', 'value', 'discountAmount', 'amount'], code: 'GREATER_THAN' },
    ]],
  ])('refuses %s with user errors, creating nothing', async (_, refused, errors) => {
    const payload = await create(refused);
    expect(payload.codeDiscountNode).toBeNull();
    expect(payload.userErrors.map(({ field, code }) => ({ field, code }))).toEqual(errors);
    expect(admin.created).toEqual([]);
  });

  it('refuses a code made before, whatever its case', async () => {
    await create(input());
    expect((await create(input('partner-abcdefghjkmn'))).userErrors).toEqual([
      { field: ['basicCodeDiscount', 'code'], code: 'TAKEN', message: 'Code must be unique. Please try a different code.' },
    ]);
  });

  it('answers 401 to another token, GraphQL errors to a field Shopify does not have, and fails on the switch', async () => {
    expect((await adminCall({ query: DISCOUNT_CODE_BASIC_CREATE, variables: { basicCodeDiscount: input() } }, 'shpat_wrong')).status).toBe(401);
    const unknownField = (await (await adminCall({ query: 'mutation { discountCodeBasicCreate(basicCodeDiscount: { title: "x" }) { nope } }' })).json()) as { errors: { message: string }[] };
    expect(unknownField.errors[0]!.message).toMatch(/nope/);
    admin.failures.set(1, 502);
    expect((await adminCall({ query: DISCOUNT_CODE_BASIC_CREATE, variables: { basicCodeDiscount: input() } })).status).toBe(502);
    expect(admin.created).toEqual([]);
  });
});

describe('the Admin API stand-in: products and publications', () => {
  const STOREFRONT_PUBLICATION = 'gid://shopify/Publication/46100002';
  const SET = /* GraphQL */ `
    mutation Set($identifier: ProductSetIdentifiers, $input: ProductSetInput!) {
      productSet(identifier: $identifier, input: $input, synchronous: true) {
        product { id handle status variants(first: 10) { nodes { id sku price } } published: publishedOnPublication(publicationId: "${STOREFRONT_PUBLICATION}") }
        userErrors { field code message }
      }
    }`;
  const productInput = (price = '49.00', extra: Record<string, unknown> = {}) => ({
    handle: 'cable-spare',
    title: 'Spare cable',
    status: 'ACTIVE',
    productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
    variants: [{ optionValues: [{ optionName: 'Title', name: 'Default Title' }], price, sku: 'A4-SPARE', ...extra }],
  });
  type SetAnswer = { data?: { productSet: { product: { id: string; status: string; variants: { nodes: { id: string; sku: string; price: string }[] }; published: boolean } | null; userErrors: { field: string[]; code: string }[] } }; errors?: { message: string; extensions?: Record<string, unknown>; path?: string[] }[] };
  const set = async (variables: Record<string, unknown>, token = TOKEN) => (await (await adminCall({ query: SET, variables }, token)).json()) as SetAnswer;

  /** Whether the Storefront API shows the variant: a product published to the storefront app's publication. */
  async function storefrontSees(variantId: string) {
    const response = await storefront.handle(
      new Request('http://127.0.0.1/api/2026-04/graphql.json', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-storefront-access-token': 'demo' },
        body: JSON.stringify({ query: 'query V($id: ID!) { node(id: $id) { id } }', variables: { id: variantId } }),
      }),
    );
    return ((await response.json()) as { data: { node: unknown } }).data.node !== null;
  }

  it('creates a product by handle, unpublished, which the Storefront API cannot see until it is published to its app', async () => {
    const created = (await set({ identifier: { handle: 'cable-spare' }, input: productInput() })).data!.productSet;
    expect(created.userErrors).toEqual([]);
    const variantId = created.product!.variants.nodes[0]!.id;
    expect(created.product).toMatchObject({ status: 'ACTIVE', published: false, variants: { nodes: [{ sku: 'A4-SPARE', price: '49.00' }] } });
    expect(await storefrontSees(variantId)).toBe(false);
    const publish = 'mutation P($id: ID!, $input: [PublicationInput!]!) { publishablePublish(id: $id, input: $input) { userErrors { field message } } }';
    const published = (await (await adminCall({ query: publish, variables: { id: created.product!.id, input: [{ publicationId: STOREFRONT_PUBLICATION }] } })).json()) as { data: { publishablePublish: { userErrors: unknown[] } } };
    expect(published.data.publishablePublish.userErrors).toEqual([]);
    expect(await storefrontSees(variantId)).toBe(true);
  });

  it('sets a product again by handle: a variant named by id keeps it, one left out is deleted', async () => {
    const first = (await set({ identifier: { handle: 'cable-spare' }, input: productInput() })).data!.productSet.product!;
    const kept = first.variants.nodes[0]!.id;
    const again = (await set({ identifier: { handle: 'cable-spare' }, input: productInput('55.00', { id: kept }) })).data!.productSet.product!;
    expect(again.id).toBe(first.id);
    expect(again.variants.nodes).toEqual([{ id: kept, sku: 'A4-SPARE', price: '55.00' }]);
    const replaced = (await set({ identifier: { handle: 'cable-spare' }, input: productInput('60.00') })).data!.productSet.product!;
    expect(replaced.variants.nodes[0]!.id).not.toBe(kept);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['variants without options', { ...productInput(), productOptions: undefined }, 'PRODUCT_OPTIONS_INPUT_MISSING'],
    ['an option value no option has', { ...productInput(), variants: [{ optionValues: [{ optionName: 'Title', name: 'Other' }], price: '1.00' }] }, 'OPTION_VALUE_DOES_NOT_EXIST'],
    ['two alike variants', { ...productInput(), variants: [productInput().variants[0], productInput().variants[0]] }, 'DUPLICATED_OPTION_VALUE'],
    ['a handle another product has', { ...productInput(), handle: 'charge-point' }, 'HANDLE_NOT_UNIQUE'],
    ['a file, which the demo shop does not keep', { ...productInput(), files: [{ originalSource: 'https://cdn.example/a.png', contentType: 'IMAGE' }] }, 'INVALID_INPUT'],
  ])('answers userErrors for %s, changing nothing', async (_case, input, code) => {
    const answer = await set({ input });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.productSet.product).toBeNull();
    expect(answer.data!.productSet.userErrors.map((error) => error.code)).toContain(code);
  });

  it("refuses variables Shopify's schema refuses, before running anything", async () => {
    const answer = await set({ identifier: { handle: 'x' }, input: { ...productInput(), status: 'LIVE' } });
    expect(answer.data).toBeUndefined();
    expect(answer.errors![0]!.message).toMatch(/Value "LIVE" does not exist in "ProductStatus" enum/);
  });

  it("answers Shopify's ACCESS_DENIED for a field the token has no scope for, naming the scope", async () => {
    const limited = createAdminStandIn({ shop: storefront.shop, tokens: { shpat_read: ['read_products'] } });
    const response = await limited.handle(new Request(ADMIN, { method: 'POST', headers: { 'content-type': 'application/json', 'x-shopify-access-token': 'shpat_read' }, body: JSON.stringify({ query: SET, variables: { input: productInput() } }) }));
    const body = (await response.json()) as SetAnswer;
    expect(response.status).toBe(200);
    expect(body.data).toEqual({ productSet: null });
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: 'Access denied for productSet field. Required access: `write_products` access scope.',
        path: ['productSet'],
        extensions: { code: 'ACCESS_DENIED', documentation: 'https://shopify.dev/api/usage/access-scopes', requiredAccess: '`write_products` access scope.' },
      }),
    ]);
  });

  it('names a root field or argument it does not serve, and serves a retired version as the oldest published one', async () => {
    const unserved = (await (await adminCall({ query: '{ orders(first: 1) { nodes { id } } }' })).json()) as { errors: { message: string }[] };
    expect(unserved.errors.map((error) => error.message)).toEqual(['QueryRoot.orders is not served by the demo Admin stand-in.']);
    const searched = (await (await adminCall({ query: '{ products(first: 1, query: "sku:X") { nodes { id } } }' })).json()) as { errors: { message: string }[] };
    expect(searched.errors.map((error) => error.message)).toEqual(['QueryRoot.products(query:) is not served by the demo Admin stand-in.']);
    const retired = await admin.handle(new Request(ADMIN.replace('2025-10', '2024-07'), { method: 'POST', headers: { 'content-type': 'application/json', 'x-shopify-access-token': TOKEN }, body: JSON.stringify({ query: '{ shop: currentAppInstallation { id } }' }) }));
    expect(retired.headers.get('x-shopify-api-version')).toBe('2025-10');
    expect((await admin.handle(new Request(ADMIN.replace('2025-10', '2026-02'), { method: 'POST', body: '{}' }))).status).toBe(404);
  });

  it('empties the shop on {"shop": "empty"} and brings the demo shop back on {"reset": true}', async () => {
    const steer = (body: unknown) => storefront.handle(new Request('http://127.0.0.1/api/_control', { method: 'POST', body: JSON.stringify(body) }));
    expect((await steer({ shop: 'empty' })).status).toBe(200);
    expect(await storefrontSees(BASE)).toBe(false);
    const products = async () => ((await (await adminCall({ query: '{ products(first: 250) { nodes { handle } } }' })).json()) as { data: { products: { nodes: unknown[] } } }).data.products.nodes;
    expect(await products()).toEqual([]);
    expect((await steer({ reset: true })).status).toBe(200);
    expect(await storefrontSees(BASE)).toBe(true);
    expect((await products()).length).toBeGreaterThan(20);
  });
});

describe('the Admin API stand-in: draft orders', () => {
  const DRAFTS = 'https://demo-shop.myshopify.invalid/admin/api/2026-04/graphql.json';
  const CABLE = UK_CATALOGUE.cables[0]!.variantId;
  let demo: StorefrontStandIn;

  beforeEach(() => {
    demo = createStorefrontStandIn({ catalogue: UK_CATALOGUE, products: shopProducts(UK_CATALOGUE), now: () => new Date(T0) });
  });

  const call = async (query: string, variables: Record<string, unknown> = {}, token = DEMO_ADMIN_TOKEN) =>
    (await (
      await demo.admin.handle(new Request(DRAFTS, { method: 'POST', headers: { 'content-type': 'application/json', 'x-shopify-access-token': token }, body: JSON.stringify({ query, variables }) }))
    ).json()) as { data?: Record<string, unknown>; errors?: { message: string; path?: (string | number)[]; extensions?: { code?: string } }[] };
  const shop = (token = DEMO_ADMIN_TOKEN) =>
    createDraftOrders({ adminEndpoint: DRAFTS, adminToken: token, fetch: (input, init) => demo.admin.handle(new Request(input, init)) });
  const steer = (body: unknown) => demo.handle(new Request('http://127.0.0.1/api/_control', { method: 'POST', body: JSON.stringify(body) }));

  const input = (changes: Partial<DraftOrderInput> = {}): DraftOrderInput => ({
    lineItems: [
      { variantId: BASE, quantity: 1, customAttributes: [{ key: 'Front colour', value: 'Racing Green' }] },
      { variantId: CABLE, quantity: 1, customAttributes: [] },
    ],
    appliedDiscount: { valueType: 'FIXED_AMOUNT', value: 500, title: 'Monthly plan: balance by Direct Debit', description: '£500.00 financed' },
    acceptAutomaticDiscounts: false,
    allowDiscountCodesInCheckout: false,
    email: 'sam@home.example',
    phone: '+447700900123',
    shippingAddress: { firstName: 'Sam', lastName: 'Lee', address1: '1 High Street', city: 'Leeds', zip: 'LS1 4AP', countryCode: 'GB' },
    customAttributes: [{ key: 'GoCardless mandate', value: 'MD0001' }],
    note: 'Monthly plan',
    tags: ['monthly-plan'],
    reserveInventoryUntil: '2026-01-16T12:00:00.000Z',
    ...changes,
  });
  const full = () => demo.shop.variant(BASE)!.pricePence + demo.shop.variant(CABLE)!.pricePence;

  it("answers the shop's currency and tax setting, and each variant's current price and availability", async () => {
    await steer({ prices: { [CABLE]: '123.45' }, unavailable: [BASE] });
    const answer = await shop().prices([BASE, CABLE, 'gid://shopify/ProductVariant/1'], {});
    expect(answer).toEqual({
      ok: true,
      value: {
        currencyCode: 'GBP',
        taxesIncluded: true,
        variants: new Map([
          [BASE, { price: demo.shop.variant(BASE)!.pricePence, availableForSale: false }],
          [CABLE, { price: 12_345, availableForSale: true }],
        ]),
      },
    });
  });

  it('prices a variant line at the variant’s price, ignoring the price fields Shopify ignores, less one fixed discount', async () => {
    const calculated = await shop().calculate(input(), {});
    expect(calculated).toEqual({ ok: true, value: full() - 50_000 });
    const query = /* GraphQL */ `
      mutation C($input: DraftOrderInput!) {
        draftOrderCalculate(input: $input) {
          calculatedDraftOrder { totalTaxSet { shopMoney { amount } } lineItems { originalUnitPriceSet { shopMoney { amount } } } }
          userErrors { field message }
        }
      }`;
    const priced = input({ lineItems: [{ variantId: CABLE, quantity: 2, customAttributes: [], originalUnitPrice: '1.00', title: 'Cheap' } as DraftOrderInput['lineItems'][number]] });
    const answer = await call(query, { input: priced });
    const cable = demo.shop.variant(CABLE)!.pricePence;
    expect(answer.data).toEqual({
      draftOrderCalculate: {
        calculatedDraftOrder: {
          totalTaxSet: { shopMoney: { amount: expect.any(String) } },
          lineItems: [{ originalUnitPriceSet: { shopMoney: { amount: (cable / 100).toFixed(2).replace(/0$/, '') } } }],
        },
        userErrors: [],
      },
    });
    expect(demo.admin.draftOrders).toEqual([]);
  });

  it('never takes the total below nothing, and takes a percentage off the lines', async () => {
    expect(await shop().calculate(input({ appliedDiscount: { ...input().appliedDiscount, value: 99_999 } }), {})).toEqual({ ok: true, value: 0 });
    const percent = { valueType: 'PERCENTAGE', value: 50, title: 'Half', description: '' } as unknown as DraftOrderInput['appliedDiscount'];
    expect(await shop().calculate(input({ appliedDiscount: percent }), {})).toEqual({ ok: true, value: Math.round(full() / 2) });
  });

  it.each<[string, Partial<DraftOrderInput>, string[]]>([
    ['an unknown variant', { lineItems: [{ variantId: 'gid://shopify/ProductVariant/1', quantity: 1, customAttributes: [] }] }, ['lineItems.0.variantId']],
    ['no line items', { lineItems: [] }, ['lineItems']],
    ['a custom line', { lineItems: [{ title: 'Fee', quantity: 1, customAttributes: [] } as unknown as DraftOrderInput['lineItems'][number]] }, ['lineItems.0.variantId']],
    ['a discount code', { discountCodes: ['PARTNER100'] } as Partial<DraftOrderInput>, ['discountCodes']],
  ])('refuses %s with user errors, creating nothing', async (_, changes, fields) => {
    const answer = await shop().create(input(changes), {});
    expect(answer).toMatchObject({ ok: false, kind: 'refused' });
    expect((answer as { messages: string[] }).messages.map((message) => message.split(':')[0])).toEqual(fields);
    expect(demo.admin.draftOrders).toEqual([]);
  });

  it('creates a draft whose invoice link opens its checkout on the shop’s origin, listing what it holds', async () => {
    const created = await shop().create(input(), {});
    expect(created).toEqual({ ok: true, value: { id: expect.stringMatching(/^gid:\/\/shopify\/DraftOrder\/\d+$/), invoiceUrl: expect.any(String), total: full() - 50_000 } });
    const { id, invoiceUrl } = (created as { value: { id: string; invoiceUrl: string } }).value;
    expect(invoiceUrl).toMatch(/^https:\/\/demo-shop\.myshopify\.invalid\/demo-invoice\/[0-9a-f]{32}$/);
    expect(demo.admin.draftOrders).toEqual([
      expect.objectContaining({ id, email: 'sam@home.example', tags: ['monthly-plan'], allowDiscountCodesInCheckout: false, reserveInventoryUntil: '2026-01-16T12:00:00.000Z' }),
    ]);

    const invoice = await demo.handle(new Request(`http://127.0.0.1${new URL(invoiceUrl).pathname}`));
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = await invoice.text();
    expect(html).not.toMatch(/<script|style=/);
    const money = (pence: number) => `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
    for (const text of ['Racing Green', 'Monthly plan: balance by Direct Debit', '−£500.00', `Total due</th><td>${money(full() - 50_000)}`, 'MD0001', 'sam@home.example', '+447700900123', '1 High Street', 'LS1 4AP', 'United Kingdom']) {
      expect(html).toContain(text);
    }

    const read = await call('query R($id: ID!) { draftOrder(id: $id) { status invoiceUrl totalPriceSet { shopMoney { amount currencyCode } } } }', { id });
    expect(read.data).toEqual({ draftOrder: { status: 'OPEN', invoiceUrl, totalPriceSet: { shopMoney: { amount: expect.any(String), currencyCode: 'GBP' } } } });

    expect(await shop().remove(id, {})).toEqual({ ok: true, value: id });
    expect((await demo.handle(new Request(`http://127.0.0.1${new URL(invoiceUrl).pathname}`))).status).toBe(404);
    expect(demo.admin.draftOrders).toEqual([]);
  });

  it('marks an item taken off sale on the invoice page, as Shopify’s checkout refuses it', async () => {
    const created = await shop().create(input(), {});
    await steer({ unavailable: [CABLE] });
    const html = await (await demo.handle(new Request(`http://127.0.0.1${new URL((created as { value: { invoiceUrl: string } }).value.invoiceUrl).pathname}`))).text();
    expect(html).toContain('Out of stock: this order cannot be completed');
  });

  it("answers ACCESS_DENIED by scope: draft orders need write_draft_orders, a variant node read_products", async () => {
    const limited = createAdminStandIn({ shop: demo.shop, tokens: { shpat_products: ['read_products'], shpat_drafts: ['write_draft_orders'] } });
    const asToken = (token: string) => createDraftOrders({ adminEndpoint: DRAFTS, adminToken: token, fetch: (request, init) => limited.handle(new Request(request, init)) });
    expect(await asToken('shpat_products').create(input(), {})).toEqual({ ok: false, kind: 'rejected' });
    expect(await asToken('shpat_drafts').prices([BASE], {})).toEqual({ ok: false, kind: 'rejected' });
    expect(await asToken('shpat_products').prices([BASE], {})).toMatchObject({ ok: true });
    const created = await asToken('shpat_drafts').create(input(), {});
    expect(created).toMatchObject({ ok: true });
    const id = (created as { value: { id: string } }).value.id;
    const nodes = async (token: string) =>
      (await (await limited.handle(new Request(DRAFTS, { method: 'POST', headers: { 'content-type': 'application/json', 'x-shopify-access-token': token }, body: JSON.stringify({ query: 'query N($ids: [ID!]!) { nodes(ids: $ids) { id } }', variables: { ids: [id] } }) }))).json()) as {
        data: { nodes: unknown[] };
        errors?: { message: string; path: unknown[] }[];
      };
    expect(await nodes('shpat_drafts')).toEqual({ data: { nodes: [{ id }] } });
    const denied = await nodes('shpat_products');
    expect(denied.data.nodes).toEqual([null]);
    expect(denied.errors).toEqual([expect.objectContaining({ message: 'Access denied for nodes field. Required access: `read_draft_orders` access scope.', path: ['nodes', 0] })]);
  });

  it('forgets its draft orders on {"shop": "empty"}', async () => {
    await shop().create(input(), {});
    expect(demo.admin.draftOrders).toHaveLength(1);
    await steer({ shop: 'empty' });
    expect(demo.admin.draftOrders).toEqual([]);
  });
});
