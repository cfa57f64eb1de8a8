import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { defaultConfiguration } from '../domain/configuration';
import type { PartnerTokenClaims } from './partner-token';
import { partnerTokenId, signPartnerToken } from './partner-token';
import { memoryPartnerTokenStore } from './partner-token-store';
import { StoreNotDurableError } from './store-durability';
import type { QuoteHandlerOptions } from './quote-handler';
import { createQuoteHandler } from './quote-handler';

const handler = createQuoteHandler({ maxBodyBytes: 2048 });
const post = (body: string, type = 'application/json') =>
  handler(new Request('https://merchant.example/api/quote', { method: 'POST', body, headers: { 'content-type': type } }));

describe('createQuoteHandler', () => {
  it('recomputes the totals from ids; a partner e-mail alone earns no discount', async () => {
    const configuration = { ...defaultConfiguration(UK_CATALOGUE), front: 'racing_green' };
    const response = await post(JSON.stringify({ configuration, email: 'sam@partner-one.example' }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.totals.total).toBe(599 + 22);
    expect(body.totals.lines.map((line: { name: string }) => line.name)).not.toContain('Partner Discount');
  });

  it('applies the flow selection rules before pricing (spec-request: 22kW forces installation)', async () => {
    const configuration = { ...defaultConfiguration(UK_CATALOGUE), cable: 'socket_22kw', advancedSolar: true };
    const body = await (await post(JSON.stringify({ configuration, flow: 'spec-request' }))).json();
    expect(body.configuration).toMatchObject({ installation: 'premium_22kw', advancedSolar: false });
  });

  it.each([
    ['POST', 'null', 'application/json', 400, 'invalid_body'],
    ['POST', JSON.stringify({ configuration: { front: 'gold' } }), 'application/json', 422, 'invalid_configuration'],
  ])('%s %s answers %i with a clear code', async (method, body, type, status, code) => {
    const init: RequestInit = { method };
    if (body !== undefined) init.body = body;
    if (type) init.headers = { 'content-type': type };
    const response = await handler(new Request('https://merchant.example/api/quote', init));
    expect(response.status).toBe(status);
    expect((await response.json()).error.code).toBe(code);
  });
});

describe('createQuoteHandler: the partner discount comes only from a verification token', () => {
  const SECRET = 'partner-token-secret-of-at-least-32-bytes';
  const NOW = Date.UTC(2026, 0, 15, 12);
  const configuration = { ...defaultConfiguration(UK_CATALOGUE), front: 'racing_green' };
  const token = (overrides: Partial<PartnerTokenClaims> = {}) =>
    signPartnerToken({ email: 'sam@partner-one.example', partnerId: 'partner', amountPence: 10000, discountCode: 'PARTNER-X', exp: NOW / 1000 + 60, ...overrides }, SECRET);
  const ORDER_A = 'order-a-0123456789';
  const ORDER_B = 'order-b-0123456789';
  const request = (body: Record<string, unknown>) =>
    new Request('https://merchant.example/api/quote', {
      method: 'POST',
      body: JSON.stringify({ configuration, orderKey: ORDER_A, ...body }),
      headers: { 'content-type': 'application/json' },
    });
  const quote = (body: Record<string, unknown>, options: QuoteHandlerOptions = { partnerTokenSecret: SECRET }) =>
    createQuoteHandler({ ...options, clock: () => NOW, log: false })(request(body));

  it.each<[string, () => Promise<Record<string, unknown>>, QuoteHandlerOptions | undefined, number]>([
    ['a valid token', async () => ({ partnerToken: await token() }), undefined, 599 + 22 - 100],
    ['a valid token and its own e-mail', async () => ({ partnerToken: await token(), email: 'SAM@partner-one.example' }), undefined, 599 + 22 - 100],
    ['the luxury-car maker’s token', async () => ({ partnerToken: await token({ partnerId: 'luxurycars', amountPence: 7500 }) }), undefined, 599 + 22 - 75],
    ['a token, but no secret to check it with', async () => ({ partnerToken: await token() }), {}, 599 + 22],
  ])('%s', async (_, body, options, total) => {
    const response = await quote(await body(), options);
    expect(response.status).toBe(200);
    expect((await response.json()).totals.total).toBe(total);
  });

  it.each<[string, () => Promise<Record<string, unknown>>, string]>([
    ['for another e-mail', async () => ({ partnerToken: await token(), email: 'eve@partner-one.example' }), 'another e-mail address'],
    ['expired', async () => ({ partnerToken: await token({ exp: NOW / 1000 }) }), 'has expired'],
    ['not a string', async () => ({ partnerToken: 42 }), 'must be a string'],
  ])('refuses a token %s with invalid_partner_token', async (_, body, message) => {
    const response = await quote(await body());
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error.code).toBe('invalid_partner_token');
    expect(error.message).toContain(message);
  });

  describe('one verification prices one order', () => {
    const CLAIMS = { email: 'sam@partner-one.example', partnerId: 'partner', amountPence: 10000, discountCode: 'PARTNER-X', exp: NOW / 1000 + 60 };
    const handler = (partnerTokens = memoryPartnerTokenStore()) => createQuoteHandler({ partnerTokenSecret: SECRET, partnerTokens, clock: () => NOW, log: false });
    const totalOf = async (response: Response) => {
      expect(response.status).toBe(200);
      const body = await response.json();
      return { total: body.totals.total, used: body.partnerTokenUsed };
    };

    it('with the discount for its order however often asked, without it (and saying why) for another', async () => {
      const handle = handler();
      const partnerToken = await token();
      for (let repeat = 0; repeat < 3; repeat += 1) {
        expect(await totalOf(await handle(request({ partnerToken })))).toEqual({ total: 599 + 22 - 100, used: undefined });
      }
      expect(await totalOf(await handle(request({ partnerToken, orderKey: ORDER_B })))).toEqual({ total: 599 + 22, used: true });
      // Another token of the same verification (its shop code) is the same verification.
      const again = await token({ exp: NOW / 1000 + 120 });
      expect(await totalOf(await handle(request({ partnerToken: again, orderKey: ORDER_B })))).toEqual({ total: 599 + 22, used: true });
      // A new verification prices the other order.
      const fresh = await token({ discountCode: 'PARTNER-Y' });
      expect(await totalOf(await handle(request({ partnerToken: fresh, orderKey: ORDER_B })))).toEqual({ total: 599 + 22 - 100, used: undefined });
      expect(await totalOf(await handle(request({ partnerToken })))).toEqual({ total: 599 + 22 - 100, used: undefined });
    });

    it('sees a verification the direct-debit handler bound to its start, through the shared store', async () => {
      const partnerTokens = memoryPartnerTokenStore();
      await partnerTokens.bind(await partnerTokenId(CLAIMS, SECRET), 'direct-debit-start-key', 60_000, NOW);
      const handle = handler(partnerTokens);
      expect(await totalOf(await handle(request({ partnerToken: await token() })))).toEqual({ total: 599 + 22, used: true });
      expect(await totalOf(await handle(request({ partnerToken: await token(), orderKey: 'direct-debit-start-key' })))).toEqual({ total: 599 + 22 - 100, used: undefined });
    });

    it.each([
      ['without an orderKey', { orderKey: undefined }],
      ['with an orderKey too short', { orderKey: 'short' }],
      ['with an orderKey not a string', { orderKey: 1234567890123456 }],
    ])('refuses a token %s with invalid_order_key', async (_, body) => {
      const response = await handler()(request({ partnerToken: await token(), ...body }));
      expect(response.status).toBe(422);
      expect((await response.json()).error.code).toBe('invalid_order_key');
    });

    it('needs no orderKey without a token', async () => {
      expect(await totalOf(await handler()(request({ orderKey: undefined })))).toEqual({ total: 599 + 22, used: undefined });
    });

    it('refuses a token with 503 store_not_durable while the bindings would be forgotten on a restart, and binds nothing', async () => {
      const bindings = memoryPartnerTokenStore();
      const forgetful = { ...bindings, durable: () => Promise.reject(new StoreNotDurableError('appendonly is off')) };
      const refused = await handler(forgetful)(request({ partnerToken: await token() }));
      expect(refused.status).toBe(503);
      expect((await refused.json()).error.code).toBe('store_not_durable');
      expect(await bindings.bind(await partnerTokenId(CLAIMS, SECRET), ORDER_B, 60_000, NOW)).toBe(true);
      // Without a token there is nothing to bind, so nothing to refuse.
      expect(await totalOf(await handler(forgetful)(request({ orderKey: undefined })))).toEqual({ total: 599 + 22, used: undefined });
    });
  });
});

describe('createQuoteHandler with a shop (the shop is the source of truth)', () => {
  const ids = [UK_CATALOGUE.baseProduct.variantId, UK_CATALOGUE.addOns.find((addOn) => addOn.id === 'metallic_front')!.variantId];
  /** A Storefront stand-in answering the price query: the charger at £649.00 and the metallic front at £25.00, or failing. */
  function shop(status = 200) {
    const asked: { ids: string[]; token: string | null }[] = [];
    const fetch = (async (_url: RequestInfo | URL, init: RequestInit = {}) => {
      const body = JSON.parse(String(init.body)) as { variables: { ids: string[] } };
      asked.push({ ids: body.variables.ids, token: new Headers(init.headers).get('x-shopify-storefront-access-token') });
      const nodes = body.variables.ids.map((id) =>
        id === ids[0] ? { id, availableForSale: true, price: { amount: '649.00', currencyCode: 'GBP' } } : id === ids[1] ? { id, availableForSale: true, price: { amount: '25.00', currencyCode: 'GBP' } } : null,
      );
      return new Response(JSON.stringify({ data: { nodes } }), { status });
    }) as typeof globalThis.fetch;
    return { fetch, asked };
  }
  const quote = (handle: (request: Request) => Promise<Response>) =>
    handle(
      new Request('https://merchant.example/api/quote', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ configuration: { ...defaultConfiguration(UK_CATALOGUE), front: 'racing_green' } }),
      }),
    );

  it('prices with the shop’s current prices, asking the shop once while its answer is fresh', async () => {
    const { fetch, asked } = shop();
    const handle = createQuoteHandler({ shop: { endpoint: 'https://shop.example/api/2026-04/graphql.json', token: 'storefront', fetch } });
    const body = await (await quote(handle)).json();
    expect(body.pricesFrom).toBe('shop');
    expect(body.totals.total).toBe(649 + 25);
    await quote(handle);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.token).toBe('storefront');
    expect(asked[0]!.ids).toContain(ids[0]);
  });

  it('asks again once the answer is older than maxAgeMs', async () => {
    const { fetch, asked } = shop();
    const handle = createQuoteHandler({ shop: { endpoint: 'https://shop.example/api/2026-04/graphql.json', token: 'storefront', fetch, maxAgeMs: -1 } });
    await quote(handle);
    await quote(handle);
    expect(asked).toHaveLength(2);
  });

  it('answers 503 when the shop cannot be asked, never the catalogue’s figures as the shop’s; the next request asks again', async () => {
    const { fetch, asked } = shop(502);
    const handle = createQuoteHandler({ shop: { endpoint: 'https://shop.example/api/2026-04/graphql.json', token: 'storefront', fetch } });
    const response = await quote(handle);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('30');
    expect((await response.json()).error).toMatchObject({ code: 'shop_unavailable', message: "The shop's prices could not be read: the shop answered 502" });
    await quote(handle);
    expect(asked).toHaveLength(2);
  });

  it('without a shop says its figures are the catalogue’s', async () => {
    const body = await (await quote(createQuoteHandler())).json();
    expect(body.pricesFrom).toBe('catalogue');
    expect(body.totals.total).toBe(599 + 22);
  });
});
