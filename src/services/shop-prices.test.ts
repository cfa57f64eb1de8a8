import { describe, expect, it } from 'vitest';
import { validateAgainstStorefront } from '../../test/unit/shopify-schema';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { catalogueHandles, catalogueVariantIds, parseShopPrices, VARIANT_PRICES_QUERY } from '../domain/shop-prices';
import { jsonResponse, recordingFetch } from './shop/shop.fixture';
import { priceCatalogue } from './shop-prices';

const IDS = ['gid://shopify/ProductVariant/1', 'gid://shopify/ProductVariant/2', 'gid://shopify/ProductVariant/3'];
const variant = (id: string, amount: string, extra: Record<string, unknown> = {}) => ({
  id,
  availableForSale: true,
  price: { amount, currencyCode: 'GBP' },
  ...extra,
});
const answer = (nodes: unknown[]) => ({ data: { nodes } });

describe('VARIANT_PRICES_QUERY', () => {
  it('is valid against the Storefront 2026-04 schema', () => {
    expect(validateAgainstStorefront(VARIANT_PRICES_QUERY).map((error) => error.message)).toEqual([]);
  });
});

describe('parseShopPrices', () => {
  it('reads price, availability and the named selling plan of each variant; a variant the shop lacks stays unpriced', () => {
    const plans = { nodes: [{ sellingPlan: { id: 'gid://shopify/SellingPlan/7', name: 'Monthly plan' } }, { sellingPlan: { id: 'gid://shopify/SellingPlan/8', name: 'Other' } }] };
    const result = parseShopPrices(
      answer([variant(IDS[0]!, '649.0', { sellingPlanAllocations: plans }), variant(IDS[1]!, '88.00', { availableForSale: false }), null]),
      IDS,
      'Monthly plan',
    );
    expect(result).toEqual({
      ok: true,
      list: { prices: { [IDS[0]!]: 64900, [IDS[1]!]: 8800 }, unavailable: [IDS[1]], sellingPlans: { [IDS[0]!]: 'gid://shopify/SellingPlan/7' } },
    });
  });

  const notPrice = `the shop's answer for ${IDS[0]} is not its price in GBP`;
  it.each([
    ['GraphQL errors', { errors: [{ message: 'Throttled' }] }, 'the shop did not answer the price query: [{"message":"Throttled"}]'],
    ['no data', {}, 'the shop did not answer the price query'],
    ['too few nodes', answer([null]), 'the shop did not answer the price query'],
    ['another variant', answer([variant('gid://shopify/ProductVariant/9', '1.00'), null, null]), notPrice],
    ['another currency', answer([{ ...variant(IDS[0]!, '1.00'), price: { amount: '1.00', currencyCode: 'EUR' } }, null, null]), notPrice],
    ['a price that is no amount', answer([variant(IDS[0]!, '-5'), null, null]), notPrice],
  ])('refuses %s, naming it', (_name, body, error) => {
    expect(parseShopPrices(body, IDS)).toEqual({ ok: false, error });
  });
});

describe('priceCatalogue from the Storefront API, through the shop client (ARCH-4)', () => {
  const endpoint = 'https://shop.example/api/2026-04/graphql.json';
  const storefront = { shopDomain: 'shop.example', apiVersion: '2026-04', token: 'public' };
  const ids = catalogueVariantIds(UK_CATALOGUE);
  const charger = UK_CATALOGUE.baseProduct.variantId;
  const answerFor = (variables: Record<string, unknown> | undefined) =>
    answer((variables!.ids as string[]).map((id) => (id === charger ? variant(id, '649.00', { sellingPlanAllocations: { nodes: [{ sellingPlan: { id: 'gid://shopify/SellingPlan/7', name: 'Monthly plan' } }] } }) : null)));

  it("sends the client's request: one document with every variant the catalogue sells, its headers and API version; selling plans only with the monthly plan", async () => {
    const { fetch, requests } = recordingFetch((request) => jsonResponse(answerFor(request.variables)));
    const priced = await priceCatalogue(UK_CATALOGUE, { ...storefront, monthlyPlan: false, fetch });
    expect(priced.ok && priced.catalogue.baseProduct.price).toBe(64900);
    expect(priced.ok && priced.list.sellingPlans).toEqual({});
    const monthly = await priceCatalogue(UK_CATALOGUE, { ...storefront, monthlyPlan: true, fetch });
    expect(monthly.ok && monthly.list.sellingPlans).toEqual({ [charger]: 'gid://shopify/SellingPlan/7' });
    expect(requests.map(({ url, method, headers, query }) => ({ url, method, headers, query }))).toEqual(
      Array(2).fill({
        url: endpoint,
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-SDK-Variant': 'storefront-api-client',
          'X-SDK-Version': '2.0.0',
          'X-SDK-Variant-Source': 'ev-charger-configurator',
          'X-Shopify-Storefront-Access-Token': 'public',
          'Accept-Language': '*',
        },
        query: VARIANT_PRICES_QUERY,
      }),
    );
    expect(requests.map((request) => request.variables)).toEqual([{ ids, sellingPlans: false }, { ids, sellingPlans: true }]);
  });

  it('goes to storefront-endpoint when given one', async () => {
    const { fetch, requests } = recordingFetch((request) => jsonResponse(answerFor(request.variables)));
    const local = 'http://127.0.0.1:5173/api/2026-04/graphql.json';
    await priceCatalogue(UK_CATALOGUE, { ...storefront, shopDomain: undefined, storefrontEndpoint: local, monthlyPlan: false, fetch });
    expect(requests.map((request) => request.url)).toEqual([local]);
  });

  it('turns every failure of the call into a message', async () => {
    const failing = (respond: () => Response | Promise<Response>) => (async () => respond()) as unknown as typeof globalThis.fetch;
    const shop = { ...storefront, monthlyPlan: false };
    await expect(priceCatalogue(UK_CATALOGUE, { ...shop, fetch: failing(() => new Response('busy', { status: 503 })) })).resolves.toEqual({ ok: false, error: `${endpoint} answered 503` });
    await expect(priceCatalogue(UK_CATALOGUE, { ...shop, fetch: failing(() => new Response('<html>', { status: 200, headers: { 'Content-Type': 'text/html' } })) })).resolves.toEqual({
      ok: false,
      error: `${endpoint}: GraphQL Client: Response returned unexpected Content-Type: text/html`,
    });
    await expect(priceCatalogue(UK_CATALOGUE, { ...shop, fetch: failing(() => jsonResponse({ errors: [{ message: 'Throttled' }] })) })).resolves.toEqual({
      ok: false,
      error: 'the shop did not answer the price query: [{"message":"Throttled"}]',
    });
    await expect(priceCatalogue(UK_CATALOGUE, { ...shop, fetch: failing(() => Promise.reject(new TypeError('Failed to fetch'))) })).resolves.toEqual({
      ok: false,
      error: 'the shop could not be reached (Failed to fetch)',
    });
    const never = (async (_url: unknown, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))) as unknown as typeof globalThis.fetch;
    await expect(priceCatalogue(UK_CATALOGUE, { ...shop, fetch: never, timeoutMs: 20 })).resolves.toEqual({ ok: false, error: 'the shop took too long to answer' });
  });

  it('a shop setting the client refuses is the message, and nothing is sent', async () => {
    const { fetch, requests } = recordingFetch(() => jsonResponse({}));
    const result = await priceCatalogue(UK_CATALOGUE, { ...storefront, storefrontEndpoint: 'ftp://shop.example/graphql', monthlyPlan: false, fetch });
    expect(result).toEqual({ ok: false, error: 'Shop configuration: storefront-endpoint "ftp://shop.example/graphql" must be an http(s) URL.' });
    expect(requests).toEqual([]);
  });
});

describe('priceCatalogue', () => {
  const products: Record<string, unknown> = {
    'charge-point': { variants: [{ id: Number(UK_CATALOGUE.baseProduct.variantId.split('/').at(-1)), price: 64900, available: true }] },
  };
  const theme = () => {
    const asked: string[] = [];
    const fetch = (async (url: RequestInfo | URL) => {
      asked.push(String(url));
      const handle = /products\/([a-z0-9-]+)\.js$/.exec(String(url))?.[1] ?? '';
      return new Response(JSON.stringify(products[handle] ?? { variants: [] }), { status: 200 });
    }) as typeof globalThis.fetch;
    return { fetch, asked };
  };

  it('with cart="theme" reads each product handle from the theme, once, and prices the catalogue with it', async () => {
    const { fetch, asked } = theme();
    const result = await priceCatalogue(UK_CATALOGUE, { theme: true, monthlyPlan: false, fetch });
    expect(asked).toHaveLength(catalogueHandles(UK_CATALOGUE).length);
    expect(asked).toContain('/products/charge-point.js');
    expect(result.ok && result.catalogue.baseProduct.price).toBe(64900);
  });

  it('a theme product that does not answer leaves the catalogue’s figures, with the reason', async () => {
    const fetch = (async () => new Response('', { status: 404 })) as unknown as typeof globalThis.fetch;
    const result = await priceCatalogue(UK_CATALOGUE, { theme: true, monthlyPlan: false, fetch });
    expect(result).toEqual({ ok: false, error: '/products/charge-point.js answered 404' });
  });

  it('a theme catalogue without handles asks the Storefront API when it has a token, else says why it cannot', async () => {
    const bare = { ...UK_CATALOGUE, baseProduct: { ...UK_CATALOGUE.baseProduct, handle: undefined }, cables: UK_CATALOGUE.cables.map((c) => ({ ...c, handle: undefined })), installations: UK_CATALOGUE.installations.map((i) => ({ ...i, handle: undefined })), addOns: UK_CATALOGUE.addOns.map((a) => ({ ...a, handle: undefined })) };
    const { fetch } = theme();
    await expect(priceCatalogue(bare, { theme: true, monthlyPlan: false, fetch })).resolves.toEqual({ ok: false, error: 'the catalogue names no product handles for the theme to price' });
    const storefront = recordingFetch((request) => jsonResponse(answer((request.variables!.ids as string[]).map(() => null))));
    await priceCatalogue(bare, { theme: true, shopDomain: 'shop.example', apiVersion: '2026-04', token: 'public', monthlyPlan: false, fetch: storefront.fetch });
    expect(storefront.requests.map((request) => request.url)).toEqual(['https://shop.example/api/2026-04/graphql.json']);
  });
});
