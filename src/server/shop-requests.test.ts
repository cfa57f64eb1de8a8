// The handlers' own requests to Shopify, as the code sends them (the partner discount's Admin
// mutation, the quote handler's Storefront price query), checked with their variables against
// Shopify's published schemas of the version the element pins and the oldest it accepts.
import { describe, expect, it } from 'vitest';
import { CHECKED_VERSIONS, validateAgainstAdmin, validateAgainstStorefront } from '../../test/unit/shopify-schema';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { createShopDiscounts } from './shop-discounts';
import { shopPricer } from './shop-prices';

/** A fetch that keeps each request body and answers `answer`. */
function capture(answer: unknown) {
  const bodies: { query: string; variables: Record<string, unknown> }[] = [];
  const fetch = (async (_url: RequestInfo | URL, init: RequestInit = {}) => {
    bodies.push(JSON.parse(String(init.body)) as { query: string; variables: Record<string, unknown> });
    return Response.json(answer);
  }) as typeof globalThis.fetch;
  return { bodies, fetch };
}

describe("the handlers' requests to Shopify", () => {
  it.each(CHECKED_VERSIONS)("the partner discount's single-use code (discountCodeBasicCreate) validates against Admin %s", async (version) => {
    const { bodies, fetch } = capture({ data: { discountCodeBasicCreate: { codeDiscountNode: { id: 'gid://shopify/DiscountCodeNode/1', codeDiscount: { codes: { nodes: [{ code: 'PARTNER-ABCDEFGHJKMN' }] } } }, userErrors: [] } } });
    const shop = createShopDiscounts({ adminEndpoint: `https://shop.myshopify.com/admin/api/${version}/graphql.json`, adminToken: 'shpat_test', fetch });
    const now = Date.UTC(2026, 0, 15);
    await shop.create({ code: 'PARTNER-ABCDEFGHJKMN', title: 'Partner Discount', amount: 10000, startsAt: now, endsAt: now + 86_400_000 });
    expect(bodies).toHaveLength(1);
    expect(validateAgainstAdmin(bodies[0]!.query, version, bodies[0]!.variables).map((error) => error.message)).toEqual([]);
  });

  it.each(CHECKED_VERSIONS)("the quote handler's price query validates against Storefront %s", async (version) => {
    const { bodies, fetch } = capture({ data: { nodes: [] } });
    await shopPricer(UK_CATALOGUE, { endpoint: `https://shop.myshopify.com/api/${version}/graphql.json`, token: 'public-token', fetch })();
    expect(bodies).toHaveLength(1);
    expect(validateAgainstStorefront(bodies[0]!.query, version, bodies[0]!.variables).map((error) => error.message)).toEqual([]);
  });

  it('catches a variable Shopify would refuse, so the checks above can fail', () => {
    const { query } = { query: 'mutation M($basicCodeDiscount: DiscountCodeBasicInput!) { discountCodeBasicCreate(basicCodeDiscount: $basicCodeDiscount) { userErrors { message } } }' };
    expect(validateAgainstAdmin(query, CHECKED_VERSIONS[0], { basicCodeDiscount: { usageLimit: 'one' } }).length).toBeGreaterThan(0);
  });
});
