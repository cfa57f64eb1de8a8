import * as v from 'valibot';
import { INSTALLATION_ID_MESSAGE, INSTALLATION_IDS, PAYMENT_TYPE_MESSAGE, PAYMENT_TYPES } from './ids';

/** The add-on ids (CAT-4): only the catalogue schema checks them. */
export const ADD_ON_IDS = [
  'adaptive_fuse',
  'surge_single',
  'surge_three',
  'solar_ct',
  'solar',
  'wood_front',
  'limited_front',
  'hook',
  'display',
  'metallic_front',
  'metallic_body',
  'metallic_hook',
  'warranty',
  'renewable',
] as const;

/**
 * The catalogue: every entity of CAT-1..10 with its fields. A merchant may replace the embedded UK
 * catalogue with a JSON document of this shape (the `catalog` attribute); it is validated here and
 * the first bad field is named. Amounts are whole pence.
 */

const pence = v.pipe(v.number('must be a number of pence'), v.integer('must be a whole number of pence'));
const signedPence = pence;
const nonNegativePence = v.pipe(pence, v.minValue(0, 'must not be negative'));
const text = v.pipe(v.string('must be a string'), v.trim(), v.nonEmpty('must not be empty'));
const id = v.pipe(
  v.string('must be a string'),
  v.regex(/^[a-z0-9][a-z0-9_]*$/, 'must be a lower-case identifier such as racing_green'),
);
const variantId = text;
/** The shop product's handle: a theme's cart (`cart="theme"`) reads its prices from /products/{handle}.js. */
const handle = v.optional(v.pipe(v.string('must be a string'), v.regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a product handle such as charge-point')));
const hex = v.pipe(v.string('must be a string'), v.hexColor('must be a hex colour such as #1f4d36'));

export const ColourOptionSchema = v.object({
  /** Snake-case slug, also the colour's part of preview image names (PREVIEW-6). */
  id,
  name: text,
  /** Flat colour; premium (wood) and limited finishes have none and show a photo swatch. */
  color: v.optional(hex),
  code: text,
  /** Colours are no cart lines (the charger's line names them), so a shop needs no variant for them. */
  variantId: v.optional(variantId),
  /** Swatch or finish image path, relative to the image CDN. */
  path: text,
  /** AR asset key. */
  arPath: text,
  index: v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(0, 'must not be negative')),
  metallic: v.boolean('must be true or false'),
  premium: v.boolean('must be true or false'),
  limited: v.boolean('must be true or false'),
  /** Own price of the finish; only the limited finish has one (CAT-2). */
  price: v.optional(nonNegativePence),
  monthlyPrice: v.optional(nonNegativePence),
  /** e.g. "hydrographic" for the limited carbon finish. */
  finish: v.optional(text),
});

export const CableOptionSchema = v.object({
  id,
  name: text,
  code: text,
  variantId,
  price: nonNegativePence,
  /** PRICE-5 monthly amount (pence per month). */
  monthly: signedPence,
  image: text,
  kind: v.picklist(['tethered', 'socketed'], 'must be "tethered" or "socketed"'),
  powerKw: v.picklist([7, 22], 'must be 7 or 22'),
  /** Cable length in metres; socketed options have none. */
  lengthM: v.optional(v.pipe(v.number('must be a number'), v.minValue(0, 'must not be negative'))),
  handle,
});

export const AddOnIdSchema = v.picklist(ADD_ON_IDS, 'must be a known add-on id');

export const AddOnSchema = v.object({
  id: AddOnIdSchema,
  name: text,
  code: text,
  price: nonNegativePence,
  monthly: signedPence,
  /** The brief's meta key (the metallic body finish shares "metallic_front", as the brief has it). */
  metaKey: text,
  variantId,
  image: v.optional(text),
  handle,
});

export const InstallationIdSchema = v.picklist(INSTALLATION_IDS, INSTALLATION_ID_MESSAGE);

export const InstallationOptionSchema = v.object({
  id: InstallationIdSchema,
  name: text,
  longName: text,
  variantId,
  price: nonNegativePence,
  monthly: signedPence,
  /** Charging power the installation is for; null for "no install", which suits any. */
  powerKw: v.nullable(v.picklist([7, 22], 'must be 7, 22 or null')),
  includesInstallation: v.boolean('must be true or false'),
  survey: v.nullable(v.picklist(['physical', 'remote'], 'must be "physical", "remote" or null')),
  /** The terms the buyer accepts for this variant (VALID-1: one for each installation variant). */
  terms: text,
  handle,
});

const domainName = v.pipe(
  v.string('must be a string'),
  v.trim(),
  v.toLowerCase(),
  v.regex(/^(?=.{1,253}$)([a-z0-9-]+\.)+[a-z0-9-]+$/, 'must be an e-mail domain such as example.com'),
);

export const DiscountSchema = v.object({
  id,
  name: text,
  value: nonNegativePence,
  domains: v.array(domainName, 'must be a list of e-mail domains'),
  /** Shop discount code applied to the cart when this discount matches; none for "No Discount". */
  code: v.optional(text),
});

/** CAT-9: a name, and it is free; its shop variant (priced £0) goes in the cart when chosen. */
export const OfferSchema = v.object({ id, name: text, variantId: v.optional(variantId), handle });

export const PaymentTypeSchema = v.picklist(PAYMENT_TYPES, PAYMENT_TYPE_MESSAGE);

export const PaymentPlanSchema = v.object({
  id: PaymentTypeSchema,
  title: text,
  description: text,
  value: text,
});

export const BaseProductSchema = v.object({
  name: text,
  code: text,
  productId: text,
  handle,
  variantId,
  price: nonNegativePence,
  /** True when the price is a stand-in to be replaced by the shop variant's price. */
  demoPrice: v.boolean('must be true or false'),
});

export const MonthlyPlanSchema = v.object({
  initialPayment: nonNegativePence,
  months: v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1')),
  afterwardsPerYear: nonNegativePence,
  payIn3Parts: v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(2, 'must be at least 2')),
  /** The name of the shop's selling plan that charges only the initial payment at checkout. */
  sellingPlanName: v.optional(text),
});

const nonEmptyList = <T extends v.GenericSchema>(item: T) =>
  v.pipe(v.array(item, 'must be a list'), v.minLength(1, 'must not be empty'));

export const CatalogueSchema = v.pipe(
  v.object({
    version: v.literal(1, 'must be 1'),
    currency: v.literal('GBP', 'must be "GBP"'),
    baseProduct: BaseProductSchema,
    colours: v.object({
      front: v.object({
        standard: nonEmptyList(ColourOptionSchema),
        premium: v.array(ColourOptionSchema, 'must be a list'),
        limited: v.array(ColourOptionSchema, 'must be a list'),
      }),
      body: nonEmptyList(ColourOptionSchema),
      hook: nonEmptyList(ColourOptionSchema),
    }),
    cables: nonEmptyList(CableOptionSchema),
    addOns: nonEmptyList(AddOnSchema),
    standardWarranty: v.object({ name: text, code: text, price: nonNegativePence }),
    installations: nonEmptyList(InstallationOptionSchema),
    discounts: nonEmptyList(DiscountSchema),
    offers: v.array(OfferSchema, 'must be a list'),
    paymentPlans: nonEmptyList(PaymentPlanSchema),
    monthlyPlan: MonthlyPlanSchema,
    /** The shop product whose title, description and picture fill the installation options; the charger's without it. */
    installationProductId: v.optional(text),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const catalogue = dataset.value;
    const unique = (path: string, ids: readonly string[]) => {
      const seen = new Set<string>();
      ids.forEach((value, index) => {
        if (seen.has(value)) addIssue({ message: `${path}[${index}].id: "${value}" is used twice`, path: undefined });
        seen.add(value);
      });
    };
    const front = catalogue.colours.front;
    unique('colours.front', [...front.standard, ...front.premium, ...front.limited].map((c) => c.id));
    unique('colours.body', catalogue.colours.body.map((c) => c.id));
    unique('colours.hook', catalogue.colours.hook.map((c) => c.id));
    unique('cables', catalogue.cables.map((c) => c.id));
    unique('addOns', catalogue.addOns.map((a) => a.id));
    unique('installations', catalogue.installations.map((i) => i.id));
    unique('discounts', catalogue.discounts.map((d) => d.id));
    unique('paymentPlans', catalogue.paymentPlans.map((p) => p.id));
    for (const required of AddOnIdSchema.options) {
      if (!catalogue.addOns.some((a) => a.id === required)) {
        addIssue({ message: `addOns: the "${required}" add-on is missing` });
      }
    }
    for (const required of InstallationIdSchema.options) {
      if (!catalogue.installations.some((i) => i.id === required)) {
        addIssue({ message: `installations: the "${required}" installation is missing` });
      }
    }
    catalogue.colours.front.limited.forEach((colour, index) => {
      if (colour.price === undefined) {
        addIssue({ message: `colours.front.limited[${index}].price: a limited finish needs its price` });
      }
    });
    if (!catalogue.discounts.some((d) => d.value === 0)) {
      addIssue({ message: 'discounts: a "No Discount" entry with value 0 is required' });
    }
    for (const kind of ['tethered', 'socketed'] as const) {
      if (!catalogue.cables.some((c) => c.kind === kind)) addIssue({ message: `cables: no ${kind} option` });
    }
  }),
);

export type Catalogue = v.InferOutput<typeof CatalogueSchema>;
export type ColourOption = v.InferOutput<typeof ColourOptionSchema>;
export type CableOption = v.InferOutput<typeof CableOptionSchema>;
export type AddOnId = v.InferOutput<typeof AddOnIdSchema>;
export type AddOn = v.InferOutput<typeof AddOnSchema>;
export type InstallationId = v.InferOutput<typeof InstallationIdSchema>;
export type InstallationOption = v.InferOutput<typeof InstallationOptionSchema>;
export type Discount = v.InferOutput<typeof DiscountSchema>;
export type Offer = v.InferOutput<typeof OfferSchema>;
export type PaymentType = v.InferOutput<typeof PaymentTypeSchema>;
export type PaymentPlan = v.InferOutput<typeof PaymentPlanSchema>;

export type CatalogueResult = { ok: true; catalogue: Catalogue } | { ok: false; error: string };

/**
 * Validates a catalogue document (object or JSON text). The error names the first bad field by
 * its path, e.g. `cables[2].price: must be a whole number of pence`.
 */
export function parseCatalogue(input: unknown): CatalogueResult {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (error) {
      return { ok: false, error: `catalogue: not valid JSON (${(error as Error).message})` };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: 'catalogue: must be an object' };
  }
  let result: v.SafeParseResult<typeof CatalogueSchema>;
  try {
    result = v.safeParse(CatalogueSchema, value, { abortEarly: true });
  } catch (error) {
    // A host page's object may throw as it is read (a getter, a Proxy): that too is a bad catalogue.
    return { ok: false, error: `catalogue: could not be read (${String((error as Error | null)?.message ?? error)})` };
  }
  if (result.success) return { ok: true, catalogue: result.output };
  const issue = result.issues[0];
  const where = formatPath(issue);
  if (where) return { ok: false, error: `catalogue.${where}: ${issue.input === undefined ? 'is missing' : issue.message}` };
  // Whole-catalogue checks name their own path at the start of the message.
  return { ok: false, error: /^[\w.[\]]+: /.test(issue.message) ? `catalogue.${issue.message}` : `catalogue: ${issue.message}` };
}

/** `cables[2].price` rather than valibot's `cables.2.price`. */
function formatPath(issue: v.BaseIssue<unknown>): string {
  return (issue.path ?? [])
    .map((item, index) => (typeof item.key === 'number' ? `[${item.key}]` : `${index === 0 ? '' : '.'}${String(item.key)}`))
    .join('');
}
