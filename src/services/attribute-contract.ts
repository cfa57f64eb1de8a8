/**
 * The elements' attributes (ATTR-1, ATTR-4), the one place an attribute is written: one entry each,
 * keyed by property name (the attribute is its `kebab` form), and its description below.
 * elements/attributes.ts parses them; elements/manifest.ts documents them, and custom-elements.json,
 * docs/reference.md and README's table are generated from that (scripts/custom-elements.mjs). The
 * options type below is what the app, the UI and the services read: here, below elements/, so that
 * every layer can derive its settings from it (ARCH-1).
 */
import { DEFAULT_API_VERSION, OLDEST_API_VERSION } from './shop/api-version';

/** What an attribute's value must be. */
export type ValueKind =
  /** One of `values`. */
  | { readonly kind: 'one-of'; readonly values: readonly [string, ...string[]] }
  /** Text matching `pattern`; `expected` says what that is in the error message. */
  | {
      readonly kind: 'pattern';
      readonly pattern: RegExp;
      readonly expected: string;
      /** The oldest version accepted, for a pattern of Storefront API versions: one sorting before it is refused (`unstable` sorts after every release). */
      readonly oldest?: string;
    }
  /** An absolute http(s) URL or one relative to the page; anything else (javascript:, data:) is refused. */
  | { readonly kind: 'url' };

export type AttributeSpec = ValueKind & {
  /** What an absent or bad value becomes (a URL is resolved against the page). */
  readonly default?: string;
  /** A bad value leaves nothing safe to show (ATTR-3), so the element shows its error panel. */
  readonly fatal?: true;
  /** The parsed option's name, where it is not the property's. */
  readonly option?: string;
};

type Contract = Readonly<Record<string, AttributeSpec>>;

const URL_VALUE = { kind: 'url' } as const;

/** The Contact Us lines, shared by both elements; a line without a value is hidden. */
export const CONTACT_CONTRACT = {
  supportPhone: { kind: 'pattern', pattern: /^\+?[0-9 ()-]{6,20}$/, expected: 'a phone number such as 0800 123 4567' },
  supportEmail: { kind: 'pattern', pattern: /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/, expected: 'an e-mail address' },
  videoUrl: URL_VALUE,
  socialUrl: URL_VALUE,
} as const satisfies Contract;

/** `<ev-charger-configurator>`: the attribute table (ATTR-1), in its order (custom-elements.json keeps it). */
export const CONFIGURATOR_CONTRACT = {
  mode: { kind: 'one-of', values: ['order', 'spec-request'], default: 'order', fatal: true },
  shopDomain: {
    kind: 'pattern',
    pattern: /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:\d+)?$/i,
    expected: 'a shop domain such as example.myshopify.com',
  },
  storefrontToken: { kind: 'pattern', pattern: /^[A-Za-z0-9_-]{8,}$/, expected: 'a Storefront access token' },
  storefrontEndpoint: URL_VALUE,
  apiVersion: {
    kind: 'pattern',
    pattern: /^\d{4}-(01|04|07|10)$|^unstable$/,
    expected: 'a Storefront API version 2025-10 or later',
    oldest: OLDEST_API_VERSION,
    default: DEFAULT_API_VERSION,
  },
  productId: { kind: 'pattern', pattern: /^gid:\/\/shopify\/Product\/\d+$/, expected: 'a product global id such as gid://shopify/Product/123' },
  cart: { kind: 'one-of', values: ['storefront', 'theme'], default: 'storefront', fatal: true },
  mailEndpoint: URL_VALUE,
  storeCartEndpoint: URL_VALUE,
  directDebitEndpoint: URL_VALUE,
  // Its default (GoCardless's own) is applied where the drop-in loads, in the wizard file (manifest.ts documents it).
  directDebitDropinSrc: URL_VALUE,
  partnerEndpoint: URL_VALUE,
  // The demo server's stand-in of the image CDN.
  imageCdn: { kind: 'url', default: '/cdn' },
  modelSrc: URL_VALUE,
  // Without the attribute: the build's own file, reached by a dynamic import.
  viewerSrc: URL_VALUE,
  wizardSrc: URL_VALUE,
  // The attribute is the URL form; the object form arrives through the `catalog` property.
  catalog: { kind: 'url', fatal: true, option: 'catalogUrl' },
  ...CONTACT_CONTRACT,
  persist: { kind: 'one-of', values: ['local', 'session', 'none'], default: 'local' },
  termsUrl: URL_VALUE,
  financeTermsUrl: URL_VALUE,
  privacyUrl: URL_VALUE,
} as const satisfies Contract;

type Value<Spec> = Spec extends { readonly values: readonly (infer Allowed)[] } ? Allowed : string;
type OptionName<Name, Spec> = Spec extends { readonly option: infer Renamed extends string } ? Renamed : Name;
type Flat<T> = { [K in keyof T]: T[K] };

/** The parsed options of a contract: an attribute with a default always has a value. */
export type OptionsOf<C extends Contract> = Flat<
  { -readonly [Name in keyof C as C[Name] extends { readonly default: string } ? OptionName<Name, C[Name]> : never]: Value<C[Name]> } & {
    -readonly [Name in keyof C as C[Name] extends { readonly default: string } ? never : OptionName<Name, C[Name]>]?: Value<C[Name]> | undefined;
  }
>;

/** `<ev-charger-configurator>`'s attributes, parsed (ATTR-1): the app's, the UI's and the services' settings are this or a part of it. */
export type ConfiguratorOptions = OptionsOf<typeof CONFIGURATOR_CONTRACT>;
/** `<ev-charger-contact>`'s attributes, parsed (ATTR-4); the configurator's Contact Us reads the same. */
export type ContactDetails = OptionsOf<typeof CONTACT_CONTRACT>;

/** The element properties the element base defines for a contract's attributes, each mirroring its attribute. */
export type PropertiesOf<C extends Contract> = { -readonly [Name in keyof C]?: Value<C[Name]> | undefined };

export interface AttributeDoc {
  description: string;
  /** Its row in README's table of the attributes most pages set; attributes with the same summary share a row. */
  summary?: string;
}

const SHOP_SUMMARY = 'the Shopify shop and its public Storefront token; without `shop-domain` checkout is off, with a notice';
const CONTACT_SUMMARY = 'Contact Us; each line is hidden without its value';

// The descriptions sit apart from the tables, in exports only manifest.ts imports, so the page's script (which bundles the tables) leaves them out.

/** Contact attributes' documentation; manifest.ts adds the URL sentence to `url` attributes. */
export const CONTACT_DOCS: Record<keyof typeof CONTACT_CONTRACT, AttributeDoc> = {
  supportPhone: { summary: CONTACT_SUMMARY, description: 'Contact Us phone number. Without it that line is hidden.' },
  supportEmail: { summary: CONTACT_SUMMARY, description: 'Contact Us sales e-mail address. Without it that line is hidden.' },
  videoUrl: { summary: CONTACT_SUMMARY, description: 'Contact Us video channel link, opened in a new tab. Without it that line is hidden.' },
  socialUrl: { summary: CONTACT_SUMMARY, description: 'Contact Us social network page link, opened in a new tab. Without it that line is hidden.' },
};

/** The attribute table (ATTR-1) less the contact lines (manifest.ts joins CONTACT_DOCS: a spread here would keep both in the bundle); a Record, so a missing description fails typecheck. */
export const CONFIGURATOR_DOCS: Record<Exclude<keyof typeof CONFIGURATOR_CONTRACT, keyof typeof CONTACT_CONTRACT>, AttributeDoc> = {
  mode: {
    summary: '`order` (ends in the shop checkout, the default) or `spec-request` (e-mails an upgrade specification)',
    description: '`order` (ordering flow, ends in the shop checkout) or `spec-request` (specification-request flow, e-mails an upgrade specification).',
  },
  shopDomain: {
    summary: SHOP_SUMMARY,
    description: 'Shopify store domain for the Storefront API, e.g. `example.myshopify.com`. Without it checkout is disabled with a visible notice.',
  },
  storefrontToken: { summary: SHOP_SUMMARY, description: 'Public Storefront access token.' },
  storefrontEndpoint: {
    description: 'Full Storefront GraphQL URL, overriding the one derived from `shop-domain` (the demo uses it for its stand-in).',
  },
  apiVersion: {
    description: 'Storefront API version, e.g. `2026-04`, or `unstable`. The oldest accepted is `2025-10`: an older one is refused with an error, and the default is used.',
  },
  productId: {
    description: 'Global id of the installation product (`gid://shopify/Product/…`) queried for its name, description and image. Defaults to the catalogue’s value.',
  },
  cart: {
    summary: "`storefront` (Storefront Cart API, the default) or `theme` (the theme's own cart)",
    description: "`storefront` (Storefront Cart API, then a redirect to the cart's checkout URL) or `theme` (the Shopify theme's own cart).",
  },
  mailEndpoint: {
    summary: 'where spec requests go (or set the `mailSender` property)',
    description: "URL that receives specification requests (the reference relay or the merchant's own). Without it, spec-request mode shows a configuration error.",
  },
  storeCartEndpoint: {
    summary: 'receives the form values on each Continue (lead capture)',
    description: 'URL that receives the form values on each Continue (lead capture). Without it nothing is sent.',
  },
  directDebitEndpoint: {
    summary: 'starts a GoCardless mandate; without it the monthly plan is hidden',
    description:
      'URL that starts a direct-debit mandate flow (the reference `createDirectDebitHandler` or the merchant’s own): the element POSTs the configuration, contact details and finance answers and gets a GoCardless Billing Request Flow id. Without it the monthly plan is hidden.',
  },
  directDebitDropinSrc: {
    description:
      'URL of the GoCardless drop-in script, loaded on the direct-debit step only. Defaults to GoCardless’s own; a page with a Content-Security-Policy must allow its origin in `script-src` (and GoCardless’s frames in `frame-src`).',
  },
  partnerEndpoint: {
    summary: 'the partner-discount handler: a partner discount needs a code e-mailed to the buyer (below); without it the e-mail domain alone earns it',
    description:
      'Base URL of the partner-discount handler (the reference `createPartnerDiscountHandler` or the merchant’s own): the element POSTs to its `/start` and `/verify`. With it, a buyer whose e-mail domain is a partner’s gets the discount only after entering a one-time code sent to that address (order mode), and the cart gets a single-use shop code; spec-request mode, which has no cart, then shows no partner discount. Without it the discount follows the e-mail domain alone, and only for a catalogue discount with a shop `code` (the embedded catalogue’s have none); otherwise the contact step fires `evc-error` `invalid-configuration` saying what is missing.',
  },
  imageCdn: {
    summary: "base URL of the preview images: `front_`, `vision_`, `side_` and `hook_quartz_<colour id>.png` (800×1000, transparent) and each tethered cable's `image` plus `.png`; empty (`image-cdn=\"\"`), or when a shown image fails, the preview draws the charger in the chosen colours instead (a failure fires `evc-error` `preview-images-failed`, once)",
    description:
      'Base URL of the preview images (`{front|vision|side|hook}_quartz_<colour id>.png` and each tethered cable’s `image` path plus `.png`). Defaults to the demo server’s stand-in. Empty (`image-cdn=""`): no images, the preview draws the charger in the chosen colours; it does so too when an image fails to load.',
  },
  modelSrc: {
    summary: 'the charger\'s glTF/GLB; without it there is no "View in 3D"',
    description: 'glTF/GLB model of the charger for the 3D/AR viewer. Without it there is no "View in 3D" button.',
  },
  viewerSrc: {
    description:
      'URL of a `model-viewer.js` (the 3D viewer file, loaded on demand) to load instead of the one the build imports from beside itself, e.g. a copy the merchant serves.',
  },
  wizardSrc: {
    description:
      'URL of a `wizard.js` (the wizard file, loaded when the buyer first presses Continue) to load instead of the one the build imports from beside itself; from the same version.',
  },
  catalog: {
    summary: 'a catalogue JSON replacing the embedded one (below)',
    description: 'URL of a catalogue JSON that replaces the embedded UK catalogue; it is validated before use. The `catalog` property also accepts a catalogue object.',
  },
  termsUrl: {
    description:
      'The merchant’s terms & conditions page, linked (in a new tab) beside the installation step’s checkbox that accepts them. Without it a button there opens a short text in a dialog.',
  },
  financeTermsUrl: {
    description:
      'The merchant’s monthly payment terms page, linked (in a new tab) beside the finance step’s "I accept the monthly payment terms". Without it a button there opens a short text in a dialog.',
  },
  privacyUrl: {
    description:
      'The merchant’s privacy page (how the buyer’s data is used), linked (in a new tab) beside the finance step’s "I agree to a credit check". Without it a button there opens a short text in a dialog.',
  },
  persist: {
    summary: '`local` (the default), `session` or `none`: where choices are kept between visits',
    description: 'Where choices persist between visits: `local` (localStorage), `session` (sessionStorage) or `none`. Personal details never go further than the session.',
  },
};
