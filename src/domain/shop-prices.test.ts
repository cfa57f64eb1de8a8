import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE as C } from './catalogue/uk';
import type { Configuration } from './configuration';
import { defaultConfiguration } from './configuration';
import { finishSurcharge, priceConfiguration } from './pricing';
import type { ShopPriceList } from './shop-availability';
import { choiceUnavailable, unavailableItems } from './shop-availability';
import { catalogueHandles, catalogueVariantIds, parseThemeProducts, withShopPrices } from './shop-prices';

const base = defaultConfiguration(C);
const config = (changes: Partial<Configuration>): Configuration => ({ ...base, ...changes });
const variant = (id: string) => C.addOns.find((addOn) => addOn.id === id)!.variantId;
const cable = (id: string) => C.cables.find((option) => option.id === id)!.variantId;
const installation = (id: string) => C.installations.find((option) => option.id === id)!.variantId;
const list = (prices: Record<string, number>, unavailable: string[] = []): ShopPriceList => ({ prices, unavailable, sellingPlans: {} });
const lineAmount = (catalogue: typeof C, c: Configuration, key: string) =>
  priceConfiguration(catalogue, c).lines.find((line) => line.key === key)?.amount;

/** A configuration holding one line of every kind. */
const full = config({
  front: 'racing_green',
  body: 'racing_green',
  cable: 'tethered_7kw_8_5m',
  installation: 'standard_7kw',
  surgeProtection: true,
  advancedSolar: true,
  renewable: true,
  cableHook: true,
  hookColour: 'maranello_red',
  display: true,
  extendedWarranty: true,
});

describe('catalogueVariantIds', () => {
  it('asks for every variant sold as a line, once: charger, cables, installations, add-ons', () => {
    const ids = catalogueVariantIds(C);
    expect(ids).toContain(C.baseProduct.variantId);
    for (const item of [...C.cables, ...C.installations, ...C.addOns]) expect(ids).toContain(item.variantId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(1 + C.cables.length + C.installations.length + C.addOns.length);
  });
});

describe('pricing from the shop, with the catalogue as fallback', () => {
  it.each([
    ['base', C.baseProduct.variantId, 64900],
    ['cable', cable('tethered_7kw_8_5m'), 10900],
    ['installation', installation('standard_7kw'), 44000],
    ['front_finish', variant('metallic_front'), 2500],
    ['body_finish', variant('metallic_body'), 5000],
    ['surge_single', variant('surge_single'), 16000],
    ['solar', variant('solar'), 11000],
    ['renewable', variant('renewable'), 9900],
    ['hook', variant('metallic_hook'), 5900],
    ['display', variant('display'), 9000],
    ['warranty', variant('warranty'), 13000],
  ])('the %s line takes the shop price of its variant', (key, id, pence) => {
    const priced = withShopPrices(C, list({ [id]: pence }));
    expect(lineAmount(priced, full, key)).toBe(pence);
    // Every other line keeps the catalogue's figure.
    const others = (catalogue: typeof C) => priceConfiguration(catalogue, full).lines.filter((line) => line.key !== key);
    expect(others(priced)).toEqual(others(C));
  });

  it('prices the limited finish from its variant, the line the cart charges', () => {
    const limited = config({ front: 'andersen_carbon' });
    const priced = withShopPrices(C, list({ [variant('limited_front')]: 19900 }));
    expect(lineAmount(C, limited, 'front_finish')).toBe(18500);
    expect(lineAmount(priced, limited, 'front_finish')).toBe(19900);
    expect(finishSurcharge(priced, base, 'front', 'andersen_carbon')).toBe(19900);
  });

  it('prices the wood finish and the picker surcharges from the shop', () => {
    const priced = withShopPrices(C, list({ [variant('wood_front')]: 9900, [variant('metallic_body')]: 5100 }));
    expect(finishSurcharge(priced, base, 'front', 'cotswold_oak')).toBe(9900);
    expect(finishSurcharge(priced, base, 'body', 'racing_green')).toBe(5100);
  });

  it('keeps the catalogue figures where the shop priced nothing', () => {
    const priced = withShopPrices(C, list({}));
    expect(priceConfiguration(priced, full)).toEqual(priceConfiguration(C, full));
  });

  it('changes the monthly plan only where the catalogue says (its monthly figures are the plan’s, not the shop’s)', () => {
    const monthly = config({ ...full, paymentType: 'PAY_MONTHLY' });
    const priced = withShopPrices(C, list({ [C.baseProduct.variantId]: 64900, [variant('display')]: 9000 }));
    expect(priceConfiguration(priced, monthly).monthly).toEqual(priceConfiguration(C, monthly).monthly);
    expect(priceConfiguration(priced, monthly).total).toBe(priceConfiguration(C, monthly).total + 5000 + 200);
  });
});

describe('availability', () => {
  const display = variant('display');

  it('lists the chosen items the shop cannot sell', () => {
    expect(unavailableItems(C, full, [display]).map((item) => item.key)).toEqual(['display']);
    expect(unavailableItems(C, base, [display])).toEqual([]);
  });

  it('refuses a choice that adds an unavailable item, judged on the whole order it leads to', () => {
    expect(choiceUnavailable(C, base, config({ display: true }), [display])).toBe(true);
    expect(choiceUnavailable(C, base, config({ display: true }), [])).toBe(false);
    // The 22kW tether brings the three-phase surge item with it when surge protection is on.
    const surge = config({ surgeProtection: true, cable: 'tethered_7kw_5_5m' });
    expect(choiceUnavailable(C, surge, { ...surge, cable: 'tethered_22kw_6_5m' }, [variant('surge_three')])).toBe(true);
    expect(choiceUnavailable(C, surge, { ...surge, cable: 'tethered_7kw_8_5m' }, [variant('surge_three')])).toBe(false);
  });

  it('does not hold an item already unavailable against every other choice', () => {
    const withDisplay = config({ display: true });
    expect(choiceUnavailable(C, withDisplay, { ...withDisplay, extendedWarranty: true }, [display])).toBe(false);
  });
});

describe('theme prices (the Ajax Product API)', () => {
  it('names every product handle the catalogue sells from, once', () => {
    const handles = catalogueHandles(C);
    expect(handles).toContain('charge-point');
    expect(handles).toContain('installation');
    expect(handles).toContain('cable-tethered-7kw-8-5m');
    expect(handles).toContain('add-on-display');
    expect(new Set(handles).size).toBe(handles.length);
    expect(catalogueHandles({ ...C, baseProduct: { ...C.baseProduct, handle: undefined }, cables: [], installations: [], addOns: [] })).toEqual([]);
  });

  it('reads the products’ variants (prices in pence) as a price list keyed by variant gid', () => {
    const result = parseThemeProducts([
      { handle: 'charge-point', variants: [{ id: 46100000000, price: 64900, available: true }] },
      { handle: 'add-on-display', variants: [{ id: 46100000043, price: 8800, available: false }] },
    ]);
    expect(result).toEqual({
      ok: true,
      list: {
        prices: { 'gid://shopify/ProductVariant/46100000000': 64900, 'gid://shopify/ProductVariant/46100000043': 8800 },
        unavailable: ['gid://shopify/ProductVariant/46100000043'],
        sellingPlans: {},
      },
    });
  });

  it.each([
    ['no variants', { handle: 'x' }, 'has no variants'],
    ['a price in pounds', { variants: [{ id: 1, price: '649.00' }] }, 'without its id and price'],
    ['a negative price', { variants: [{ id: 1, price: -1 }] }, 'without its id and price'],
  ])('refuses %s, naming it', (_name, product, error) => {
    const result = parseThemeProducts([product]);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain(error);
  });
});

describe('theme selling plans', () => {
  it('finds the monthly plan by name among a product’s selling plan groups, per variant', () => {
    const product = {
      selling_plan_groups: [{ id: 1, name: 'Monthly plan', selling_plans: [{ id: 4610001, name: 'Monthly plan' }, { id: 9, name: 'Weekly' }] }],
      variants: [
        { id: 11, price: 59900, available: true, selling_plan_allocations: [{ selling_plan_id: 9 }, { selling_plan_id: 4610001 }] },
        { id: 12, price: 8800, available: true, selling_plan_allocations: [{ selling_plan_id: 9 }] },
      ],
    };
    const result = parseThemeProducts([product], 'Monthly plan');
    expect(result.ok && result.list.sellingPlans).toEqual({ 'gid://shopify/ProductVariant/11': 'gid://shopify/SellingPlan/4610001' });
    const withoutPlan = parseThemeProducts([product]);
    expect(withoutPlan.ok && withoutPlan.list.sellingPlans).toEqual({});
  });
});
