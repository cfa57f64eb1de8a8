import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AttributeError, ConfiguratorOptions, ContactDetails } from './attributes';
import { CONFIGURATOR_ATTRIBUTES, CONTACT_ATTRIBUTES, kebab, parseConfiguratorAttributes, parseContactDetails } from './attributes';
import { DEFAULT_API_VERSION, OLDEST_API_VERSION } from '../services/shop/api-version';
import { CONFIGURATOR_CONTRACT, CONFIGURATOR_DOCS } from '../services/attribute-contract';

const BASE = 'https://merchant.example/products/charger';

describe('attribute parsing (ATTR-1: <ev-charger-configurator> attributes)', () => {
  it('applies the contract defaults', () => {
    const { options, errors } = parseConfiguratorAttributes({}, BASE);
    expect(errors).toEqual([]);
    expect(options).toMatchObject({
      mode: 'order',
      persist: 'local',
      cart: 'storefront',
      apiVersion: '2026-04',
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
        apiVersion: '2025-10',
        productId: 'gid://shopify/Product/123',
        mailEndpoint: '/api/spec-request',
        partnerEndpoint: '/api/partner-discount/',
        imageCdn: 'https://cdn.example/images/',
        catalog: 'catalog.json',
        supportPhone: '0800 123 4567',
        supportEmail: 'sales@merchant.example',
        videoUrl: 'https://video.example/channel',
        termsUrl: '/terms',
        financeTermsUrl: 'https://merchant.example/finance-terms',
        privacyUrl: 'privacy',
      },
      BASE,
    );
    expect(errors).toEqual([]);
    expect(options).toMatchObject({
      mode: 'spec-request',
      persist: 'session',
      cart: 'theme',
      apiVersion: '2025-10',
      mailEndpoint: 'https://merchant.example/api/spec-request',
      partnerEndpoint: 'https://merchant.example/api/partner-discount',
      imageCdn: 'https://cdn.example/images',
      catalogUrl: 'https://merchant.example/products/catalog.json',
      supportPhone: '0800 123 4567',
      termsUrl: 'https://merchant.example/terms',
      financeTermsUrl: 'https://merchant.example/finance-terms',
      privacyUrl: 'https://merchant.example/products/privacy',
    });
  });

  it.each([
    [{ mode: 'lease' }, 'mode', 'mode="lease" is not valid: use "order" or "spec-request"'],
    [{ persist: 'forever' }, 'persist', 'persist="forever" is not valid: use "local" or "session" or "none"'],
    [{ cart: 'basket' }, 'cart', 'cart="basket" is not valid: use "storefront" or "theme"'],
    [{ mailEndpoint: 'javascript:alert(1)' }, 'mail-endpoint', 'mail-endpoint="javascript:alert(1)" is not a valid http(s) URL'],
    [{ partnerEndpoint: 'data:,x' }, 'partner-endpoint', 'partner-endpoint="data:,x" is not a valid http(s) URL'],
    [{ shopDomain: 'https://shop' }, 'shop-domain', 'shop-domain="https://shop" is not valid: expected a shop domain such as example.myshopify.com'],
    [{ apiVersion: '2025-13' }, 'api-version', 'api-version="2025-13" is not valid: expected a Storefront API version 2025-10 or later'],
    [{ apiVersion: '2025-04' }, 'api-version', 'api-version="2025-04" is not valid: expected a Storefront API version 2025-10 or later'],
    [{ productId: '123' }, 'product-id', 'product-id="123" is not valid: expected a product global id such as gid://shopify/Product/123'],
    [{ supportEmail: 'nobody' }, 'support-email', 'support-email="nobody" is not valid: expected an e-mail address'],
  ])('names the attribute and what was wrong: %o', (raw, attribute, message) => {
    const { errors } = parseConfiguratorAttributes(raw, BASE);
    expect(errors).toMatchObject([{ attribute, message }]);
  });

  it.each([
    ['2025-07', false],
    ['2024-10', false],
    ['2025-10', true],
    ['2026-01', true],
    ['2026-04', true],
    ['unstable', true],
  ])('api-version="%s": accepted from the oldest version the documents are checked against (%s)', (apiVersion, accepted) => {
    const { options, errors } = parseConfiguratorAttributes({ apiVersion }, BASE);
    expect(options.apiVersion).toBe(accepted ? apiVersion : DEFAULT_API_VERSION);
    expect(errors).toEqual(accepted ? [] : [{ attribute: 'api-version', message: `api-version="${apiVersion}" is not valid: expected a Storefront API version ${OLDEST_API_VERSION} or later` }]);
  });

  it('names the oldest and the default version as api-version.ts has them, in the error and the documentation', () => {
    expect(CONFIGURATOR_CONTRACT.apiVersion).toMatchObject({ oldest: OLDEST_API_VERSION, default: DEFAULT_API_VERSION });
    expect(CONFIGURATOR_CONTRACT.apiVersion.expected).toBe(`a Storefront API version ${OLDEST_API_VERSION} or later`);
    expect(CONFIGURATOR_DOCS.apiVersion.description).toContain(`The oldest accepted is \`${OLDEST_API_VERSION}\``);
    expect(CONFIGURATOR_DOCS.apiVersion.description).toContain(`e.g. \`${DEFAULT_API_VERSION}\``);
  });

  it('falls back to the default for a bad value, so the element still renders', () => {
    expect(parseConfiguratorAttributes({ mode: 'lease' }, BASE).options.mode).toBe('order');
  });

  it('refuses a javascript: URL in every URL attribute, naming it', () => {
    const urls = CONFIGURATOR_ATTRIBUTES.filter((name) => CONFIGURATOR_CONTRACT[name].kind === 'url');
    // The filter's sanity, not a count: a new URL attribute joins this test without an edit here (ATTR-1).
    expect(urls).toEqual(expect.arrayContaining(['storefrontEndpoint', 'mailEndpoint', 'imageCdn', 'catalog', 'videoUrl', 'privacyUrl']));
    const { options, errors } = parseConfiguratorAttributes(Object.fromEntries(urls.map((name) => [name, 'javascript:alert(1)'])), BASE);
    expect(errors).toMatchObject(urls.map((name) => ({ attribute: kebab(name), message: `${kebab(name)}="javascript:alert(1)" is not a valid http(s) URL` })));
    expect(options.imageCdn).toBe('https://merchant.example/cdn');
    expect(options.catalogUrl).toBeUndefined();
  });

  it('reports an object a framework wrote as an attribute ("[object Object]"), instead of fetching it as a URL', () => {
    const { options, errors } = parseConfiguratorAttributes({ catalog: '[object Object]', supportPhone: '[object Object]' }, BASE);
    expect(options.catalogUrl).toBeUndefined();
    expect(errors).toEqual([
      { attribute: 'catalog', message: `catalog="[object Object]" is an object written as text: set the element's catalog property instead`, fatal: true },
      { attribute: 'support-phone', message: `support-phone="[object Object]" is an object written as text: set the element's supportPhone property instead` },
    ]);
  });

  it('treats an empty or blank attribute as absent', () => {
    const { options, errors } = parseConfiguratorAttributes({ mode: '  ', apiVersion: '', shopDomain: '' }, BASE);
    expect(errors).toEqual([]);
    expect(options).toMatchObject({ mode: 'order', apiVersion: '2026-04', imageCdn: 'https://merchant.example/cdn', shopDomain: undefined });
  });

  it('leaves the viewer and wizard files unset without their attributes: the build imports its own', () => {
    const { options } = parseConfiguratorAttributes({ wizardSrc: '/w.js' }, BASE);
    expect(options.viewerSrc).toBeUndefined();
    expect(options.wizardSrc).toBe('https://merchant.example/w.js');
  });

  it.each(['', '  '])('reads an empty image-cdn (%j) as no image CDN, and an absent one as the default', (imageCdn) => {
    expect(parseConfiguratorAttributes({ imageCdn }, BASE)).toEqual({ options: expect.objectContaining({ imageCdn: '' }), errors: [] });
    expect(parseConfiguratorAttributes({}, BASE).options.imageCdn).toBe('https://merchant.example/cdn');
  });

  it('stops the configurator only for mode, cart and catalog (ATTR-3)', () => {
    const { errors } = parseConfiguratorAttributes(Object.fromEntries(CONFIGURATOR_ATTRIBUTES.map((name) => [name, 'javascript:alert(1)'])), BASE);
    expect(errors).toHaveLength(CONFIGURATOR_ATTRIBUTES.length);
    expect(errors.filter((error) => error.fatal).map((error) => error.attribute).sort()).toEqual(['cart', 'catalog', 'mode']);
  });

  it('types the options from the contract', () => {
    expectTypeOf<ConfiguratorOptions['mode']>().toEqualTypeOf<'order' | 'spec-request'>();
    expectTypeOf<ConfiguratorOptions['persist']>().toEqualTypeOf<'local' | 'session' | 'none'>();
    expectTypeOf<ConfiguratorOptions['apiVersion']>().toEqualTypeOf<string>();
    expectTypeOf<ConfiguratorOptions['shopDomain']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ConfiguratorOptions>().toHaveProperty('catalogUrl');
    expectTypeOf<ConfiguratorOptions>().not.toHaveProperty('catalog');
    expectTypeOf<keyof ContactDetails>().toEqualTypeOf<(typeof CONTACT_ATTRIBUTES)[number]>();
  });
});

describe('contact attributes (ATTR-4: <ev-charger-contact>)', () => {
  it('reads the four lines and reports the bad ones', () => {
    const errors: AttributeError[] = [];
    const details = parseContactDetails({ supportPhone: '0800 123 4567', supportEmail: 'nobody', videoUrl: 'data:,x', socialUrl: '/social' }, BASE, errors);
    expect(details).toEqual({ supportPhone: '0800 123 4567', supportEmail: undefined, videoUrl: undefined, socialUrl: 'https://merchant.example/social' });
    expect(errors.map((error) => error.message)).toEqual(['support-email="nobody" is not valid: expected an e-mail address', 'video-url="data:,x" is not a valid http(s) URL']);
    expect(CONTACT_ATTRIBUTES.every((name) => CONFIGURATOR_ATTRIBUTES.includes(name))).toBe(true);
  });
});
