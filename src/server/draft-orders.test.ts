import { describe, expect, it } from 'vitest';
import { CHECKED_VERSIONS, validateAgainstAdmin } from '../../test/unit/shopify-schema';
import { UK_CATALOGUE as C } from '../domain/catalogue/uk';
import type { Configuration } from '../domain/configuration';
import { defaultConfiguration } from '../domain/configuration';
import { draftItems, draftOrderInput, monthlyDraft } from '../domain/draft-order';
import type { RequestNotes } from './operations';
import type { ShopAdminFailure } from './shop-admin';
import { DRAFT_ORDER_DOCUMENTS, createDraftOrders, penceOf } from './draft-orders';

const ENDPOINT = 'https://demo-shop.myshopify.com/admin/api/2026-04/graphql.json';
const CONTEXT = { verifiedPartnerDiscounts: true, verifiedPartner: { discountId: 'partner' } };
const configuration: Configuration = { ...defaultConfiguration(C), paymentType: 'PAY_MONTHLY', display: true, cable: 'tethered_7kw_5_5m', cableHook: true };
const items = draftItems(C, configuration, CONTEXT);
const draft = monthlyDraft(C, configuration, CONTEXT, items.map((item) => ({ ...item, amount: 20_000 })));
const input = draftOrderInput(draft, {
  request: {
    customer: { 'first-name': 'Sam', 'last-name': 'Lee', email: 'sam@partner-one.example', tel: '07700 900123' },
    finance: {
      title: 'Mr', legalName: 'Samuel Lee', primaryAddress1: '1 High Street', primaryCity: 'Leeds', primaryRegion: '',
      primaryPostcode: 'LS1 4AP', primaryCountry: 'United Kingdom', dob: '1980-05-17', gender: 'Male',
      acceptedMonthlyPaymentTerms: true, acceptedCreditCheck: true,
    },
  },
  catalogue: C,
  configuration,
  context: CONTEXT,
  flowId: 'BRF0001',
  mandateId: 'MD0001',
  reserveInventoryUntil: '2026-01-16T12:00:00.000Z',
});

/** Each call's body as it went out, answered with `answers` in turn (default: a well-formed answer). */
function recorded(answers: (() => Response | Promise<Response>)[] = []) {
  const bodies: { query: string; variables: Record<string, unknown> }[] = [];
  const failures: ShopAdminFailure[] = [];
  const shop = createDraftOrders(
    {
      adminEndpoint: ENDPOINT,
      adminToken: 'shpat_token',
      fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        return (answers.shift() ?? (() => Response.json({ data: {} })))();
      }) as typeof fetch,
    },
    (failure) => failures.push(failure),
  );
  return { shop, bodies, failures };
}

const money = (amount: string) => ({ shopMoney: { amount, currencyCode: 'GBP' } });

/** The bodies of every call the handler makes of the shop, in order. */
async function everyCall() {
  const { shop, bodies } = recorded();
  const notes: RequestNotes = {};
  await shop.prices(items.map((item) => item.variantId), notes);
  await shop.calculate(input, notes);
  await shop.create(input, notes);
  await shop.remove('gid://shopify/DraftOrder/1', notes);
  return bodies;
}

describe('the draft-order documents', () => {
  it('are every document the calls send, each sent as written', async () => {
    expect((await everyCall()).map((body) => body.query)).toEqual(Object.values(DRAFT_ORDER_DOCUMENTS));
  });

  it.each(CHECKED_VERSIONS)("are valid against Shopify's published Admin schema %s, with the variables the calls build", async (version) => {
    for (const { query, variables } of await everyCall()) {
      expect(validateAgainstAdmin(query, version, variables).map((error) => error.message), query.trim().split('\n')[0]).toEqual([]);
    }
  });

  it('catches a line field the input type does not have, so the check above can fail', () => {
    const priced = { input: { ...input, lineItems: [{ ...input.lineItems[0], price: '1.00' }] } };
    expect(validateAgainstAdmin(DRAFT_ORDER_DOCUMENTS.MonthlyPlanDraftCreate, CHECKED_VERSIONS[0], priced).map((error) => error.message)).toEqual([
      expect.stringContaining('Field "price" is not defined by type "DraftOrderLineItemInput"'),
    ]);
  });

  it('names each operation as its key', () => {
    for (const [name, document] of Object.entries(DRAFT_ORDER_DOCUMENTS)) expect(document.trim()).toMatch(new RegExp(`^(query|mutation) ${name}\\b`));
  });
});

describe('penceOf', () => {
  it.each<[unknown, number | undefined]>([
    ['599.00', 59_900],
    ['250.0', 25_000],
    ['250', 25_000],
    ['0.07', 7],
    ['-1.00', undefined],
    ['1.005', undefined],
    ['1e3', undefined],
    [250, undefined],
    [null, undefined],
  ])('reads %j as %j', (amount, pence) => {
    expect(penceOf(amount)).toBe(pence);
  });
});

describe('createDraftOrders', () => {
  it('reads the shop’s currency, tax setting and the prices of the variants it has', async () => {
    const { shop } = recorded([
      () =>
        Response.json({
          data: {
            shop: { currencyCode: 'GBP', taxesIncluded: true },
            nodes: [{ id: 'gid://shopify/ProductVariant/1', price: '599.00', availableForSale: true }, null, { id: 'gid://shopify/ProductVariant/3', price: '0.00', availableForSale: false }],
          },
        }),
    ]);
    const answer = await shop.prices(['gid://shopify/ProductVariant/1', 'gid://shopify/ProductVariant/2', 'gid://shopify/ProductVariant/3'], {});
    expect(answer).toEqual({
      ok: true,
      value: {
        currencyCode: 'GBP',
        taxesIncluded: true,
        variants: new Map([
          ['gid://shopify/ProductVariant/1', { price: 59_900, availableForSale: true }],
          ['gid://shopify/ProductVariant/3', { price: 0, availableForSale: false }],
        ]),
      },
    });
  });

  it('answers the created draft’s id, link and total', async () => {
    const draftOrder = { id: 'gid://shopify/DraftOrder/9', invoiceUrl: 'https://demo-shop.myshopify.com/1/invoices/abc', totalPriceSet: money('250.0') };
    const { shop } = recorded([() => Response.json({ data: { draftOrderCreate: { draftOrder, userErrors: [] } } })]);
    expect(await shop.create(input, {})).toEqual({ ok: true, value: { id: draftOrder.id, invoiceUrl: draftOrder.invoiceUrl, total: 25_000 } });
  });

  it.each<[string, () => Response, string]>([
    ['a 503', () => new Response(null, { status: 503 }), 'failed'],
    ['a refused token (401)', () => new Response(null, { status: 401 }), 'rejected'],
    ['throttling', () => Response.json({ errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }] }), 'failed'],
    [
      'a token without write_draft_orders',
      () => Response.json({ data: { draftOrderCalculate: null }, errors: [{ message: 'Access denied for draftOrderCalculate field.', extensions: { code: 'ACCESS_DENIED' } }] }),
      'rejected',
    ],
    ['an answer without the total', () => Response.json({ data: { draftOrderCalculate: { calculatedDraftOrder: null, userErrors: [] } } }), 'failed'],
  ])('tells %s apart by whether a retry can help', async (_, answer, kind) => {
    const { shop, failures } = recorded([answer]);
    expect(await shop.calculate(input, {})).toEqual({ ok: false, kind });
    expect(failures).toHaveLength(1);
  });

  it('answers the shop’s userErrors as messages for the operator, and reports them', async () => {
    const userErrors = [{ field: ['lineItems', '0', 'variantId'], message: 'Product variant does not exist' }];
    const { shop, failures } = recorded([() => Response.json({ data: { draftOrderCreate: { draftOrder: null, userErrors } } })]);
    expect(await shop.create(input, {})).toEqual({ ok: false, kind: 'refused', messages: ['lineItems.0.variantId: Product variant does not exist'] });
    expect(failures).toEqual([{ status: 200, errors: userErrors }]);
  });
});
