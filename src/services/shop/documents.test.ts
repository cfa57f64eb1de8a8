import { describe, expect, it } from 'vitest';
import { NoDeprecatedCustomRule, parse, validate } from 'graphql';
import { storefrontSchema, validateAgainstStorefront } from '../../../test/unit/storefront-schema';
import { CART_DELIVERY_ADDRESSES_REPLACE_MUTATION, CART_NOTE_UPDATE_MUTATION, CART_QUERY, PRODUCT_QUERY, SHOP_DOCUMENTS } from './documents';

const deprecatedUses = (document: string) =>
  validate(storefrontSchema(), parse(document), [NoDeprecatedCustomRule]).map((error) => error.message);

describe('shop documents', () => {
  it.each(Object.entries(SHOP_DOCUMENTS))('%s is valid against the Storefront 2026-04 schema', (_name, document) => {
    expect(validateAgainstStorefront(document).map((error) => error.message)).toEqual([]);
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

  it('pages images, variants and lines 250 at a time and delivery groups 10 (spec §9)', () => {
    expect(PRODUCT_QUERY).toContain('images(first: 250)');
    expect(PRODUCT_QUERY).toContain('variants(first: 250)');
    expect(CART_QUERY).toContain('lines(first: 250)');
    expect(CART_QUERY).toContain('deliveryGroups(first: 10)');
  });

  it('every cart mutation returns cart, userErrors and warnings (spec §7.5)', () => {
    const mutations = Object.values(SHOP_DOCUMENTS).filter((document) => document.startsWith('mutation'));
    expect(mutations).toHaveLength(11);
    for (const mutation of mutations) {
      expect(mutation).toContain('cart { ...Cart }');
      expect(mutation).toContain('userErrors { ...CartUserError }');
      expect(mutation).toContain('warnings { ...CartWarning }');
    }
    expect(CART_NOTE_UPDATE_MUTATION).toContain('warnings');
  });

  it.each(Object.entries(SHOP_DOCUMENTS))('%s uses nothing the 2026-04 schema deprecates', (_name, document) => {
    expect(deprecatedUses(document)).toEqual([]);
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
    expect(PRODUCT_QUERY).not.toContain('fragment Cart ');
  });
});
