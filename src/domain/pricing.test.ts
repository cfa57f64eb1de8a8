import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE as C } from './catalogue/uk';
import type { Configuration } from './configuration';
import { defaultConfiguration } from './configuration';
import { discountForEmail, orderItems, partnerDiscount } from './order-items';
import { monthlyPlanOffered, totalPayable } from './plan-figures';
import { finishSurcharge, priceConfiguration, totalsDetail } from './pricing';
import { withShopPrices } from './shop-prices';

const base = defaultConfiguration(C);
const config = (changes: Partial<Configuration>): Configuration => ({ ...base, ...changes });
const amounts = (c: Configuration, email?: string) =>
  Object.fromEntries(priceConfiguration(C, c, { email }).lines.map((line) => [line.key, line.amount]));

describe('defaults (CHOICE-1)', () => {
  it('first front and body colour, standard no-install, socket 7kW, no plan, add-ons off', () => {
    expect(base).toEqual({
      front: 'midnight_black',
      body: 'midnight_black',
      cable: 'socket_7kw',
      installation: 'no_install',
      surgeProtection: false,
      advancedSolar: false,
      renewable: false,
      cableHook: false,
      hookColour: 'midnight_black',
      display: false,
      extendedWarranty: false,
      paymentType: null,
      offer: null,
    });
  });

  it('prices the default as the charger, the 7kW socket, no install and the standard warranty', () => {
    const totals = priceConfiguration(C, base);
    expect(totals.lines.map((l) => [l.name, l.amount])).toEqual([
      ['Charge Point', 59900],
      ['7kW socket', 0],
      ['Charger only, no installation', 0],
      ['Standard 3 year warranty', 0],
    ]);
    expect(totals.total).toBe(59900);
  });
});

describe('pay-in-full lines (PRICE-2, CAT-3, CAT-4)', () => {
  it.each<[string, Partial<Configuration>, string, number]>([
    ['metallic front', { front: 'racing_green' }, 'front_finish', 2200],
    ['wood front', { front: 'cotswold_oak' }, 'front_finish', 9400],
    ['limited front, priced from the colour', { front: 'andersen_carbon' }, 'front_finish', 18500],
    ['metallic body', { body: 'windsor_grey' }, 'body_finish', 4800],
    ['8.5m cable', { cable: 'tethered_7kw_8_5m' }, 'cable', 9900],
    ['22kW tethered', { cable: 'tethered_22kw_6_5m' }, 'cable', 29500],
    ['22kW socket', { cable: 'socket_22kw' }, 'cable', 19500],
    ['premium 7kW installation', { installation: 'premium_7kw' }, 'installation', 20000],
    ['standard 7kW installation', { installation: 'standard_7kw' }, 'installation', 42500],
    ['22kW premium installation', { installation: 'premium_22kw' }, 'installation', 36000],
    ['surge single phase on 7kW', { surgeProtection: true }, 'surge_single', 15000],
    ['surge three phase on 22kW', { surgeProtection: true, cable: 'socket_22kw' }, 'surge_three', 24500],
    ['advanced solar without installation', { advancedSolar: true }, 'solar_ct', 4600],
    ['advanced solar with installation', { advancedSolar: true, installation: 'premium_7kw' }, 'solar', 10600],
    ['renewable energy integration (CAT-4: 97)', { renewable: true }, 'renewable', 9700],
    ['cable hook, non-metallic colour', { cable: 'tethered_7kw_5_5m', cableHook: true, hookColour: 'racing_green' }, 'hook', 4900],
    ['cable hook, metallic colour', { cable: 'tethered_7kw_5_5m', cableHook: true, hookColour: 'nova_bronze' }, 'hook', 5400],
    ['digital display', { display: true }, 'display', 8800],
    ['extended warranty', { extendedWarranty: true }, 'warranty', 12100],
  ])('%s', (_, changes, key, amount) => {
    expect(amounts(config(changes))[key]).toBe(amount);
  });

  it('no surcharge for the black front or body (non-metallic)', () => {
    const lines = amounts(base);
    expect(lines).not.toHaveProperty('front_finish');
    expect(lines).not.toHaveProperty('body_finish');
  });

  it('names the metallic hook line as a cable hook with its finish, the plain one by its item', () => {
    const hookLine = (hookColour: string) => priceConfiguration(C, config({ cable: 'tethered_7kw_5_5m', cableHook: true, hookColour })).lines.find((line) => line.key === 'hook')?.name;
    expect(hookLine('nova_bronze')).toBe('Cable hook (metallic finish)');
    expect(hookLine('racing_green')).toBe('Cable Hook');
  });

  it('a cable hook on a socketed cable does not apply (hook only for tethered cables)', () => {
    expect(amounts(config({ cableHook: true }))).not.toHaveProperty('hook');
  });

  it('the standard warranty line gives way to the extension', () => {
    expect(amounts(config({ extendedWarranty: true }))).not.toHaveProperty('standard_warranty');
  });

  it('a full configuration adds up', () => {
    const full = config({
      front: 'andersen_carbon',
      body: 'racing_green',
      cable: 'tethered_22kw_6_5m',
      installation: 'premium_22kw',
      surgeProtection: true,
      cableHook: true,
      hookColour: 'maranello_red',
      display: true,
      extendedWarranty: true,
    });
    const totals = priceConfiguration(C, full, { email: 'sam@partner-one.example' });
    expect(totals.total).toBe(59900 + 18500 + 4800 + 29500 + 36000 + 24500 + 5400 + 8800 + 12100 - 10000);
  });
});

describe('partner discount (CAT-6, DISC-1, DISC-2)', () => {
  it.each([
    ['sam@partner-one.example', 10000],
    ['Sam@PARTNER-TWO.Example ', 10000],
    ['lee@sportscars.example', 7500],
    ['lee@luxurycars.example', 7500],
    ['"odd@name"@partner-one.example', 10000],
  ])('%s gets a negative line of %i pence', (email, value) => {
    expect(amounts(base, email)['discount']).toBe(-value);
    expect(priceConfiguration(C, base, { email }).total).toBe(59900 - value);
  });

  it.each(['sam@example.com', 'sam@mail.partner-one.example', 'partner-one.example', '@partner-one.example', 'sam@partner-one.example@', '', undefined])(
    'no discount for %s',
    (email) => {
      expect(discountForEmail(C, email)).toBeUndefined();
      expect(amounts(base, email)).not.toHaveProperty('discount');
    },
  );
});

describe('a verified partner discount (the merchant turned verification on)', () => {
  const verified = (discountId: string | undefined, email = 'sam@partner-one.example') => ({
    email,
    verifiedPartnerDiscounts: true,
    verifiedPartner: discountId === undefined ? undefined : { discountId },
  });

  it.each([
    ['a partner e-mail, not verified', verified(undefined), undefined],
    ['a partner e-mail, verified', verified('partner'), 10000],
    ['the sports-car maker, verified with an e-mail of another domain', verified('sportscars', 'lee@example.com'), 7500],
    ['an unknown discount id', verified('gold'), undefined],
    ['the "No Discount" entry', verified('none'), undefined],
  ])('%s', (_, context, value) => {
    expect(partnerDiscount(C, context)?.value).toBe(value);
    const totals = priceConfiguration(C, base, context);
    expect(totals.total).toBe(59900 - (value ?? 0));
    expect(totals.monthly.discount).toBe(value ?? 0);
  });

  it('without verification the e-mail domain decides, whatever verifiedPartner says (DISC-3)', () => {
    expect(partnerDiscount(C, { email: 'sam@partner-one.example' })?.id).toBe('partner');
    expect(partnerDiscount(C, { email: 'sam@example.com', verifiedPartner: { discountId: 'partner' } })).toBeUndefined();
  });
});

describe('pay in 3 and the monthly plan (PRICE-3, PRICE-4)', () => {
  it('pay in 3 interest free: three instalments adding up to the total', () => {
    const totals = priceConfiguration(C, config({ cable: 'tethered_7kw_5_5m' }));
    expect(totals.total).toBe(64800);
    expect(totals.payIn3).toEqual([21600, 21600, 21600]);
  });

  it.each<[string, Partial<Configuration>, number]>([
    ['metallic front finish 0.75', { front: 'racing_green' }, 75],
    ['premium wood finish 3.3', { front: 'french_walnut' }, 330],
    ['limited finish 5.2', { front: 'andersen_carbon' }, 520],
    ['body finish 1.7', { body: 'alpine_white' }, 170],
    ['cable hook 1.7', { cable: 'tethered_7kw_8_5m', cableHook: true }, 175 + 170],
    ['metallic cable hook 1.9', { cable: 'tethered_7kw_8_5m', cableHook: true, hookColour: 'purple_spirit' }, 175 + 190],
    ['display 3', { display: true }, 300],
    ['surge protection 4.9', { surgeProtection: true }, 490],
    ['surge protection 8 on a 22kW cable', { surgeProtection: true, cable: 'socket_22kw' }, 260 + 800],
    ['advanced solar 3.9', { advancedSolar: true }, 390],
    ['8.5m cable 1.75', { cable: 'tethered_7kw_8_5m' }, 175],
    ['22kW cable 2.6', { cable: 'tethered_22kw_6_5m' }, 260],
    ['installation 25 (7kW premium)', { installation: 'premium_7kw' }, 2500],
    ['installation 31 (7kW standard)', { installation: 'standard_7kw' }, 3100],
    ['installation 32 (22kW premium)', { installation: 'premium_22kw' }, 3200],
    ['renewable energy £0', { renewable: true }, 0],
  ])('monthly amount: %s', (_, changes, monthly) => {
    expect(priceConfiguration(C, config(changes)).monthly.monthlyPayment).toBe(monthly);
  });

  it('initial payment £350.00, 36 payments, then £1.00 per year; a discount is a negative line against the initial payment', () => {
    const plain = priceConfiguration(C, base).monthly;
    expect(plain).toMatchObject({ initialPayment: 35000, months: 36, afterwardsPerYear: 100, discount: 0 });
    const partner = priceConfiguration(C, base, { email: 'a@sportscars.example' }).monthly;
    expect(partner).toMatchObject({ initialPayment: 27500, discount: 7500 });
  });
});

describe('totals detail for events (PRICE-8, EVENT-7: pounds with two decimals)', () => {
  it('carries the figures the buyer sees, with monthly only for PAY_MONTHLY', () => {
    const c = config({ front: 'racing_green', paymentType: 'PAY_MONTHLY' });
    const detail = totalsDetail(priceConfiguration(C, c), c);
    expect(detail.currency).toBe('GBP');
    expect(detail.total).toBe(621);
    expect(detail.lines).toContainEqual({ name: 'Metallic Front Finish', amount: 22 });
    expect(detail.monthly).toEqual({ initialPayment: 350, monthlyPayment: 0.75, months: 36, afterwardsPerYear: 1 });
    expect(totalsDetail(priceConfiguration(C, base), base)).not.toHaveProperty('monthly');
  });

  it('order items carry the variant ids the cart needs, except the standard warranty and discount', () => {
    const items = orderItems(C, config({ extendedWarranty: false }), { email: 'x@partner-one.example' });
    expect(items.filter((i) => !i.variantId).map((i) => i.key)).toEqual(['standard_warranty', 'discount']);
  });
});

describe('finish surcharge shown on each colour choice (PAGE-4)', () => {
  it.each<['front' | 'body', string, number]>([
    ['front', 'midnight_black', 0],
    ['front', 'racing_green', 2200],
    ['front', 'sorong_teak', 9400],
    ['front', 'andersen_carbon', 18500],
    ['body', 'midnight_black', 0],
    ['body', 'belgravia_blue', 4800],
  ])('%s %s adds %i pence', (part, colour, pence) => {
    expect(finishSurcharge(C, base, part, colour)).toBe(pence);
  });
});

describe('CAT-9: an offer has a name and is free', () => {
  it('a chosen offer is a £0 line carrying its shop variant', () => {
    const catalogue = { ...C, offers: [{ id: 'health_check', name: 'Free first-year health check', variantId: 'gid://shopify/ProductVariant/1' }] };
    const items = orderItems(catalogue, config({ installation: 'premium_7kw', offer: 'health_check' }));
    expect(items.find((item) => item.key === 'offer')).toMatchObject({ name: 'Free first-year health check', price: 0, variantId: 'gid://shopify/ProductVariant/1' });
  });
});

describe('monthly plan figures for whole configurations (PRICE-5 amounts, summed by hand)', () => {
  it.each<[string, Partial<Configuration>, string | undefined, number, number]>([
    ['metallic front 0.75 + body 1.7 + display 3 + 7kW premium installation 25', { front: 'racing_green', body: 'windsor_grey', display: true, installation: 'premium_7kw' }, undefined, 35000, 3045],
    ['22kW socket 2.6 + three-phase surge 8 + display 3 + 22kW premium installation 32', { cable: 'socket_22kw', surgeProtection: true, display: true, installation: 'premium_22kw' }, undefined, 35000, 4560],
    [
      'limited 5.2 + 22kW cable 2.6 + hook 1.7 + surge 8 + installation 32; warranty and renewable £0; partner discount £100',
      { front: 'andersen_carbon', cable: 'tethered_22kw_6_5m', cableHook: true, hookColour: 'racing_green', surgeProtection: true, installation: 'premium_22kw', extendedWarranty: true, renewable: true },
      'sam@partner-one.example',
      25000,
      4950,
    ],
    [
      'wood 3.3 + body 1.7 + 8.5m cable 1.75 + metallic hook 1.9 + solar 3.9 + 7kW standard installation 31 + surge 4.9 + display 3',
      { front: 'french_walnut', body: 'alpine_white', cable: 'tethered_7kw_8_5m', cableHook: true, hookColour: 'purple_spirit', advancedSolar: true, installation: 'standard_7kw', surgeProtection: true, display: true },
      'lee@luxurycars.example',
      27500,
      5145,
    ],
    ['5.5m cable £0 + hook 1.7 + solar 3.9 without installation', { cable: 'tethered_7kw_5_5m', cableHook: true, advancedSolar: true }, undefined, 35000, 560],
  ])('%s', (_, changes, email, initialPayment, monthlyPayment) => {
    const plan = priceConfiguration(C, config({ ...changes, paymentType: 'PAY_MONTHLY' }), { email }).monthly;
    expect(plan).toMatchObject({ initialPayment, monthlyPayment, months: 36, afterwardsPerYear: 100 });
    // The summary's per-month lines add up to the monthly payment.
    expect(plan.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(monthlyPayment);
  });
});

describe('total payable for each plan, beside the pay-in-full price (PRICE-4, summed by hand)', () => {
  it.each<[string, Partial<Configuration>, string | undefined, number, number]>([
    // Pay in full £1,211.00; monthly £350.00 + 36 × (£1.75 + £31.00 + £3.00) = £350.00 + 36 × £35.75.
    ['8.5m cable, standard installation, display', { cable: 'tethered_7kw_8_5m', installation: 'standard_7kw', display: true }, undefined, 121100, 35000 + 36 * 3575],
    ['the same with a partner discount: £100 off the total and off the initial payment', { cable: 'tethered_7kw_8_5m', installation: 'standard_7kw', display: true }, 'sam@partner-one.example', 111100, 25000 + 36 * 3575],
    // Pay in full £599.00 + £88.00; monthly £350.00 + 36 × £3.00: less than paying in full.
    ['display only', { display: true }, undefined, 68700, 35000 + 36 * 300],
    ['nothing paid monthly: the initial payment alone', {}, undefined, 59900, 35000],
  ])('%s', (_, changes, email, payInFull, monthly) => {
    const totals = priceConfiguration(C, config(changes), { email });
    expect(totalPayable('PAY_NOW', totals)).toBe(payInFull);
    // Interest free: the three instalments add up to the pay-in-full price, odd pence and all.
    expect(totalPayable('PAY_PAYPAL', totals)).toBe(payInFull);
    expect(totalPayable('PAY_MONTHLY', totals)).toBe(monthly);
    expect(totals.monthly.totalPayable).toBe(monthly);
  });

  it('leaves out the £1.00 a year after the term: it has no end', () => {
    const { monthly } = priceConfiguration(C, config({ display: true }));
    expect(monthly.totalPayable).toBe(monthly.initialPayment + monthly.months * monthly.monthlyPayment);
    expect(monthly.afterwardsPerYear).toBe(100);
  });
});

describe('the monthly plan is offered only with something paid monthly (no £0.00 Direct Debit)', () => {
  it.each<[string, Partial<Configuration>, boolean]>([
    ['the default build: charger, 7kW socket, no installation', {}, false],
    ['renewable energy integration, £0 a month', { renewable: true }, false],
    ['a 5.5m cable, £0 a month', { cable: 'tethered_7kw_5_5m' }, false],
    ['a metallic front, £0.75 a month', { front: 'racing_green' }, true],
    ['an installation', { installation: 'premium_7kw' }, true],
  ])('%s: %s', (_, changes, offered) => {
    expect(monthlyPlanOffered(priceConfiguration(C, config(changes)).monthly)).toBe(offered);
  });
});

describe("the shop's prices change the pay-in-full figures, never the monthly plan's (PRICE-6)", () => {
  const full = config({
    front: 'andersen_carbon',
    body: 'racing_green',
    cable: 'tethered_7kw_8_5m',
    installation: 'standard_7kw',
    surgeProtection: true,
    advancedSolar: true,
    cableHook: true,
    hookColour: 'nova_bronze',
    display: true,
    extendedWarranty: true,
    paymentType: 'PAY_MONTHLY',
  });
  // Every variant the shop sells a pound dearer than the catalogue says.
  const dearer = (catalogue: typeof C) => ({
    prices: Object.fromEntries(orderItems(catalogue, full).flatMap((item) => (item.variantId ? [[item.variantId, item.price + 100]] : []))),
    unavailable: [],
    sellingPlans: {},
  });

  it.each([undefined, 'sam@partner-one.example'])('e-mail %s', (email) => {
    const shop = priceConfiguration(withShopPrices(C, dearer(C)), full, { email });
    const catalogue = priceConfiguration(C, full, { email });
    expect(shop.total).toBeGreaterThan(catalogue.total);
    expect(shop.monthly).toEqual(catalogue.monthly);
  });
});
