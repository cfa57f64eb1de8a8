import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE } from './catalogue/uk';
import { catalogueWithShopIds, shopProducts, shopProductsProblems } from './shop-products';

describe('shopProducts', () => {
  const products = shopProducts(UK_CATALOGUE);

  it('makes the charger, one installation product of four variants, and a product per cable and add-on; no colours', () => {
    expect(products).toHaveLength(1 + 1 + UK_CATALOGUE.cables.length + UK_CATALOGUE.addOns.length);
    expect(products[0]).toMatchObject({ handle: 'charge-point', title: 'Charge Point', optionName: 'Title', variants: [{ sku: 'A4-CHARGE-POINT', title: 'Default Title', price: 59900 }] });
    expect(products[1]).toMatchObject({ handle: 'installation', optionName: 'Installation' });
    expect(products[1]!.variants.map((variant) => [variant.sku, variant.title, variant.price, variant.requiresShipping])).toEqual(
      UK_CATALOGUE.installations.map((option) => [option.id, option.longName, option.price, false]),
    );
    expect(products.some((product) => product.productType === 'Colour')).toBe(false);
    expect(shopProductsProblems(products)).toEqual([]);
  });

  it('refuses a catalogue whose products would share a handle or whose variants a SKU', () => {
    const cables = UK_CATALOGUE.cables.map((cable, index) => (index === 1 ? { ...cable, handle: 'charge-point', code: 'A4-CHARGE-POINT' } : cable));
    expect(shopProductsProblems(shopProducts({ ...UK_CATALOGUE, cables }))).toEqual([
      '"7kW with 8.5m cable" and "Charge Point" both have the handle charge-point',
      'the SKU A4-CHARGE-POINT is used by "Charge Point" and "7kW with 8.5m cable"',
    ]);
  });

  it("writes the shop's ids into the catalogue: variant ids and handles, the charger's and the installation product's ids; colours lose theirs", () => {
    const variants = Object.fromEntries(products.flatMap((product) => product.variants.map((variant, index) => [variant.sku, `gid://shopify/ProductVariant/${product.handle.length * 100 + index}`])));
    const ids = { products: Object.fromEntries(products.map((product, index) => [product.handle, `gid://shopify/Product/${index + 1}`])), variants };
    const written = catalogueWithShopIds(UK_CATALOGUE, products, ids);
    expect(written.baseProduct).toMatchObject({ productId: 'gid://shopify/Product/1', variantId: variants['A4-CHARGE-POINT'], demoPrice: false });
    expect(written.installationProductId).toBe('gid://shopify/Product/2');
    expect(written.cables.map((cable) => cable.variantId)).toEqual(UK_CATALOGUE.cables.map((cable) => variants[cable.code]));
    expect(written.installations.every((option) => option.handle === 'installation')).toBe(true);
    expect(written.colours.body.every((colour) => colour.variantId === undefined)).toBe(true);
    expect(() => catalogueWithShopIds(UK_CATALOGUE, products, { ...ids, variants: {} })).toThrow('no variant id for the SKU A4-CHARGE-POINT');
  });
});
