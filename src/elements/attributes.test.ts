import { describe, expect, it } from 'vitest';
import { DEFAULT_API_VERSION, parseConfiguratorAttributes } from './attributes';

const BASE = 'https://merchant.example/products/charger';

describe('attribute parsing (DESIGN contract: <ev-charger-configurator> attributes)', () => {
  it('applies the contract defaults', () => {
    const { options, errors } = parseConfiguratorAttributes({}, BASE);
    expect(errors).toEqual([]);
    expect(options).toMatchObject({
      mode: 'order',
      persist: 'local',
      cart: 'storefront',
      apiVersion: DEFAULT_API_VERSION,
      imageCdn: 'https://merchant.example/cdn',
    });
    expect(options.mailEndpoint).toBeUndefined();
    expect(options.supportPhone).toBeUndefined();
  });

  it('reads every attribute, resolving relative URLs against the page', () => {
    const { options, errors } = parseConfiguratorAttributes(
      {
        mode: 'spec-request',
        persist: 'session',
        cart: 'theme',
        shopDomain: 'charger-shop.myshopify.com',
        storefrontToken: 'abcdef0123456789',
        apiVersion: '2025-04',
        productId: 'gid://shopify/Product/123',
        mailEndpoint: '/api/spec-request',
        partnerEndpoint: '/api/partner-discount/',
        imageCdn: 'https://cdn.example/images/',
        catalog: 'catalog.json',
        supportPhone: '0800 123 4567',
        supportEmail: 'sales@merchant.example',
        videoUrl: 'https://video.example/channel',
      },
      BASE,
    );
    expect(errors).toEqual([]);
    expect(options).toMatchObject({
      mode: 'spec-request',
      persist: 'session',
      cart: 'theme',
      mailEndpoint: 'https://merchant.example/api/spec-request',
      partnerEndpoint: 'https://merchant.example/api/partner-discount',
      imageCdn: 'https://cdn.example/images',
      catalogUrl: 'https://merchant.example/products/catalog.json',
      supportPhone: '0800 123 4567',
    });
  });

  it.each([
    [{ mode: 'lease' }, 'mode', 'mode="lease" is not valid: use "order" or "spec-request"'],
    [{ persist: 'forever' }, 'persist', 'persist="forever" is not valid: use "local" or "session" or "none"'],
    [{ cart: 'basket' }, 'cart', 'cart="basket" is not valid: use "storefront" or "theme"'],
    [{ mailEndpoint: 'javascript:alert(1)' }, 'mail-endpoint', 'mail-endpoint="javascript:alert(1)" is not a valid http(s) URL'],
    [{ partnerEndpoint: 'data:,x' }, 'partner-endpoint', 'partner-endpoint="data:,x" is not a valid http(s) URL'],
    [{ shopDomain: 'https://shop' }, 'shop-domain', 'shop-domain="https://shop" is not valid: expected a shop domain such as example.myshopify.com'],
    [{ apiVersion: '2025-13' }, 'api-version', 'api-version="2025-13" is not valid: expected a Storefront API version such as 2026-04'],
    [{ productId: '123' }, 'product-id', 'product-id="123" is not valid: expected a product global id such as gid://shopify/Product/123'],
    [{ supportEmail: 'nobody' }, 'support-email', 'support-email="nobody" is not valid: expected an e-mail address'],
  ])('names the attribute and what was wrong: %o', (raw, attribute, message) => {
    const { errors } = parseConfiguratorAttributes(raw, BASE);
    expect(errors).toEqual([{ attribute, message }]);
  });

  it('falls back to the default for a bad value, so the element still renders', () => {
    expect(parseConfiguratorAttributes({ mode: 'lease' }, BASE).options.mode).toBe('order');
  });
});
