import { describe, expect, it } from 'vitest';
import type { RequestNotes } from './operations';
import type { ShopAdminFailure } from './shop-admin';
import { providerUrlAllowed } from './http';
import { accessDenied, checkShopAdminOptions, shopAdmin } from './shop-admin';

const ENDPOINT = 'https://demo-shop.myshopify.com/admin/api/2026-04/graphql.json';

describe('checkShopAdminOptions', () => {
  it.each([
    ENDPOINT,
    'https://demo-shop.myshopify.com/admin/api/2025-10/graphql.json',
    'https://demo-shop.myshopify.com/admin/api/unstable/graphql.json',
    'http://127.0.0.1:5173/admin/api/2026-04/graphql.json',
    'http://localhost/admin/api/2026-04/graphql.json',
    'http://[::1]:8080/admin/api/2026-04/graphql.json',
  ])('takes %s', (adminEndpoint) => {
    expect(() => checkShopAdminOptions('test', { adminEndpoint, adminToken: 'shpat_x' })).not.toThrow();
  });

  it.each<[string, string, RegExp]>([
    ['plain http to a shop', 'http://demo-shop.myshopify.com/admin/api/2026-04/graphql.json', /must use https/],
    ['plain http to a host merely named like loopback', 'http://127.0.0.1.example/admin/api/2026-04/graphql.json', /must use https/],
    ['a version before 2025-10', 'https://demo-shop.myshopify.com/admin/api/2025-07/graphql.json', /version from 2025-10/],
    ['the Storefront API', 'https://demo-shop.myshopify.com/api/2026-04/graphql.json', /version from 2025-10/],
  ])('refuses %s, naming the option', (_, adminEndpoint, message) => {
    expect(() => checkShopAdminOptions('createX', { adminEndpoint, adminToken: 'shpat_x' }, 'shop')).toThrow(message);
    expect(() => checkShopAdminOptions('createX', { adminEndpoint, adminToken: 'shpat_x' }, 'shop')).toThrow(/^createX: shop\.adminEndpoint/);
  });

  it('refuses a token on two lines and a timeout that is no duration, without the token in the message', () => {
    expect(() => checkShopAdminOptions('createX', { adminEndpoint: ENDPOINT, adminToken: 'shpat_x\r\nX: y' })).toThrow(/shop\.adminToken/);
    expect(() => checkShopAdminOptions('createX', { adminEndpoint: ENDPOINT, adminToken: 'shpat_x\r\nX: y' })).not.toThrow(/shpat/);
    expect(() => checkShopAdminOptions('createX', { adminEndpoint: ENDPOINT, adminToken: 'shpat_x', timeoutMs: 0 })).toThrow(/shop\.timeoutMs/);
  });
});

describe('shopAdmin', () => {
  function client(answer: () => Promise<Response>, timeoutMs?: number) {
    const calls: { url: string; init: RequestInit }[] = [];
    const failures: ShopAdminFailure[] = [];
    const request = shopAdmin(
      {
        adminEndpoint: ENDPOINT,
        adminToken: 'shpat_token',
        fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
          calls.push({ url: String(input), init: init ?? {} });
          return answer();
        }) as typeof fetch,
        ...(timeoutMs !== undefined && { timeoutMs }),
      },
      (failure) => failures.push(failure),
    );
    return { request, calls, failures };
  }

  it('posts the document and variables with the token header, and answers data and errors as sent', async () => {
    const { request, calls } = client(async () => Response.json({ data: { shop: { currencyCode: 'GBP' } } }));
    const notes: RequestNotes = {};
    const answer = await request('query Q { shop { currencyCode } }', { a: 1 }, notes);
    expect(answer).toEqual({ ok: true, status: 200, data: { shop: { currencyCode: 'GBP' } }, errors: undefined });
    expect(notes.provider).toBe(200);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(ENDPOINT);
    expect(new Headers(calls[0]!.init.headers).get('x-shopify-access-token')).toBe('shpat_token');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ query: 'query Q { shop { currencyCode } }', variables: { a: 1 } });
  });

  it.each<[string, () => Promise<Response>, boolean, RequestNotes['provider']]>([
    ['a refused token (401)', async () => new Response('{"errors":"[API] Invalid API key"}', { status: 401 }), true, 401],
    ['a frozen shop (402)', async () => new Response(null, { status: 402 }), true, 402],
    ['a 503', async () => new Response(null, { status: 503 }), false, 503],
    ['a 429', async () => new Response(null, { status: 429 }), false, 429],
    ['a network failure', async () => Promise.reject(new TypeError('fetch failed')), false, 'network'],
    ['a body that is no JSON', async () => new Response('<html>', { status: 200 }), false, 200],
  ])('reports %s and answers whether a retry can help', async (_, answer, permanent, provider) => {
    const { request, failures } = client(answer);
    const notes: RequestNotes = {};
    expect(await request('query Q { shop { name } }', {}, notes)).toEqual({ ok: false, permanent });
    expect(failures).toHaveLength(1);
    expect(notes.provider).toBe(provider);
  });

  it('gives up at its deadline, even on a fetch that ignores the signal', async () => {
    const { request, failures } = client(() => new Promise<Response>(() => {}), 20);
    const notes: RequestNotes = {};
    expect(await request('query Q { shop { name } }', {}, notes)).toEqual({ ok: false, permanent: false });
    expect(notes.provider).toBe('timeout');
    expect(failures).toEqual([{ error: expect.objectContaining({ name: 'TimeoutError' }) }]);
  });
});

describe('accessDenied', () => {
  it("tells Shopify's ACCESS_DENIED from other GraphQL errors", () => {
    expect(accessDenied([{ message: 'Access denied for draftOrderCreate field.', extensions: { code: 'ACCESS_DENIED' } }])).toBe(true);
    expect(accessDenied([{ message: 'Throttled', extensions: { code: 'THROTTLED' } }])).toBe(false);
    expect(accessDenied(undefined)).toBe(false);
  });
});

describe('providerUrlAllowed', () => {
  it.each([
    ['https://api.eu.mailgun.net', true],
    ['http://127.0.0.1:8080/', true],
    ['http://localhost/', true],
    ['http://[::1]/', true],
    ['http://api.eu.mailgun.net', false],
    ['http://127.0.0.1.example/', false],
    ['ftp://127.0.0.1/', false],
    ['not a url', false],
  ])('%s: %s', (url, allowed) => {
    expect(providerUrlAllowed(url)).toBe(allowed);
  });
});
