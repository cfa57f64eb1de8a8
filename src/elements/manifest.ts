/**
 * The documentation of both elements' public surface (DESIGN contract, Builds: `custom-elements.json`):
 * attributes, properties, events, CSS parts and custom properties. `scripts/custom-elements.mjs`
 * writes `custom-elements.json` from `manifestJson()`, and a unit test keeps that file, this module,
 * the parts used in src/ui and the custom properties declared in its CSS in step.
 */
import { GOCARDLESS_DROPIN_SRC } from '../domain/direct-debit';
import { CONFIGURATOR_STYLES, CONTACT_STYLES } from '../ui/styles';
import type { ConfiguratorAttribute } from './attributes';
import { CONFIGURATOR_ATTRIBUTES, CONTACT_ATTRIBUTES, DEFAULT_API_VERSION, DEFAULT_IMAGE_CDN, kebab } from './attributes';
import type { EvcEventMap } from './events';

/** Custom Elements Manifest schema 2.0.0 (github.com/webcomponents/custom-elements-manifest). */
export const SCHEMA_VERSION = '2.0.0';

/** The module bundler users import the classes from; the classic script only defines the tags. */
const ESM_MODULE = 'dist/index.js';
const CLASSIC_SCRIPT = 'dist/ev-charger-configurator.js';

export interface AttributeDoc {
  description: string;
  /** The value's type, in TypeScript syntax. */
  type: string;
  /** The value the element uses when the attribute is absent, where there is one to write down. */
  default?: string;
}

const url = (what: string) => `${what} An absolute http(s) URL or one relative to the page.`;

/** DESIGN's attribute table. A Record, so an attribute added to the list without a description fails typecheck. */
export const ATTRIBUTE_DOCS: Record<ConfiguratorAttribute, AttributeDoc> = {
  mode: {
    description: '`order` (ordering flow, ends in the shop checkout) or `spec-request` (specification-request flow, e-mails an upgrade specification).',
    type: "'order' | 'spec-request'",
    default: 'order',
  },
  shopDomain: {
    description: 'Shopify store domain for the Storefront API, e.g. `example.myshopify.com`. Without it checkout is disabled with a visible notice.',
    type: 'string',
  },
  storefrontToken: { description: 'Public Storefront access token.', type: 'string' },
  storefrontEndpoint: {
    description: url('Full Storefront GraphQL URL, overriding the one derived from `shop-domain` (the demo uses it for its stand-in).'),
    type: 'string',
  },
  apiVersion: { description: 'Storefront API version, e.g. `2026-04`.', type: 'string', default: DEFAULT_API_VERSION },
  productId: {
    description: 'Global id of the installation product (`gid://shopify/Product/…`) queried for its name, description and image. Defaults to the catalogue’s value.',
    type: 'string',
  },
  cart: {
    description: "`storefront` (Storefront Cart API, then a redirect to the cart's checkout URL) or `theme` (the Shopify theme's own cart).",
    type: "'storefront' | 'theme'",
    default: 'storefront',
  },
  mailEndpoint: {
    description: url("URL that receives specification requests (the reference relay or the merchant's own). Without it, spec-request mode shows a configuration error."),
    type: 'string',
  },
  storeCartEndpoint: {
    description: url('URL that receives the form values on each Continue (lead capture). Without it nothing is sent.'),
    type: 'string',
  },
  directDebitEndpoint: {
    description: url(
      'URL that starts a direct-debit mandate flow (the reference `createDirectDebitHandler` or the merchant’s own): the element POSTs the configuration, contact details and finance answers and gets a GoCardless Billing Request Flow id. Without it the monthly plan is hidden.',
    ),
    type: 'string',
  },
  directDebitDropinSrc: {
    description: url(
      'URL of the GoCardless drop-in script, loaded on the direct-debit step only. Defaults to GoCardless’s own; a page with a Content-Security-Policy must allow its origin in `script-src` (and GoCardless’s frames in `frame-src`).',
    ),
    type: 'string',
    default: GOCARDLESS_DROPIN_SRC,
  },
  partnerEndpoint: {
    description: url(
      'Base URL of the partner-discount handler (the reference `createPartnerDiscountHandler` or the merchant’s own): the element POSTs to its `/start` and `/verify`. With it, a buyer whose e-mail domain is a partner’s gets the discount only after entering a one-time code sent to that address (order mode), and the cart gets a single-use shop code; spec-request mode, which has no cart, then shows no partner discount. Without it the discount follows the e-mail domain alone (spec §6).',
    ),
    type: 'string',
  },
  imageCdn: { description: url('Base URL of the preview images. Defaults to the demo server’s stand-in.'), type: 'string', default: DEFAULT_IMAGE_CDN },
  modelSrc: { description: url('glTF/GLB model of the charger for the 3D/AR viewer. Without it there is no "View in 3D" button.'), type: 'string' },
  viewerSrc: {
    description: url(
      'URL of `model-viewer.js`, the 3D viewer file loaded on demand. Defaults to the one beside the classic script that defined the element; set it when the element is loaded another way and `model-src` is set.',
    ),
    type: 'string',
  },
  wizardSrc: {
    description: url(
      'URL of `wizard.js`, the wizard file loaded when the buyer first presses Continue. Defaults to the one beside the classic script that defined the element; set it when the element is loaded another way.',
    ),
    type: 'string',
  },
  catalog: {
    description: url('URL of a catalogue JSON that replaces the embedded UK catalogue; it is validated before use. The `catalog` property also accepts a catalogue object.'),
    type: 'string',
  },
  supportPhone: { description: 'Contact Us phone number. Without it that line is hidden.', type: 'string' },
  supportEmail: { description: 'Contact Us sales e-mail address. Without it that line is hidden.', type: 'string' },
  videoUrl: { description: url('Contact Us video channel link, opened in a new tab. Without it that line is hidden.'), type: 'string' },
  socialUrl: { description: url('Contact Us social network page link, opened in a new tab. Without it that line is hidden.'), type: 'string' },
  persist: {
    description: 'Where choices persist between visits: `local` (localStorage), `session` (sessionStorage) or `none`. Personal details never go further than the session.',
    type: "'local' | 'session' | 'none'",
    default: 'local',
  },
};

export interface EventDoc {
  description: string;
  /** The detail's exported type (src/elements/events.ts). */
  detail: string;
}

/** DESIGN's event table; typed against the event map, so a new event needs its description. */
export const EVENT_DOCS: Record<keyof EvcEventMap, EventDoc> = {
  'evc-change': { detail: 'EvcChangeDetail', description: 'Any choice changed. Detail: `{ configuration, totals }`.' },
  'evc-step': { detail: 'EvcStepDetail', description: 'The wizard opened or moved. Detail: `{ flow, step, index, count }`.' },
  'evc-checkout': {
    detail: 'EvcCheckoutDetail',
    description: 'Just before redirecting to checkout. Detail: `{ cartId, checkoutUrl, totals }`. Cancelable: `preventDefault()` stops the redirect.',
  },
  'evc-request-sent': { detail: 'EvcRequestSentDetail', description: 'The mail endpoint accepted a specification request. Detail: `{ requestId }`.' },
  'evc-error': { detail: 'EvcErrorDetail', description: 'Any failure the buyer is shown, including a bad attribute. Detail: `{ code, message }`.' },
};

const CONTACT_EVENTS: readonly (keyof EvcEventMap)[] = ['evc-error'];

export interface PartDoc {
  description: string;
  /** Also rendered by `<ev-charger-contact>`. */
  contact?: true;
}

/** Every `part` name used in src/ui (the unit test checks both directions). */
export const PART_DOCS: Record<string, PartDoc> = {
  app: { description: 'The configurator page: headline, preview, pickers, order summary and Continue.' },
  preview: { description: 'The 2D preview: the stacked charger images, captioned with the colour summary.' },
  'viewer-button': { description: 'The "View in 3D" button (only with `model-src`).' },
  'spec-table': { description: 'The specification table: socket, tethered cable lengths and charging power.' },
  'front-picker': { description: 'The "Front" radio group: metal, wood and limited-edition fronts.' },
  'body-picker': { description: 'The "Body" radio group of body colours.' },
  'hook-picker': { description: 'The wizard\'s "Cable hook colour" radio group.' },
  summary: { description: 'The running order summary: one row per line and the total (on the page and in the wizard).' },
  total: { description: 'The total row of the order summary.' },
  'primary-button': { description: 'The full-width primary button: Continue on the page.' },
  'page-actions': { description: 'The row holding "Share this configuration" and "Start again".' },
  dialog: { description: 'Every dialog: the wizard, Contact Us, the 3D viewer and confirmations.' },
  'dialog-header': { description: 'A dialog’s title bar, holding its title and close button.' },
  'dialog-title': { description: 'A dialog’s title.' },
  'close-button': { description: 'A dialog’s "Close" button.' },
  'dialog-body': { description: 'A dialog’s content.' },
  'dialog-footer': { description: 'A dialog’s button row.' },
  wizard: { description: 'The checkout wizard: a full-screen dialog (also has the `dialog` part).' },
  'step-count': { description: "The wizard's 'Step N of M' line (small screens)." },
  progress: { description: "The wizard's progress bar." },
  steps: { description: "The wizard's step indicator listing complete, current and upcoming steps (large screens)." },
  step: { description: "The wizard's current step." },
  'back-button': { description: 'The wizard\'s "Back" button.' },
  'help-button': { description: 'The wizard\'s "Need help?" button.' },
  'next-button': { description: 'The wizard\'s "Continue" button.' },
  field: { description: 'A labelled text field with its validation message.' },
  'field-label': { description: 'A text field’s label.' },
  'field-input': { description: 'A text field’s input.' },
  'field-error': { description: 'A text field’s validation message.' },
  'contact-dialog': { description: 'The wizard\'s "Need help?" dialog, titled "Contact Us" (also has the `dialog` part).' },
  'confirm-dialog': { description: 'A confirmation dialog, such as "Start again?" (also has the `dialog` part).' },
  viewer: { description: 'The 3D viewer dialog (also has the `dialog` part).' },
  'viewer-stage': { description: 'The area of the 3D viewer dialog that holds `<model-viewer>`.' },
  'wizard-error': { description: 'The message with "Try again" shown when the wizard file could not be loaded.' },
  spinner: { description: 'A loading spinner with its label.' },
  contact: { description: 'The Contact Us block: intro, phone and hours, e-mail and social links.', contact: true },
  notice: { description: 'A problem that switches one feature off while the rest works (e.g. a bad optional attribute).', contact: true },
  error: { description: 'The panel shown when the configurator cannot start (a bad `mode`, `cart` or catalogue).' },
};

export interface CssPropertyDoc {
  description: string;
  /** CSS Properties and Values API syntax of the value. */
  syntax: string;
}

type CssPropertyName = `--evc-${string}`;

/** The theming custom properties; defaults are read from the stylesheets, so they never drift. */
export const CSS_PROPERTY_DOCS: Record<CssPropertyName, CssPropertyDoc> = {
  '--evc-accent': { syntax: '<color>', description: 'Accent colour: selected swatches, buttons, links and focus outlines.' },
  '--evc-text': { syntax: '<color>', description: 'Body text colour.' },
  '--evc-surface': { syntax: '<color>', description: 'Background of the element and its dialogs.' },
  '--evc-muted': { syntax: '<color>', description: 'Secondary text: surcharges, hours, the VAT note.' },
  '--evc-radius': { syntax: '<length>', description: 'Corner radius of panels, swatches, buttons and dialogs.' },
  '--evc-font': { syntax: '*', description: 'Font family of the element and its dialogs.' },
  '--evc-header': { syntax: '<color>', description: 'The customer-specific header colour (spec §9): colour of headings and dialog titles.' },
  '--evc-danger': { syntax: '<color>', description: 'Errors: the error panel and invalid fields.' },
};

const DECLARATION = /(--evc-[\w-]+)\s*:\s*([^;}]+)/g;

/** The value of each `--evc-*` declaration in the stylesheets (the first one wins). */
export function declaredProperties(cssTexts: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const css of cssTexts) {
    for (const [, name, value] of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(DECLARATION)) {
      if (name && value && !found.has(name)) found.set(name, value.trim());
    }
  }
  return found;
}

interface ElementDescription {
  tagName: 'ev-charger-configurator' | 'ev-charger-contact';
  className: string;
  description: string;
  attributes: readonly ConfiguratorAttribute[];
  events: readonly (keyof EvcEventMap)[];
  parts: readonly string[];
  styles: readonly string[];
  /** Properties with no attribute. */
  properties?: readonly { name: string; type: string; description: string }[];
}

const ELEMENTS: readonly ElementDescription[] = [
  {
    tagName: 'ev-charger-configurator',
    className: 'EvChargerConfigurator',
    description:
      'The charger configurator and its checkout wizard (spec §2). `mode="order"` ends in the shop checkout; `mode="spec-request"` e-mails an upgrade specification instead.',
    attributes: CONFIGURATOR_ATTRIBUTES,
    events: Object.keys(EVENT_DOCS) as (keyof EvcEventMap)[],
    parts: Object.keys(PART_DOCS),
    styles: CONFIGURATOR_STYLES,
    properties: [
      {
        name: 'mailSender',
        type: '((request: SpecRequest) => Promise<{ requestId?: string } | void>) | undefined',
        description:
          'A function the host page supplies instead of `mail-endpoint` to send a specification request its own way; it wins over `mail-endpoint`. It receives the validated request (configuration ids, the order e-mail, contact details, the installation check answers when installation is included, idempotency key, and `amends`, the id of the accepted request it replaces when the customer changed theirs after sending). Resolving accepts it: its `requestId`, when given, else the idempotency key, is what `evc-request-sent` carries. Rejecting shows the failure with "Try again"; an error with `problems: [{ field, message }]` takes the customer back to the step at fault.',
      },
    ],
  },
  {
    tagName: 'ev-charger-contact',
    className: 'EvChargerContact',
    description: 'The Contact Us screen on its own (spec §2), with the same contact attributes as the configurator.',
    attributes: CONTACT_ATTRIBUTES,
    events: CONTACT_EVENTS,
    parts: Object.entries(PART_DOCS)
      .filter(([, doc]) => doc.contact)
      .map(([name]) => name),
    styles: CONTACT_STYLES,
  },
];

function propertyType(name: ConfiguratorAttribute): string {
  // The object form of `catalog` is property-only (DESIGN: "`catalog` also accepts an object").
  return name === 'catalog' ? 'string | Catalogue | undefined' : `${ATTRIBUTE_DOCS[name].type} | undefined`;
}

function declaration(element: ElementDescription) {
  const declared = declaredProperties(element.styles);
  const text = element.styles.join('\n');
  return {
    kind: 'class',
    customElement: true,
    name: element.className,
    tagName: element.tagName,
    description: element.description,
    superclass: { name: 'HTMLElement', package: 'global:' },
    attributes: element.attributes.map((name) => {
      const doc = ATTRIBUTE_DOCS[name];
      return { name: kebab(name), description: doc.description, type: { text: doc.type }, ...(doc.default !== undefined && { default: doc.default }), fieldName: name };
    }),
    members: element.attributes.map((name) => ({
      kind: 'field',
      name,
      privacy: 'public',
      description:
        name === 'catalog'
          ? 'A catalogue URL (mirrored to the `catalog` attribute) or a catalogue object, validated before use.'
          : `Mirrors the \`${kebab(name)}\` attribute.`,
      type: { text: propertyType(name) },
      attribute: kebab(name),
      reflects: true,
    })).concat(
      (element.properties ?? []).map(({ name, type, description }) => ({
        kind: 'field',
        name,
        privacy: 'public',
        description,
        type: { text: type },
      })) as never[],
    ),
    events: element.events.map((name) => ({
      name,
      description: `${EVENT_DOCS[name].description} Bubbles and is composed.`,
      type: { text: `CustomEvent<${EVENT_DOCS[name].detail}>` },
    })),
    cssParts: element.parts.map((name) => ({ name, description: PART_DOCS[name]?.description ?? '' })),
    cssProperties: Object.entries(CSS_PROPERTY_DOCS)
      .filter(([name]) => text.includes(name))
      .map(([name, doc]) => ({
        name,
        syntax: doc.syntax,
        ...(declared.has(name) && { default: declared.get(name) }),
        description: doc.description,
      })),
  };
}

/** The manifest as the Custom Elements Manifest schema describes it. */
export function buildManifest() {
  const reference = (name: string) => ({ name, module: ESM_MODULE });
  return {
    schemaVersion: SCHEMA_VERSION,
    modules: [
      {
        kind: 'javascript-module',
        path: ESM_MODULE,
        description: 'ESM entry for bundler users: the element classes and `define()`.',
        declarations: [
          ...ELEMENTS.map(declaration),
          {
            kind: 'function',
            name: 'define',
            description: 'Registers both elements; a name already registered is left as it is.',
            parameters: [{ name: 'registry', optional: true, type: { text: 'CustomElementRegistry' }, description: 'Defaults to `customElements`.' }],
          },
        ],
        exports: [...ELEMENTS.map((element) => element.className), 'define'].map((name) => ({ kind: 'js', name, declaration: reference(name) })),
      },
      {
        kind: 'javascript-module',
        path: CLASSIC_SCRIPT,
        description: 'One classic `<script src>` that defines every element.',
        declarations: [],
        exports: ELEMENTS.map((element) => ({
          kind: 'custom-element-definition',
          name: element.tagName,
          declaration: reference(element.className),
        })),
      },
    ],
  };
}

/** The exact text of `custom-elements.json`. */
export function manifestJson(): string {
  return `${JSON.stringify(buildManifest(), null, 2)}\n`;
}
