/**
 * The documentation of both elements' public surface (BUILD-4: `custom-elements.json`):
 * attributes, properties, events, CSS parts and custom properties. `scripts/custom-elements.mjs`
 * writes `custom-elements.json` from `manifestJson()`, and a unit test keeps that file, this module,
 * the parts used in src/ui and the custom properties declared in its CSS in step.
 */
import { GOCARDLESS_DROPIN_SRC } from '../domain/direct-debit';
import { CONFIGURATOR_STYLES, CONTACT_STYLES } from '../ui/styles';
import { kebab } from './attributes';
import type { AttributeDoc, AttributeSpec } from '../services/attribute-contract';
import { CONFIGURATOR_CONTRACT, CONFIGURATOR_DOCS, CONTACT_CONTRACT, CONTACT_DOCS } from '../services/attribute-contract';
import type { EvcEventMap } from './events';
import type { EvcElementErrorCode } from '../services/error-codes';
import type { OrderFailureCode } from '../services/order-services';
import { CLIENT_ERROR_CODES } from '../domain/cart-errors';
import { DIRECT_DEBIT_ERROR_CODES } from '../services/direct-debit';
import { SHOP_FAILURE_CODES } from '../services/shop/errors';

/** Custom Elements Manifest schema 2.0.0 (github.com/webcomponents/custom-elements-manifest). */
export const SCHEMA_VERSION = '2.0.0';

/** The module bundler users import the classes from; the classic script only defines the tags. */
const ESM_MODULE = 'dist/index.js';
const CLASSIC_SCRIPT = 'dist/ev-charger-configurator.js';

/** Defaults the parser leaves to the code that uses the value (in the wizard file), so the page's script does not carry them. */
const DEFAULTS_APPLIED_LATER: Readonly<Record<string, string>> = { directDebitDropinSrc: GOCARDLESS_DROPIN_SRC };

/** An attribute as the manifest documents it: its value's TypeScript type, default and description. */
function attributeEntry(name: string, spec: AttributeSpec, doc: AttributeDoc) {
  const type = spec.kind === 'one-of' ? spec.values.map((value) => `'${value}'`).join(' | ') : 'string';
  const description = spec.kind === 'url' ? `${doc.description} An absolute http(s) URL or one relative to the page.` : doc.description;
  const fallback = spec.default ?? DEFAULTS_APPLIED_LATER[name];
  return { name: kebab(name), description, type: { text: type }, ...(fallback !== undefined && { default: fallback }), fieldName: name };
}

export interface EventDoc {
  description: string;
  /** The detail's exported type (src/elements/events.ts). */
  detail: string;
}

/** EVENT-6: each code the elements report of their own; typed by the union the reporters use, so a new code needs its line here. */
export const ERROR_CODE_DOCS: Readonly<Record<EvcElementErrorCode, string>> = {
  'invalid-attribute': 'an attribute the element cannot use (the message names it)',
  'invalid-catalogue': 'a `catalogue` that does not parse',
  'invalid-configuration': 'a setting the page lacks: `mail-endpoint` (or `mailSender`) for a specification request, or `partner-endpoint` for a partner’s discount, which is then not shown (the console says so too)',
  'invalid-share-link': 'a shared configuration in the page’s address that could not be read; the page starts from the default',
  'elements-load-failed': 'from the script when it could not import the elements (the element says so to the buyer; the message names CORS when the files are on another origin than the page)',
  'contact-load-failed': 'from `<ev-charger-contact>` when its block did not arrive',
  'wizard-load-failed': 'the wizard’s file did not load',
  'wizard-unavailable': 'Continue on a page whose element cannot load the wizard',
  'viewer-load-failed': 'the 3D viewer’s file did not load',
  'model-load-failed': 'the 3D model at `model-src` did not load',
  'start-again-load-failed': 'the "Start again" confirmation did not load',
  'preview-images-failed': 'from the configurator when a preview image did not load (the message names the image CDN’s origin): the preview draws the charger instead, and this fires once per element',
  'shop-prices-failed': 'the shop’s prices did not come, so the summary shows the catalogue’s as indicative',
  spec_request_invalid: 'the mail endpoint or `mailSender` refused the specification request’s fields',
  spec_request_failed: 'the specification request could not be sent',
};

/** The codes passed on from the shop (`ShopError`) and the direct-debit handler (`DirectDebitError`), but `HTTP_<status>`. */
const ORDER_FAILURE_CODES: readonly Exclude<OrderFailureCode, `HTTP_${number}`>[] = [...new Set([...CLIENT_ERROR_CODES, ...SHOP_FAILURE_CODES, ...DIRECT_DEBIT_ERROR_CODES])];

const quoted = (codes: readonly string[]) => codes.map((code) => `\`${code}\``).join(', ');

/** The codes `<ev-charger-contact>` reports: a bad attribute, its block's file, and the script's elements file. */
export const CONTACT_ERROR_CODES = ['invalid-attribute', 'contact-load-failed', 'elements-load-failed'] as const satisfies readonly EvcElementErrorCode[];

/** The configurator's own codes: all but the contact element's block file (the wizard carries its Contact Us in its own file). */
const CONFIGURATOR_ERROR_CODES = (Object.keys(ERROR_CODE_DOCS) as EvcElementErrorCode[]).filter((code) => code !== 'contact-load-failed');

/** EVENT-6 `evc-error`, with every code an element reports; the configurator's wizard passes on its providers' too. */
function errorDescription(codes: readonly EvcElementErrorCode[], providers: boolean): string {
  const own = codes.map((code) => `\`${code}\`, ${ERROR_CODE_DOCS[code]}`);
  return [
    'Any failure the buyer is shown, including a bad attribute. Detail: `{ code, message }`.',
    `The element’s own codes: ${own.join('; ')}.`,
    ...(providers
      ? [
          `The ordering wizard passes on the shop’s and the direct-debit handler’s: ${quoted(ORDER_FAILURE_CODES)} and \`HTTP_<status>\`;`,
          'and the partner-discount handler’s as `partner-discount-<code>` (such as `partner-discount-rate_limited`), but those the step answers the buyer on (`wrong_code`, `code_locked`, `code_expired`, `invalid_request`).',
        ]
      : []),
  ].join(' ');
}

/** The events of EVENT-2..6; typed against the event map, so a new event needs its description. */
export const EVENT_DOCS: Record<keyof EvcEventMap, EventDoc> = {
  'evc-change': { detail: 'EvcChangeDetail', description: 'Any choice changed. Detail: `{ configuration, totals }`.' },
  'evc-step': { detail: 'EvcStepDetail', description: 'The wizard opened or moved. Detail: `{ flow, step, index, count }`.' },
  'evc-checkout': {
    detail: 'EvcCheckoutDetail',
    description:
      'Just before redirecting to checkout. Detail: `{ cartId, checkoutUrl, totals }`; for a monthly order whose direct-debit handler makes draft orders, `cartId` is the draft order’s id and `checkoutUrl` its invoice checkout. Cancelable: `preventDefault()` stops the redirect.',
  },
  'evc-request-sent': { detail: 'EvcRequestSentDetail', description: 'The mail endpoint accepted a specification request. Detail: `{ requestId }`.' },
  'evc-error': { detail: 'EvcErrorDetail', description: errorDescription(CONFIGURATOR_ERROR_CODES, true) },
};

/** The contact element fires `evc-error` alone, with its own codes. */
const CONTACT_EVENTS: Partial<Record<keyof EvcEventMap, EventDoc>> = {
  'evc-error': { detail: 'EvcErrorDetail', description: errorDescription(CONTACT_ERROR_CODES, false) },
};

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
  '--evc-header': { syntax: '<color>', description: 'The customer-specific header colour: colour of headings and dialog titles.' },
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
  /** The element's attribute table (contract.ts) and its documentation. */
  contract: Readonly<Record<string, AttributeSpec>>;
  docs: Readonly<Record<string, AttributeDoc>>;
  /** The events it fires, each as it documents them. */
  events: Partial<Record<keyof EvcEventMap, EventDoc>>;
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
      'The charger configurator and its checkout wizard. `mode="order"` ends in the shop checkout; `mode="spec-request"` e-mails an upgrade specification instead.',
    contract: CONFIGURATOR_CONTRACT,
    docs: { ...CONFIGURATOR_DOCS, ...CONTACT_DOCS },
    events: EVENT_DOCS,
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
    description: 'The Contact Us screen on its own, with the same contact attributes as the configurator.',
    contract: CONTACT_CONTRACT,
    docs: CONTACT_DOCS,
    events: CONTACT_EVENTS,
    parts: Object.entries(PART_DOCS)
      .filter(([, doc]) => doc.contact)
      .map(([name]) => name),
    styles: CONTACT_STYLES,
  },
];

function declaration(element: ElementDescription) {
  const declared = declaredProperties(element.styles);
  const text = element.styles.join('\n');
  const attributes = Object.entries(element.contract).map(([name, spec]) => attributeEntry(name, spec, element.docs[name] as AttributeDoc));
  return {
    kind: 'class',
    customElement: true,
    name: element.className,
    tagName: element.tagName,
    description: element.description,
    superclass: { name: 'HTMLElement', package: 'global:' },
    attributes,
    members: attributes.map(({ name: attribute, fieldName: name, type }) => ({
      kind: 'field',
      name,
      privacy: 'public',
      // The object form of `catalog` is property-only (ATTR-2).
      description:
        name === 'catalog' ? 'A catalogue URL (mirrored to the `catalog` attribute) or a catalogue object, validated before use.' : `Mirrors the \`${attribute}\` attribute.`,
      type: { text: name === 'catalog' ? 'string | Catalogue | undefined' : `${type.text} | undefined` },
      attribute,
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
    events: Object.entries(element.events).map(([name, doc]) => ({
      name,
      description: `${doc.description} Bubbles and is composed.`,
      type: { text: `CustomEvent<${doc.detail}>` },
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

/** README's table of the attributes most pages set (ATTR-1): one row per summary, in the table's order, naming every attribute that has it. */
export function readmeAttributeRows(): { attributes: string[]; summary: string }[] {
  const rows = new Map<string, string[]>();
  const docs: Record<string, AttributeDoc> = { ...CONFIGURATOR_DOCS, ...CONTACT_DOCS };
  for (const name of Object.keys(CONFIGURATOR_CONTRACT)) {
    const summary = docs[name]?.summary;
    if (summary !== undefined) rows.set(summary, [...(rows.get(summary) ?? []), kebab(name)]);
  }
  return [...rows].map(([summary, attributes]) => ({ attributes, summary }));
}

/** The exact text of `custom-elements.json`. */
export function manifestJson(): string {
  return `${JSON.stringify(buildManifest(), null, 2)}\n`;
}
