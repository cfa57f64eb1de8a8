import { describe, expect, it } from 'vitest';
import { parseCatalogue } from './schema';
import { slugOf, UK_CATALOGUE } from './uk';

const C = UK_CATALOGUE;
const COLOUR_NAMES = [
  'Midnight Black',
  'Cheltenham Graphite',
  'Windsor Grey',
  'Racing Green',
  'Sherwood Green',
  'Alpine White',
  'Cashmere',
  'Maranello Red',
  'Nova Bronze',
  'Belgravia Blue',
  'Purple Spirit',
];

describe('CAT-1, CAT-2: front fascia, body and cable hook colours', () => {
  it.each([
    ['front metals', C.colours.front.standard],
    ['body colours', C.colours.body],
    ['cable hook colours', C.colours.hook],
  ])('the 11 %s in the specification order', (_, list) => {
    expect(list.map((c) => c.name)).toEqual(COLOUR_NAMES);
    list.forEach((colour) => expect(colour.color).toMatch(/^#[0-9a-f]{6}$/));
  });

  it('only Midnight Black is non-metallic for front and body', () => {
    for (const list of [C.colours.front.standard, C.colours.body]) {
      expect(list.filter((c) => !c.metallic).map((c) => c.name)).toEqual(['Midnight Black']);
    }
  });

  it('cable hook colours are non-metallic for the first four', () => {
    expect(C.colours.hook.map((c) => c.metallic)).toEqual([false, false, false, false, true, true, true, true, true, true, true]);
  });

  it('codes follow the families A4-D101 (front), A4-E101 (body) and a separate hook family', () => {
    expect(C.colours.front.standard[0]!.code).toBe('A4-D101M-BLACK');
    expect(C.colours.front.standard.slice(1).every((c) => c.code.startsWith('A4-D101C-PALETTE'))).toBe(true);
    expect(C.colours.body[0]!.code).toBe('A4-E101M-BLACK');
    expect(C.colours.body.slice(1).every((c) => c.code.startsWith('A4-E101'))).toBe(true);
    expect(C.colours.front.premium.every((c) => c.code.startsWith('A4-G101'))).toBe(true);
    expect(C.colours.front.limited[0]!.code).toBe('A4-D101A-CARBON');
    const hookCodes = C.colours.hook.map((c) => c.code);
    expect(hookCodes.some((code) => code.startsWith('A4-D101') || code.startsWith('A4-E101'))).toBe(false);
    expect(new Set(hookCodes).size).toBe(11);
  });

  it('the premium wood fascias have no hex and are premium', () => {
    expect(C.colours.front.premium.map((c) => c.name)).toEqual(['Cotswold Oak', 'Sorong Teak', 'French Walnut', 'Charcoal']);
    C.colours.front.premium.forEach((c) => {
      expect(c.color).toBeUndefined();
      expect(c.premium).toBe(true);
    });
  });

  it('the limited Andersen Carbon finish is hydrographic, price 185, monthly 5.2', () => {
    expect(C.colours.front.limited).toHaveLength(1);
    expect(C.colours.front.limited[0]).toMatchObject({
      name: 'Andersen Carbon',
      limited: true,
      price: 18500,
      monthlyPrice: 520,
      finish: 'hydrographic',
    });
  });

  it('colour ids are the snake-case slug of the name (PREVIEW-6: midnight_black)', () => {
    expect(slugOf('Midnight Black')).toBe('midnight_black');
    [...C.colours.front.standard, ...C.colours.body].forEach((c) => expect(c.id).toBe(slugOf(c.name)));
  });
});

describe('CAT-3 cable / power options', () => {
  it.each([
    ['7kW with 5.5m cable', 4900, 'tethered', 7],
    ['7kW with 8.5m cable', 9900, 'tethered', 7],
    ['22kW with 6.5m cable', 29500, 'tethered', 22],
    ['7kW socket', 0, 'socketed', 7],
    ['22kW socket', 19500, 'socketed', 22],
  ])('%s costs %i pence, %s, %ikW', (name, price, kind, powerKw) => {
    expect(C.cables.find((c) => c.name === name)).toMatchObject({ price, kind, powerKw });
  });

  it('the first three are tethered, the last two socketed', () => {
    expect(C.cables.map((c) => c.kind)).toEqual(['tethered', 'tethered', 'tethered', 'socketed', 'socketed']);
  });
});

describe('CAT-4 add-ons', () => {
  it.each([
    ['adaptive_fuse', 'Adaptive Fuse', 1500, 'adaptive_fuse'],
    ['surge_single', 'Surge Protection single phase', 15000, 'surge'],
    ['surge_three', 'Surge Protection three phase', 24500, 'surge_3_phase'],
    ['solar_ct', 'Advanced Solar', 4600, 'solar_ct'],
    ['solar', 'Advanced Solar', 10600, 'solar'],
    ['wood_front', 'Premium Wood Finish', 9400, 'wood_front'],
    ['limited_front', 'Limited Front Finish', 18500, 'limited_front'],
    ['hook', 'Cable Hook', 4900, 'hook'],
    ['display', 'Digital display', 8800, 'display'],
    ['metallic_front', 'Metallic Front Finish', 2200, 'metallic_front'],
    ['metallic_body', 'Metallic Body Finish', 4800, 'metallic_front'],
    ['metallic_hook', 'Metallic Cable Hook Finish', 5400, 'metallic_hook'],
    ['warranty', 'Extra 4 Year Warranty (7 years total)', 12100, 'warranty'],
  ] as const)('%s is "%s" at %i pence with meta key %s', (id, name, price, metaKey) => {
    expect(C.addOns.find((a) => a.id === id)).toMatchObject({ name, price, metaKey });
  });

  it('the default warranty item is the standard 3 year warranty', () => {
    expect(C.standardWarranty).toMatchObject({ name: 'Standard 3 year warranty', price: 0 });
  });
});

describe('CAT-5..7: installation options, discounts, payment plans', () => {
  it.each([
    ['premium_7kw', 'Premium', 20000, 'physical'],
    ['standard_7kw', 'Standard', 42500, 'remote'],
    ['no_install', 'Standard with no install', 0, null],
    ['premium_22kw', 'Premium', 36000, 'physical'],
  ] as const)('%s is "%s" at %i pence, survey %s', (id, name, price, survey) => {
    expect(C.installations.find((i) => i.id === id)).toMatchObject({ name, price, survey });
  });

  it('discounts: No Discount 0, partner 100, sports-car 75, luxury-car 75', () => {
    expect(C.discounts.map((d) => [d.name, d.value, d.domains.length])).toEqual([
      ['No Discount', 0, 0],
      ['Partner Discount', 10000, 2],
      ['Partner Discount', 7500, 1],
      ['Partner Discount', 7500, 1],
    ]);
  });

  it('discounts carry no shared shop code: one in a page is readable by anyone', () => {
    expect(C.discounts.filter((d) => d.code !== undefined)).toEqual([]);
  });

  it('payment plans PAY_NOW, PAY_PAYPAL, PAY_MONTHLY with the spec descriptions', () => {
    expect(C.paymentPlans.map((p) => [p.id, p.description])).toEqual([
      ['PAY_NOW', 'One-off payment'],
      ['PAY_PAYPAL', 'Pay in 3 interest free'],
      ['PAY_MONTHLY', 'Easy pay over 36 monthly payments, then £1.00 per year'],
    ]);
  });

  it('monthly plan: £350.00 initial payment, 36 payments, then £1.00 per year (PRICE-4)', () => {
    expect(C.monthlyPlan).toEqual({ initialPayment: 35000, months: 36, afterwardsPerYear: 100, payIn3Parts: 3, sellingPlanName: 'Monthly plan' });
  });
});

/** A catalogue document as a merchant's JSON gives it: any shape, to be spoilt by each case. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- arbitrary JSON, mutated freely by the cases
type Json = Record<string, any>;

describe('parseCatalogue: a merchant catalogue replaces the embedded one after validation', () => {
  const clone = () => JSON.parse(JSON.stringify(C)) as Json;

  it('accepts the embedded catalogue, as an object and as JSON text', () => {
    expect(parseCatalogue(C)).toEqual({ ok: true, catalogue: C });
    expect(parseCatalogue(JSON.stringify(C)).ok).toBe(true);
  });

  it('refuses an object that throws as it is read (a getter, a Proxy) instead of throwing', () => {
    const getter = {
      get version(): number {
        throw new Error('boom');
      },
    };
    const proxy = new Proxy({}, { get: () => { throw new Error('trap'); }, has: () => { throw new Error('trap'); } });
    expect(parseCatalogue(getter)).toEqual({ ok: false, error: 'catalogue: could not be read (boom)' });
    expect(parseCatalogue(proxy)).toEqual({ ok: false, error: 'catalogue: could not be read (trap)' });
  });

  it.each<[string, (c: Json) => unknown, string]>([
    ['a fractional price', (c) => (c.cables[2].price = 295.5), 'catalogue.cables[2].price: must be a whole number of pence'],
    ['a price given as text', (c) => (c.addOns[0].price = '15'), 'catalogue.addOns[0].price: must be a number of pence'],
    ['a bad hex colour', (c) => (c.colours.body[3].color = 'green'), 'catalogue.colours.body[3].color: must be a hex colour such as #1f4d36'],
    ['an empty body list', (c) => (c.colours.body = []), 'catalogue.colours.body: must not be empty'],
    ['an unknown cable kind', (c) => (c.cables[0].kind = 'coiled'), 'catalogue.cables[0].kind: must be "tethered" or "socketed"'],
    ['a bad discount domain', (c) => (c.discounts[1].domains = ['not a domain']), 'catalogue.discounts[1].domains[0]: must be an e-mail domain such as example.com'],
    ['a missing base product', (c) => delete c.baseProduct, 'catalogue.baseProduct: is missing'],
    ['a missing colour name', (c) => delete c.colours.hook[5].name, 'catalogue.colours.hook[5].name: is missing'],
    ['a duplicate colour id', (c) => (c.colours.front.premium[0].id = 'racing_green'), 'catalogue.colours.front[11].id: "racing_green" is used twice'],
    ['a missing add-on', (c) => (c.addOns = c.addOns.filter((a: { id: string }) => a.id !== 'display')), 'catalogue.addOns: the "display" add-on is missing'],
    ['a limited finish without price', (c) => delete c.colours.front.limited[0].price, 'catalogue.colours.front.limited[0].price: a limited finish needs its price'],
    ['a wrong version', (c) => (c.version = 2), 'catalogue.version: must be 1'],
  ])('names the first bad field: %s', (_, spoil, message) => {
    const bad = clone();
    spoil(bad);
    const result = parseCatalogue(bad);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(message);
  });

  it('names invalid JSON and a document that is not an object', () => {
    const broken = parseCatalogue('{"version": 1,');
    expect(broken.ok === false && broken.error).toMatch(/^catalogue: not valid JSON/);
    const list = parseCatalogue([]);
    expect(list.ok === false && list.error).toBe('catalogue: must be an object');
  });

  it('normalises discount domains to lower case', () => {
    const mixed = clone();
    mixed.discounts[1].domains = ['Partner-One.EXAMPLE'];
    const result = parseCatalogue(mixed);
    expect(result.ok && result.catalogue.discounts[1]!.domains).toEqual(['partner-one.example']);
  });
});
