import type { CableOption, Catalogue, ColourOption, InstallationOption } from './schema';

/**
 * The embedded UK catalogue (CAT-1..9, PRICE-5). Names, codes, prices and flags are the product's;
 * variant and product ids and product handles are the demo shop stand-in's (a merchant's catalogue JSON
 * carries its own shop's ids), and the base price is a demo value until the shop's variant says.
 */

const COLOUR_NAMES = [
  ['Midnight Black', '#16181b'],
  ['Cheltenham Graphite', '#3d4146'],
  ['Windsor Grey', '#8b9096'],
  ['Racing Green', '#1f4a35'],
  ['Sherwood Green', '#56703f'],
  ['Alpine White', '#f1f1ec'],
  ['Cashmere', '#cdb99c'],
  ['Maranello Red', '#a3161c'],
  ['Nova Bronze', '#8a5f37'],
  ['Belgravia Blue', '#1f3b6f'],
  ['Purple Spirit', '#5a2b6e'],
] as const;

/** "Racing Green" → "racing_green" (PREVIEW-6). */
export function slugOf(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

const upper = (name: string) => slugOf(name).toUpperCase().replace(/_/g, '-');

let nextVariant = 46_100_000_001;
const demoVariant = () => `gid://shopify/ProductVariant/${nextVariant++}`;

type Family = 'front' | 'body' | 'hook';

/** Code families (CAT-1): A4-D101 front metals, A4-E101 body, A4-H101 cable hook. */
function metalColour(family: Family, name: string, color: string, index: number): ColourOption {
  const slug = slugOf(name);
  const black = index === 0;
  const metallic = family === 'hook' ? index >= 4 : !black;
  const prefix = { front: 'A4-D101', body: 'A4-E101', hook: 'A4-H101' }[family];
  const code = black ? `${prefix}M-BLACK` : `${prefix}${metallic ? 'C-PALETTE' : 'M'}-${upper(name)}`;
  return {
    id: slug,
    name,
    color,
    code,
    variantId: demoVariant(),
    path: `${family}/${slug}`,
    arPath: `${family}_${slug}`,
    index,
    metallic,
    premium: false,
    limited: false,
  };
}

const coloursFor = (family: Family) =>
  COLOUR_NAMES.map(([name, color], index) => metalColour(family, name, color, index));

const WOODS = ['Cotswold Oak', 'Sorong Teak', 'French Walnut', 'Charcoal'] as const;

const wood: ColourOption[] = WOODS.map((name, index) => ({
  id: slugOf(name),
  name,
  code: `A4-G101-${upper(name)}`,
  variantId: demoVariant(),
  path: `front/${slugOf(name)}`,
  arPath: `front_${slugOf(name)}`,
  index: COLOUR_NAMES.length + index,
  metallic: false,
  premium: true,
  limited: false,
}));

const limited: ColourOption[] = [
  {
    id: 'andersen_carbon',
    name: 'Andersen Carbon',
    code: 'A4-D101A-CARBON',
    variantId: demoVariant(),
    path: 'front/andersen_carbon',
    arPath: 'front_andersen_carbon',
    index: COLOUR_NAMES.length + WOODS.length,
    metallic: false,
    premium: false,
    limited: true,
    price: 18500,
    monthlyPrice: 520,
    finish: 'hydrographic',
  },
];

/** CAT-3; the first three are tethered. Monthly amounts PRICE-5 (22kW: docs/decisions/22kw-cable-monthly-amount.md). */
const cables: CableOption[] = [
  { id: 'tethered_7kw_5_5m', name: '7kW with 5.5m cable', code: 'A4-C107-T55', price: 4900, monthly: 0, kind: 'tethered', powerKw: 7, lengthM: 5.5, image: 'cable/tethered_5_5m' },
  { id: 'tethered_7kw_8_5m', name: '7kW with 8.5m cable', code: 'A4-C107-T85', price: 9900, monthly: 175, kind: 'tethered', powerKw: 7, lengthM: 8.5, image: 'cable/tethered_8_5m' },
  { id: 'tethered_22kw_6_5m', name: '22kW with 6.5m cable', code: 'A4-C122-T65', price: 29500, monthly: 260, kind: 'tethered', powerKw: 22, lengthM: 6.5, image: 'cable/tethered_6_5m' },
  { id: 'socket_7kw', name: '7kW socket', code: 'A4-C107-S', price: 0, monthly: 0, kind: 'socketed', powerKw: 7, image: 'cable/socket_7kw' },
  { id: 'socket_22kw', name: '22kW socket', code: 'A4-C122-S', price: 19500, monthly: 260, kind: 'socketed', powerKw: 22, image: 'cable/socket_22kw' },
].map((cable) => ({ ...cable, variantId: demoVariant(), handle: `cable-${cable.id.replace(/_/g, '-')}` }) as CableOption);

const STANDARD_INSTALL_TERMS =
  'I confirm my property is in mainland UK and I accept the installation terms & conditions.';

/** CAT-5: Premium 200, Standard 425, Standard with no install 0, Premium 360. */
const installations: InstallationOption[] = [
  {
    id: 'premium_7kw',
    name: 'Premium',
    longName: '7kW Premium installation (physical survey)',
    price: 20000,
    monthly: 2500,
    powerKw: 7,
    includesInstallation: true,
    survey: 'physical',
    terms: STANDARD_INSTALL_TERMS,
  },
  {
    id: 'standard_7kw',
    name: 'Standard',
    longName: '7kW Standard installation (remote survey)',
    price: 42500,
    monthly: 3100,
    powerKw: 7,
    includesInstallation: true,
    survey: 'remote',
    terms: STANDARD_INSTALL_TERMS,
  },
  {
    id: 'no_install',
    name: 'Standard with no install',
    longName: 'Charger only, no installation',
    price: 0,
    monthly: 0,
    powerKw: null,
    includesInstallation: false,
    survey: null,
    terms: 'I understand the charger must be installed by a qualified electrician and I accept the terms & conditions.',
  },
  {
    id: 'premium_22kw',
    name: 'Premium',
    longName: '22kW Premium installation (physical survey)',
    price: 36000,
    monthly: 3200,
    powerKw: 22,
    includesInstallation: true,
    survey: 'physical',
    terms: STANDARD_INSTALL_TERMS,
  },
].map((installation) => ({ ...installation, variantId: demoVariant(), handle: 'installation' }) as InstallationOption);

export const UK_CATALOGUE: Catalogue = {
  version: 1,
  currency: 'GBP',
  baseProduct: {
    name: 'Charge Point',
    code: 'A4-CHARGE-POINT',
    productId: 'gid://shopify/Product/46100000000',
    variantId: 'gid://shopify/ProductVariant/46100000000',
    handle: 'charge-point',
    price: 59900,
    demoPrice: true,
  },
  colours: {
    front: { standard: coloursFor('front'), premium: wood, limited },
    body: coloursFor('body'),
    hook: coloursFor('hook'),
  },
  cables,
  /** CAT-4 (prices) and PRICE-5 (monthly amounts). */
  addOns: [
    { id: 'adaptive_fuse', name: 'Adaptive Fuse', code: 'A4-X-ADAPTIVE-FUSE', price: 1500, monthly: 0, metaKey: 'adaptive_fuse' },
    { id: 'surge_single', name: 'Surge Protection single phase', code: 'A4-X-SURGE-1P', price: 15000, monthly: 490, metaKey: 'surge' },
    { id: 'surge_three', name: 'Surge Protection three phase', code: 'A4-X-SURGE-3P', price: 24500, monthly: 800, metaKey: 'surge_3_phase' },
    { id: 'solar_ct', name: 'Advanced Solar', code: 'A4-X-SOLAR-CT', price: 4600, monthly: 390, metaKey: 'solar_ct' },
    { id: 'solar', name: 'Advanced Solar', code: 'A4-X-SOLAR', price: 10600, monthly: 390, metaKey: 'solar' },
    { id: 'wood_front', name: 'Premium Wood Finish', code: 'A4-X-WOOD-FRONT', price: 9400, monthly: 330, metaKey: 'wood_front' },
    { id: 'limited_front', name: 'Limited Front Finish', code: 'A4-X-LIMITED-FRONT', price: 18500, monthly: 520, metaKey: 'limited_front' },
    { id: 'hook', name: 'Cable Hook', code: 'A4-X-HOOK', price: 4900, monthly: 170, metaKey: 'hook' },
    { id: 'display', name: 'Digital display', code: 'A4-X-DISPLAY', price: 8800, monthly: 300, metaKey: 'display' },
    { id: 'metallic_front', name: 'Metallic Front Finish', code: 'A4-X-METALLIC-FRONT', price: 2200, monthly: 75, metaKey: 'metallic_front' },
    { id: 'metallic_body', name: 'Metallic Body Finish', code: 'A4-X-METALLIC-BODY', price: 4800, monthly: 170, metaKey: 'metallic_front' },
    { id: 'metallic_hook', name: 'Metallic Cable Hook Finish', code: 'A4-X-METALLIC-HOOK', price: 5400, monthly: 190, metaKey: 'metallic_hook' },
    { id: 'warranty', name: 'Extra 4 Year Warranty (7 years total)', code: 'A4-X-WARRANTY-4', price: 12100, monthly: 0, metaKey: 'warranty' },
    { id: 'renewable', name: 'Renewable Energy Integration', code: 'A4-X-RENEWABLE', price: 9700, monthly: 0, metaKey: 'renewable' },
  ].map((addOn) => ({ ...addOn, variantId: demoVariant(), handle: `add-on-${addOn.id.replace(/_/g, '-')}` }) as Catalogue['addOns'][number]),
  standardWarranty: { name: 'Standard 3 year warranty', code: 'A4-X-WARRANTY-3', price: 0 },
  installations,
  /**
   * CAT-6; the domains are reserved example names. No shared shop
   * code: one in a page is readable by anyone (with `partner-endpoint` each buyer gets a single-use one).
   */
  discounts: [
    { id: 'none', name: 'No Discount', value: 0, domains: [] },
    { id: 'partner', name: 'Partner Discount', value: 10000, domains: ['partner-one.example', 'partner-two.example'] },
    { id: 'sportscars', name: 'Partner Discount', value: 7500, domains: ['sportscars.example'] },
    { id: 'luxurycars', name: 'Partner Discount', value: 7500, domains: ['luxurycars.example'] },
  ],
  offers: [],
  /** CAT-7. */
  paymentPlans: [
    { id: 'PAY_NOW', title: 'Pay in full', description: 'One-off payment', value: 'PAY_NOW' },
    { id: 'PAY_PAYPAL', title: 'Pay in 3', description: 'Pay in 3 interest free', value: 'PAY_PAYPAL' },
    { id: 'PAY_MONTHLY', title: 'Pay monthly', description: 'Easy pay over 36 monthly payments, then £1.00 per year', value: 'PAY_MONTHLY' },
  ],
  /** PRICE-4. */
  monthlyPlan: { initialPayment: 35000, months: 36, afterwardsPerYear: 100, payIn3Parts: 3, sellingPlanName: 'Monthly plan' },
};
