// @vitest-environment node
// The Shopify Admin API stand-in runs the partner-discount handler's own mutation, checks what
// Shopify checks when a code discount is created, answers the real payload, and gives each created
// code to the Storefront stand-in's shop: a single-use code applies in the first cart it is put on
// and in no other. Everything runs in process.
import { beforeEach, describe, expect, it } from 'vitest';
import { ALL_SCOPES, createAdminStandIn, type AdminStandIn } from '../../demo/admin/index.mjs';
import { createRouter } from '../../demo/router.mjs';
import { createStorefrontStandIn, type StorefrontStandIn } from '../../demo/storefront/stand-in.mjs';
import { createThemeCartStandIn } from '../../demo/theme-cart.mjs';
import { SHARED_CODES_CATALOGUE } from '../../src/domain/catalogue/shared-codes.fixture';
import { UK_CATALOGUE } from '../../src/domain/catalogue/uk';
import { DISCOUNT_CODE_BASIC_CREATE, singleUseDiscountInput } from '../../src/server/shop-discounts';

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
  storefront = createStorefrontStandIn({ catalogue: SHARED_CODES_CATALOGUE });
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
