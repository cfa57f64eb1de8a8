import type { Flow } from '../domain/wizard';

/**
 * The contract's attributes (DESIGN "<ev-charger-configurator>"), parsed and validated. A bad
 * value never crashes the element: it becomes an error naming the attribute and what was wrong.
 */
export const CONFIGURATOR_ATTRIBUTES = [
  'mode',
  'shopDomain',
  'storefrontToken',
  'storefrontEndpoint',
  'apiVersion',
  'productId',
  'cart',
  'mailEndpoint',
  'storeCartEndpoint',
  'directDebitEndpoint',
  'directDebitDropinSrc',
  'partnerEndpoint',
  'imageCdn',
  'modelSrc',
  'viewerSrc',
  'wizardSrc',
  'catalog',
  'supportPhone',
  'supportEmail',
  'videoUrl',
  'socialUrl',
  'persist',
] as const;

export const CONTACT_ATTRIBUTES = ['supportPhone', 'supportEmail', 'videoUrl', 'socialUrl'] as const;

export type ConfiguratorAttribute = (typeof CONFIGURATOR_ATTRIBUTES)[number];
export type RawAttributes = Partial<Record<ConfiguratorAttribute, string | undefined>>;

export type PersistMode = 'local' | 'session' | 'none';
export type CartMode = 'storefront' | 'theme';

export interface ContactDetails {
  supportPhone?: string | undefined;
  supportEmail?: string | undefined;
  videoUrl?: string | undefined;
  socialUrl?: string | undefined;
}

export interface ConfiguratorOptions extends ContactDetails {
  mode: Flow;
  persist: PersistMode;
  cart: CartMode;
  shopDomain?: string | undefined;
  storefrontToken?: string | undefined;
  storefrontEndpoint?: string | undefined;
  apiVersion: string;
  productId?: string | undefined;
  mailEndpoint?: string | undefined;
  storeCartEndpoint?: string | undefined;
  directDebitEndpoint?: string | undefined;
  /** URL of GoCardless's drop-in script, loaded on the direct-debit step only (GoCardless's own by default). */
  directDebitDropinSrc?: string | undefined;
  /** Base URL of the partner-discount handler: with it, a partner discount needs a one-time code sent to the e-mail. */
  partnerEndpoint?: string | undefined;
  imageCdn: string;
  modelSrc?: string | undefined;
  /** URL of `model-viewer.js`, the 3D viewer file: `viewer-src`, else the one beside the classic script. */
  viewerSrc?: string | undefined;
  /** URL of `wizard.js`, the wizard file loaded on demand (`wizard-src`, else beside the script). */
  wizardSrc?: string | undefined;
  /** URL of a catalogue JSON; the object form arrives through the `catalog` property instead. */
  catalogUrl?: string | undefined;
}

export interface AttributeError {
  attribute: string;
  message: string;
}

/**
 * Spec §7 names 2025-04 (and 2025-01, 2024-04), all past Shopify's support window by now; DESIGN asks
 * for a currently supported version: the one whose schema the tests validate against.
 */
export const DEFAULT_API_VERSION = '2026-04';
/** Demo stand-in of the image CDN (DESIGN: `image-cdn` default). */
export const DEFAULT_IMAGE_CDN = '/cdn';

/** The attribute name of a camelCase property, as r2wc maps them (`shopDomain` → `shop-domain`). */
export const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

function oneOf<T extends string>(name: ConfiguratorAttribute, raw: RawAttributes, allowed: readonly T[], fallback: T, errors: AttributeError[]): T {
  const trimmed = raw[name]?.trim();
  if (trimmed === undefined || trimmed === '') return fallback;
  if ((allowed as readonly string[]).includes(trimmed)) return trimmed as T;
  errors.push({
    attribute: kebab(name),
    message: `${kebab(name)}="${trimmed}" is not valid: use ${allowed.map((a) => `"${a}"`).join(' or ')}`,
  });
  return fallback;
}

/** An absolute http(s) URL or one relative to the page; anything else (javascript:, data:) is refused. */
function url(name: ConfiguratorAttribute, raw: RawAttributes, base: string, errors: AttributeError[]) {
  const trimmed = raw[name]?.trim();
  if (!trimmed) return undefined;
  try {
    const parsed = new URL(trimmed, base);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed.href.replace(/\/$/, '');
  } catch {
    // reported below
  }
  errors.push({ attribute: kebab(name), message: `${kebab(name)}="${trimmed}" is not a valid http(s) URL` });
  return undefined;
}

function matching(name: ConfiguratorAttribute, raw: RawAttributes, pattern: RegExp, what: string, errors: AttributeError[]) {
  const trimmed = raw[name]?.trim();
  if (!trimmed) return undefined;
  if (pattern.test(trimmed)) return trimmed;
  errors.push({ attribute: kebab(name), message: `${kebab(name)}="${trimmed}" is not valid: expected ${what}` });
  return undefined;
}

/** The attributes that are URLs with no default, each parsed alike. */
const URL_ATTRIBUTES = ['storefrontEndpoint', 'mailEndpoint', 'storeCartEndpoint', 'directDebitEndpoint', 'directDebitDropinSrc', 'partnerEndpoint', 'modelSrc'] as const;

/** What the attributes fall back to that only the running page knows. */
export interface AttributeDefaults {
  /** `model-viewer.js` beside the classic script that defined the element, when one did. */
  viewerSrc?: string | undefined;
  /** `wizard.js` beside the classic script, likewise. */
  wizardSrc?: string | undefined;
}

/** Parses the raw attribute strings; `base` resolves relative URLs (the page's base URI). */
export function parseConfiguratorAttributes(
  raw: RawAttributes,
  base: string,
  defaults: AttributeDefaults = {},
): { options: ConfiguratorOptions; errors: AttributeError[] } {
  const errors: AttributeError[] = [];
  const options: ConfiguratorOptions = {
    mode: oneOf('mode', raw, ['order', 'spec-request'] as const, 'order', errors),
    persist: oneOf('persist', raw, ['local', 'session', 'none'] as const, 'local', errors),
    cart: oneOf('cart', raw, ['storefront', 'theme'] as const, 'storefront', errors),
    shopDomain: matching('shopDomain', raw, /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:\d+)?$/i, 'a shop domain such as example.myshopify.com', errors),
    storefrontToken: matching('storefrontToken', raw, /^[A-Za-z0-9_-]{8,}$/, 'a Storefront access token', errors),
    apiVersion: matching('apiVersion', raw, /^\d{4}-(01|04|07|10)$|^unstable$/, 'a Storefront API version such as 2026-04', errors) ?? DEFAULT_API_VERSION,
    productId: matching('productId', raw, /^gid:\/\/shopify\/Product\/\d+$/, 'a product global id such as gid://shopify/Product/123', errors),
    imageCdn: url('imageCdn', raw, base, errors) ?? new URL(DEFAULT_IMAGE_CDN, base).href,
    viewerSrc: url('viewerSrc', raw, base, errors) ?? defaults.viewerSrc,
    wizardSrc: url('wizardSrc', raw, base, errors) ?? defaults.wizardSrc,
    catalogUrl: url('catalog', raw, base, errors),
    ...parseContactDetails(raw, base, errors),
  };
  for (const name of URL_ATTRIBUTES) options[name] = url(name, raw, base, errors);
  // Without the viewer file there is no 3D view, so say what to set.
  if (options.modelSrc && !options.viewerSrc && !raw.viewerSrc?.trim()) {
    errors.push({
      attribute: 'viewer-src',
      message: 'model-src is set but the 3D viewer file is unknown: set viewer-src to the URL of model-viewer.js (needed when the element is not loaded by its script tag)',
    });
  }
  return { options, errors };
}

/** The Contact Us lines (shared by both elements); a line without a value is hidden. */
export function parseContactDetails(raw: ContactDetails, base: string, errors: AttributeError[]): ContactDetails {
  return {
    supportPhone: matching('supportPhone', raw, /^\+?[0-9 ()-]{6,20}$/, 'a phone number such as 0800 123 4567', errors),
    supportEmail: matching('supportEmail', raw, /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/, 'an e-mail address', errors),
    videoUrl: url('videoUrl', raw, base, errors),
    socialUrl: url('socialUrl', raw, base, errors),
  };
}
