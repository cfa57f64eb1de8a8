import { describe, expect, it } from 'vitest';
import { CHECKED_VERSIONS, deprecatedUses as deprecations, selectedFields, storefrontSchema, validateAgainstStorefront } from '../../../test/unit/shopify-schema';
import type { GraphQLObjectType } from 'graphql';
import { VARIANT_PRICES_QUERY } from '../../domain/shop-prices';
import { DEFAULT_API_VERSION, OLDEST_API_VERSION } from './api-version';
import { CART_DELIVERY_ADDRESSES_REPLACE_MUTATION, CART_LINES_QUERY, CART_QUERY, PRODUCT_DETAILS_QUERY, SHOP_DOCUMENTS } from './documents';

/**
 * Deprecations whose replacement the checked versions do not have yet (it came in 2026-10): each is
 * kept only while the replacement is missing, which the test below checks.
 */
const NO_REPLACEMENT_YET: Record<string, (version: string) => boolean> = {
  'The field Cart.discountAllocations is deprecated. Use `cart.lines[].discountAllocations(lineLevelOnly: false)` and `cart.deliveryGroups[].discountAllocations` instead.':
    (version) => !('discountAllocations' in (storefrontSchema(version).getType('CartDeliveryGroup') as GraphQLObjectType).getFields()),
  'The field CartDiscountAllocation.discountApplication is deprecated. Use `sourceDiscountApplication` instead.':
    (version) => !('sourceDiscountApplication' in (storefrontSchema(version).getType('CartDiscountAllocation') as GraphQLObjectType).getFields()),
};

const deprecatedUses = (document: string, version?: string) =>
  deprecations(document, version).filter((message) => !NO_REPLACEMENT_YET[message]?.(version ?? CHECKED_VERSIONS[0]));

describe('shop documents', () => {
  it.each(CHECKED_VERSIONS.flatMap((version) => Object.entries(SHOP_DOCUMENTS).map(([name, document]) => [version, name, document] as const)))(
    'Storefront %s: %s is valid against Shopify\'s published schema',
    (version, _name, document) => {
      expect(validateAgainstStorefront(document, version).map((error) => error.message)).toEqual([]);
    },
  );

  it('checks the version the element pins and the oldest it accepts', () => {
    expect(CHECKED_VERSIONS).toEqual([DEFAULT_API_VERSION, OLDEST_API_VERSION]);
  });

  it('names each operation as its key', () => {
    for (const [name, document] of Object.entries(SHOP_DOCUMENTS)) {
      expect(document).toMatch(new RegExp(`^(query|mutation) ${name}\\b`));
    }
  });

  it('catches a misspelt field, so the check above can fail', () => {
    const misspelt = CART_QUERY.replace('checkoutUrl', 'checkoutURL');
    expect(validateAgainstStorefront(misspelt).map((error) => error.message)).toEqual([
      'Cannot query field "checkoutURL" on type "Cart". Did you mean "checkoutUrl"?',
    ]);
  });

  it('pages lines 250 at a time and delivery groups 10 (CART-6)', () => {
    expect(CART_QUERY).toContain('lines(first: 250)');
    expect(CART_LINES_QUERY).toContain('lines(first: 250, after: $after)');
    expect(CART_QUERY).toContain('deliveryGroups(first: 10)');
  });

  it('every cart mutation returns cart, userErrors and warnings (CART-5)', () => {
    const mutations = Object.values(SHOP_DOCUMENTS).filter((document) => document.startsWith('mutation'));
    expect(mutations).toHaveLength(7);
    for (const mutation of mutations) {
      expect(mutation).toContain('cart { ...Cart }');
      expect(mutation).toContain('userErrors { ...CartUserError }');
      expect(mutation).toContain('warnings { ...CartWarning }');
    }
  });

  it.each(CHECKED_VERSIONS.flatMap((version) => Object.entries(SHOP_DOCUMENTS).map(([name, document]) => [version, name, document] as const)))(
    'Storefront %s: %s uses nothing deprecated that has a replacement there',
    (version, _name, document) => {
      expect(deprecatedUses(document, version)).toEqual([]);
    },
  );

  it('lets a deprecation pass only while its replacement is missing: 2026-10 has both replacements', () => {
    for (const stillMissing of Object.values(NO_REPLACEMENT_YET)) {
      expect(CHECKED_VERSIONS.map((version) => stillMissing(version))).toEqual(CHECKED_VERSIONS.map(() => true));
      expect(stillMissing('2026-10')).toBe(false);
    }
  });

  it('catches a deprecated field, so the check above can fail (buyer identity delivery preferences gave way to cart.delivery)', () => {
    expect(CART_QUERY).toContain('delivery { addresses { ...CartSelectableAddress } }');
    expect(CART_DELIVERY_ADDRESSES_REPLACE_MUTATION).toContain('cartDeliveryAddressesReplace(cartId: $cartId, addresses: $addresses)');
    const old = CART_QUERY.replace('delivery { addresses { ...CartSelectableAddress } }', 'buyerIdentity { deliveryAddressPreferences { __typename } }');
    expect(deprecatedUses(old)).toEqual([
      'The field CartBuyerIdentity.deliveryAddressPreferences is deprecated. Use `cart.delivery` instead.',
    ]);
  });

  it('carries each fragment once, only where it is used', () => {
    for (const document of Object.values(SHOP_DOCUMENTS)) {
      const names = [...document.matchAll(/^fragment (\w+)/gm)].map((match) => match[1]);
      expect(new Set(names).size).toBe(names.length);
    }
    expect(PRODUCT_DETAILS_QUERY).not.toContain('fragment Cart ');
  });
});

/** The scopes a merchant grants the element's token (docs/decisions/storefront-token-scopes.md). */
const TOKEN_SCOPES = new Set([
  'unauthenticated_read_product_listings',
  'unauthenticated_read_product_inventory',
  'unauthenticated_read_checkouts',
  'unauthenticated_write_checkouts',
  'unauthenticated_read_selling_plans',
]);

/** Types (by name) and fields (`Type.field`) behind a scope, from Shopify's Storefront access-scopes page and object pages. */
const SCOPE_OF: Readonly<Record<string, string>> = {
  Customer: 'unauthenticated_read_customers',
  'Customer.tags': 'unauthenticated_read_customer_tags',
  'Product.tags': 'unauthenticated_read_product_tags',
  Article: 'unauthenticated_read_content',
  Blog: 'unauthenticated_read_content',
  Comment: 'unauthenticated_read_content',
  StoreAvailability: 'unauthenticated_read_product_pickup_locations',
  Location: 'unauthenticated_read_product_pickup_locations',
  'ProductVariant.quantityAvailable': 'unauthenticated_read_product_inventory',
  SellingPlanAllocation: 'unauthenticated_read_selling_plans',
};

/** Every scope the fields a document selects need, whether selected on, through or as the type. */
const scopesNeeded = (document: string, version?: string) =>
  [
    ...new Set(
      selectedFields(document, version).flatMap(({ field, type }) =>
        [SCOPE_OF[field], SCOPE_OF[field.split('.')[0]!], SCOPE_OF[type]].filter((scope) => scope !== undefined),
      ),
    ),
  ].sort();

const beyondToken = (document: string, version?: string) => scopesNeeded(document, version).filter((scope) => !TOKEN_SCOPES.has(scope));

describe('the Storefront token scopes the documents need', () => {
  it.each(CHECKED_VERSIONS.flatMap((version) => Object.entries(SHOP_DOCUMENTS).map(([name, document]) => [version, name, document] as const)))(
    'Storefront %s: %s selects nothing behind a scope the token is not given',
    (version, _name, document) => {
      expect(beyondToken(document, version)).toEqual([]);
    },
  );

  it('names only types and fields the schema has, so no entry of the table is dead', () => {
    const schema = storefrontSchema();
    for (const name of Object.keys(SCOPE_OF)) {
      const [type, field] = name.split('.');
      const found = schema.getType(type!) as GraphQLObjectType | undefined;
      expect(found, name).toBeDefined();
      if (field) expect(found!.getFields(), name).toHaveProperty(field);
    }
  });

  it("catches the cart buyer's customer, which needs unauthenticated_read_customers", () => {
    expect(CART_QUERY).toContain('buyerIdentity { ...CartBuyerIdentity }');
    const withCustomer = CART_QUERY.replace('buyerIdentity { ...CartBuyerIdentity }', 'buyerIdentity { ...CartBuyerIdentity customer { email } }');
    expect(beyondToken(withCustomer)).toEqual(['unauthenticated_read_customers']);
  });

  it('follows fragments and inline fragments into the types they select on', () => {
    expect(scopesNeeded(VARIANT_PRICES_QUERY)).toEqual(['unauthenticated_read_selling_plans']);
    expect(beyondToken(/* GraphQL */ `query Tags($id: ID!) { node(id: $id) { ...Tagged } }
      fragment Tagged on Product { tags variants(first: 1) { nodes { quantityAvailable } } }`)).toEqual(['unauthenticated_read_product_tags']);
  });
});
