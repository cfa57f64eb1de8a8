import { describe, expect, it } from 'vitest';
import {
  CLIENT_ERROR_CODES,
  buyerIdentity,
  buyerMessage,
  cartAttributes,
  cartLines,
  checkoutUrlWithFd,
  deliveryAddress,
  discountCodes,
  mapUserError,
  mapWarning,
  mergeDiscountCodes,
  monthlyPlanContext,
  toE164,
  webCheckoutAddress,
} from './cart';
import { SHARED_CODES_CATALOGUE } from './catalogue/shared-codes.fixture';
import type { Catalogue } from './catalogue/schema';
import { UK_CATALOGUE } from './catalogue/uk';
import type { Configuration } from './configuration';
import { addOn, cableOption, defaultConfiguration, frontColour, hookColour, installationOption } from './configuration';
import type { FormValues } from './forms';
import { defaultFormValues } from './forms';
import { productLines } from './mail';
import { orderItems } from './order-items';
import type { PartnerContext } from './partner';

const catalogue = UK_CATALOGUE;
const base = defaultConfiguration(catalogue);
const config = (changes: Partial<Configuration>): Configuration => ({ ...base, ...changes });
const variantOf = (merchandiseId: string) => ({ merchandiseId });

describe('cartLines (CART-1: variantId, quantity 1)', () => {
  it('adds the base charger, the cable and the installation for the default configuration', () => {
    const lines = cartLines(catalogue, base);
    expect(lines.map((line) => line.merchandiseId)).toEqual([
      catalogue.baseProduct.variantId,
      cableOption(catalogue, 'socket_7kw').variantId,
      installationOption(catalogue, 'no_install').variantId,
    ]);
    expect(lines.every((line) => line.quantity === 1)).toBe(true);
  });

  it('names the front and body colours and codes on the base line', () => {
    const [baseLine] = cartLines(catalogue, config({ front: 'racing_green', body: 'windsor_grey' }));
    expect(baseLine?.attributes).toEqual([
      { key: 'Front colour', value: 'Racing Green' },
      { key: 'Front code', value: 'A4-D101C-PALETTE-RACING-GREEN' },
      { key: 'Body colour', value: 'Windsor Grey' },
      { key: 'Body code', value: 'A4-E101C-PALETTE-WINDSOR-GREY' },
    ]);
  });

  it.each([
    ['a metallic front', config({ front: 'racing_green' }), 'metallic_front', 'Racing Green'],
    ['a wood front', config({ front: 'cotswold_oak' }), 'wood_front', 'Cotswold Oak'],
    ['the limited front', config({ front: 'andersen_carbon' }), 'limited_front', 'Andersen Carbon'],
  ] as const)('gives %s its finish line naming the colour it is for', (_, chosen, finish, colour) => {
    const line = cartLines(catalogue, chosen).find((candidate) => candidate.merchandiseId === addOn(catalogue, finish).variantId);
    expect(line?.attributes).toContainEqual({ key: 'Front colour', value: colour });
    expect(line?.attributes).toContainEqual({ key: 'Front code', value: frontColour(catalogue, chosen.front).code });
  });

  it.each([
    ['a plain hook colour', 'midnight_black', 'hook'],
    ['a metallic hook colour', 'sherwood_green', 'metallic_hook'],
  ] as const)('adds the hook line for %s with its colour and code (CHOICE-2, PRICE-2)', (_, hookId, item) => {
    const lines = cartLines(catalogue, config({ cable: 'tethered_7kw_8_5m', cableHook: true, hookColour: hookId }));
    const line = lines.find((candidate) => candidate.merchandiseId === addOn(catalogue, item).variantId);
    expect(line?.attributes).toEqual([
      { key: 'Cable hook colour', value: hookColour(catalogue, hookId).name },
      { key: 'Cable hook code', value: hookColour(catalogue, hookId).code },
    ]);
  });

  it('adds no hook line for a socketed cable even when the hook is chosen (CHOICE-2)', () => {
    const lines = cartLines(catalogue, config({ cable: 'socket_22kw', cableHook: true }));
    const hookVariants = [addOn(catalogue, 'hook').variantId, addOn(catalogue, 'metallic_hook').variantId];
    expect(lines.filter((line) => hookVariants.includes(line.merchandiseId))).toEqual([]);
  });

  it('holds exactly the order items that have a shop variant, in their order (prices and cart agree)', () => {
    const chosen = config({
      front: 'andersen_carbon',
      body: 'nova_bronze',
      cable: 'tethered_22kw_6_5m',
      installation: 'premium_22kw',
      surgeProtection: true,
      advancedSolar: true,
      renewable: true,
      cableHook: true,
      display: true,
      extendedWarranty: true,
    });
    const context = { email: 'sam@partner-one.example' };
    const expected = orderItems(catalogue, chosen, context).flatMap((item) => (item.variantId ? [variantOf(item.variantId)] : []));
    expect(cartLines(catalogue, chosen, context).map((line) => variantOf(line.merchandiseId))).toEqual(expected);
    expect(expected).toHaveLength(11);
  });

  it('leaves the partner discount and the standard warranty out of the lines (DISC-1: a discount code instead)', () => {
    const withDiscount = cartLines(catalogue, base, { email: 'sam@partner-one.example' });
    expect(withDiscount).toEqual(cartLines(catalogue, base));
  });
});

describe('cartAttributes (CART-1, CART-10: referral, configuration summary, payment plan)', () => {
  const withOffer = { ...catalogue, offers: [{ id: 'free_survey', name: 'Free home survey' }] };

  it.each([
    ['a referral', { referral: ' partner-newsletter ', flow: 'order' as const }, 'partner-newsletter'],
    ['no referral', { flow: 'order' as const }, undefined],
    ['a blank referral', { referral: '  ', flow: 'order' as const }, undefined],
  ])('with %s', (_, context, expected) => {
    const referral = cartAttributes(catalogue, base, context).find((attribute) => attribute.key === 'Referral');
    expect(referral?.value).toBe(expected);
  });

  it('carries the flow and the configuration as the same product lines the mail sends', () => {
    const chosen = config({ cable: 'tethered_7kw_5_5m', cableHook: true, display: true });
    expect(cartAttributes(catalogue, chosen, { flow: 'spec-request' })).toEqual([
      { key: 'Flow', value: 'spec-request' },
      { key: 'Configuration', value: productLines(catalogue, chosen).join('; ') },
    ]);
  });

  it.each([
    ['PAY_NOW', 'Pay in full'],
    ['PAY_PAYPAL', 'Pay in 3'],
    ['PAY_MONTHLY', 'Pay monthly'],
    [null, undefined],
  ] as const)('names payment plan %s by its title', (paymentType, title) => {
    const attributes = cartAttributes(catalogue, config({ paymentType }), { flow: 'order' });
    expect(attributes.find((attribute) => attribute.key === 'Payment plan')?.value).toBe(title);
  });

  it('names a chosen offer, which has no shop line of its own', () => {
    const attributes = cartAttributes(withOffer, config({ offer: 'free_survey' }), { flow: 'order' });
    expect(attributes).toContainEqual({ key: 'Offer', value: 'Free home survey' });
    expect(cartAttributes(withOffer, base, { flow: 'order' }).some((attribute) => attribute.key === 'Offer')).toBe(false);
  });
});

describe('discountCodes: the partner discount code of the cart', () => {
  const verified = (discountId: string) => ({ email: 'sam@partner-one.example', discountId, discountCode: 'PX-7Q2M9', token: 't', amount: 10000, expiresAt: '2030-01-01T00:00:00Z' });
  it.each<[string, Catalogue, PartnerContext, string[]]>([
    ['DISC-3: the shared code of the e-mail domain', SHARED_CODES_CATALOGUE, { email: 'sam@partner-one.example' }, ['PARTNER100']],
    ['DISC-1: domains ignore case', SHARED_CODES_CATALOGUE, { email: 'sam@PARTNER-TWO.example' }, ['PARTNER100']],
    ['CAT-6: the sports-car maker', SHARED_CODES_CATALOGUE, { email: 'sam@sportscars.example' }, ['PARTNER75S']],
    ['CAT-6: the luxury-car maker', SHARED_CODES_CATALOGUE, { email: 'sam@luxurycars.example' }, ['PARTNER75L']],
    ['DISC-1: no partner domain', SHARED_CODES_CATALOGUE, { email: 'sam@example.com' }, []],
    ['DISC-1: no e-mail', SHARED_CODES_CATALOGUE, {}, []],
    ['the embedded catalogue has no shared code', catalogue, { email: 'sam@partner-one.example' }, []],
    ['verification on: not yet verified', SHARED_CODES_CATALOGUE, { email: 'sam@partner-one.example', verifiedPartnerDiscounts: true }, []],
    ['verification on: the single-use code', SHARED_CODES_CATALOGUE, { email: 'sam@partner-one.example', verifiedPartnerDiscounts: true, verifiedPartner: verified('partner') }, ['PX-7Q2M9']],
    ['verification on: a partner the catalogue does not have', catalogue, { email: 'sam@partner-one.example', verifiedPartnerDiscounts: true, verifiedPartner: verified('gone') }, []],
  ])('%s', (_, withCatalogue, context, expected) => {
    expect(discountCodes(withCatalogue, context)).toEqual(expected);
  });
});

describe('toE164 and buyerIdentity (CART-1 buyer identity)', () => {
  it.each([
    ['07700 900123', '+447700900123'],
    ['07700-900-123', '+447700900123'],
    ['(020) 7946 0958', '+442079460958'],
    ['+44 7700 900123', '+447700900123'],
    ['+44 (0)7700 900123', '+447700900123'],
    ['+4407700900123', '+447700900123'],
    ['0044 7700 900123', '+447700900123'],
    ['+1 415 555 2671', '+14155552671'],
    ['7700 900123', undefined],
    ['12345', undefined],
    ['call me', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j → %j', (phone, expected) => {
    expect(toE164(phone)).toBe(expected);
  });

  it('gives the phone only when it is E.164 and trims the e-mail', () => {
    expect(buyerIdentity({ email: ' sam@example.com ', phone: '07700 900123' })).toEqual({
      email: 'sam@example.com',
      phone: '+447700900123',
    });
    expect(buyerIdentity({ email: 'sam@example.com', phone: 'ring the office' })).toEqual({ email: 'sam@example.com' });
    expect(buyerIdentity({ email: 'sam@example.com' })).toEqual({ email: 'sam@example.com' });
  });
});

describe('deliveryAddress (PAY-4: the finance step\'s address for the checkout)', () => {
  const monthly = config({ paymentType: 'PAY_MONTHLY' });
  const answers: FormValues = {
    ...defaultFormValues(),
    'first-name': 'Alex',
    'last-name': 'Morgan',
    tel: '07700 900456',
    legalName: 'Alexandra Jane Morgan',
    primaryAddress1: ' 1 Example Street ',
    primaryCity: 'London',
    primaryRegion: 'Greater London',
    primaryPostcode: ' sw1a   1aa ',
    primaryCountry: 'England',
  };
  const fields = (form: Partial<FormValues>) => deliveryAddress(monthly, { ...answers, ...form })?.address.deliveryAddress;

  it('is the finance address, pre-selected and for this order only: GB, postcode upper-cased, names and E.164 phone', () => {
    expect(deliveryAddress(monthly, answers)).toEqual({
      address: {
        deliveryAddress: {
          firstName: 'Alex',
          lastName: 'Morgan',
          address1: '1 Example Street',
          city: 'London',
          zip: 'SW1A 1AA',
          countryCode: 'GB',
          phone: '+447700900456',
        },
      },
      selected: true,
      oneTimeUse: true,
    });
  });

  it.each<[string, Partial<FormValues>, { firstName?: string; lastName: string }]>([
    ['no first name: the legal name split before its last word', { 'first-name': ' ' }, { firstName: 'Alexandra Jane', lastName: 'Morgan' }],
    ['no last name: the same', { 'last-name': '' }, { firstName: 'Alexandra Jane', lastName: 'Morgan' }],
    ['a one-word legal name: the last name only', { 'first-name': '', legalName: ' Morgan ' }, { lastName: 'Morgan' }],
  ])('names the recipient from the contact names, else the legal name (%s)', (_case, form, name) => {
    const address = fields(form)!;
    expect({ firstName: address.firstName, lastName: address.lastName }).toEqual({ firstName: undefined, ...name });
  });

  it('leaves out a phone that cannot be written in E.164 form', () => {
    expect(fields({ tel: 'evenings only' })).not.toHaveProperty('phone');
  });

  it.each<[string, Configuration, Partial<FormValues>]>([
    ['paying in full', config({ paymentType: 'PAY_NOW' }), {}],
    ['pay in 3', config({ paymentType: 'PAY_PAYPAL' }), {}],
    ['no plan yet', config({ paymentType: null }), {}],
    ['no address line', monthly, { primaryAddress1: '  ' }],
    ['no city', monthly, { primaryCity: '' }],
    ['no postcode', monthly, { primaryPostcode: ' ' }],
    ['no name at all', monthly, { 'first-name': '', 'last-name': '', legalName: '' }],
  ])('is none when the buyer gave no address (%s)', (_case, configuration, form) => {
    expect(deliveryAddress(configuration, { ...answers, ...form })).toBeUndefined();
  });
});

describe('checkoutUrlWithFd (CART-2: `_fd=0`)', () => {
  it.each([
    ['https://shop.example/cart/c/abc', 'https://shop.example/cart/c/abc?_fd=0'],
    ['https://shop.example/cart/c/abc?key=x%20y', 'https://shop.example/cart/c/abc?key=x%20y&_fd=0'],
    ['https://shop.example/cart/c/abc?_fd=1&key=k', 'https://shop.example/cart/c/abc?key=k&_fd=0'],
    ['https://shop.example/cart/c/abc?_fd&key=k', 'https://shop.example/cart/c/abc?key=k&_fd=0'],
    ['https://shop.example/cart/c/abc?key=k#top', 'https://shop.example/cart/c/abc?key=k&_fd=0#top'],
    ['https://shop.example/cart/c/abc?', 'https://shop.example/cart/c/abc?_fd=0'],
    ['/checkouts/demo?__fd=2', '/checkouts/demo?__fd=2&_fd=0'],
  ])('%s → %s', (url, expected) => {
    expect(checkoutUrlWithFd(url)).toBe(expected);
  });
});

describe('mergeDiscountCodes (CART-5: adding a discount)', () => {
  const cart = (codes: string[], lineCodes: (string | null | undefined)[][]) => ({
    discountCodes: codes.map((code) => ({ code, applicable: true })),
    lines: lineCodes.map((allocations) => ({ discountAllocations: allocations.map((code) => ({ code })) })),
  });

  it.each([
    ['an empty cart', cart([], []), ['PARTNER100'], ['PARTNER100']],
    ['cart-level codes first, then the new ones', cart(['SPRING'], []), ['PARTNER100'], ['SPRING', 'PARTNER100']],
    ['line-level codes too', cart(['SPRING'], [['LINE5'], []]), ['PARTNER100'], ['SPRING', 'LINE5', 'PARTNER100']],
    ['duplicates removed', cart(['SPRING'], [['SPRING'], ['LINE5', 'LINE5']]), ['LINE5'], ['SPRING', 'LINE5']],
    ['duplicates ignoring case, first spelling kept', cart(['spring'], []), ['SPRING', 'Partner100', 'PARTNER100'], ['spring', 'Partner100']],
    ['allocations without a code skipped', cart([], [[null, undefined, 'LINE5']]), [], ['LINE5']],
  ])('%s', (_, existing, added, expected) => {
    expect(mergeDiscountCodes(existing, added)).toEqual(expected);
  });
});

describe('mapUserError (CART-4 user error codes)', () => {
  it.each([
    ['ADDRESS_FIELD_CONTAINS_EMOJIS', 'NOT_SUPPORTED'],
    ['ADDRESS_FIELD_CONTAINS_HTML_TAGS', 'NOT_SUPPORTED'],
    ['ADDRESS_FIELD_CONTAINS_URL', 'NOT_SUPPORTED'],
    ['ADDRESS_FIELD_DOES_NOT_MATCH_EXPECTED_PATTERN', 'NOT_SUPPORTED'],
    ['ADDRESS_FIELD_IS_REQUIRED', 'PRESENT'],
    ['ADDRESS_FIELD_IS_TOO_LONG', 'TOO_LONG'],
    ['INVALID_ZIP_CODE_FOR_COUNTRY', 'INVALID_FOR_COUNTRY'],
    ['INVALID_ZIP_CODE_FOR_PROVINCE', 'INVALID_FOR_COUNTRY_AND_PROVINCE'],
    ['INVALID_MERCHANDISE_LINE', 'LINE_ITEM_NOT_FOUND'],
    ['MAXIMUM_EXCEEDED', 'NOT_ENOUGH_IN_STOCK'],
    ['MINIMUM_NOT_MET', 'GREATER_THAN_OR_EQUAL_TO'],
    ['PROVINCE_NOT_FOUND', 'INVALID_PROVINCE_IN_COUNTRY'],
    ['NOTE_TOO_LONG', 'TOO_LONG'],
    ['INVALID', 'INVALID'],
    ['LESS_THAN', 'INVALID'],
    ['MISSING_DISCOUNT_CODE', 'INVALID'],
    ['ZIP_CODE_NOT_SUPPORTED', 'INVALID'],
    ['SERVICE_UNAVAILABLE', 'INVALID'],
    ['SOMETHING_NEW', 'INVALID'],
    ['toString', 'INVALID'],
    [null, 'INVALID'],
    [undefined, 'INVALID'],
  ])('%s → %s', (code, expected) => {
    expect(mapUserError(code)).toBe(expected);
  });
});

describe('mapWarning (CART-4 warnings)', () => {
  it.each([
    ['MERCHANDISE_NOT_ENOUGH_STOCK', 'NOT_ENOUGH_IN_STOCK'],
    ['MERCHANDISE_OUT_OF_STOCK', 'NOT_ENOUGH_IN_STOCK'],
    ['PAYMENTS_GIFT_CARDS_UNAVAILABLE', 'NOT_SUPPORTED'],
    ['DUPLICATE_DELIVERY_ADDRESS', undefined],
    [null, undefined],
  ])('%s → %s', (code, expected) => {
    expect(mapWarning(code)).toBe(expected);
  });
});

describe('buyerMessage (CART-4: every failure the buyer is shown)', () => {
  it('has its own plain message for every client code', () => {
    const messages = CLIENT_ERROR_CODES.map(buyerMessage);
    expect(messages.every((message) => message.length > 20 && message.endsWith('.'))).toBe(true);
    expect(new Set(messages).size).toBe(CLIENT_ERROR_CODES.length);
  });

  it('tells the buyer about stock for NOT_ENOUGH_IN_STOCK', () => {
    expect(buyerMessage(mapUserError('MAXIMUM_EXCEEDED'))).toMatch(/out of stock/);
  });
});

describe('cartAttributes with the monthly plan (figures, mandate, finance answers, never the date of birth)', () => {
  const DOB = '1987-11-23';
  const form: FormValues = {
    ...defaultFormValues(),
    'first-name': 'Sam',
    'last-name': 'Lee',
    email: 'sam@example.com',
    tel: '07700 900123',
    title: 'Dr',
    legalName: 'Samuel Lee',
    primaryAddress1: '1 High Street',
    primaryCity: 'Leeds',
    primaryRegion: 'West Yorkshire',
    primaryPostcode: 'ls1 4ap',
    primaryCountry: 'United Kingdom',
    dob: DOB,
    gender: 'Female',
    acceptedMonthlyPaymentTerms: true,
    acceptedCreditCheck: true,
    goCardlessMandateComplete: true,
    goCardlessFlowId: 'BRF0001234ABCD',
  };
  const monthly = monthlyPlanContext(form);
  const monthlyConfig = (changes: Partial<Configuration> = {}) => config({ paymentType: 'PAY_MONTHLY', ...changes });
  const asRecord = (attributes: { key: string; value: string }[]) => Object.fromEntries(attributes.map(({ key, value }) => [key, value]));
  const MONTHLY_KEYS = ['Initial payment', 'Monthly payments', 'GoCardless flow ID', 'GoCardless form completed'];

  it('adds the plan, the mandate and the finance answers after the other attributes', () => {
    const attributes = cartAttributes(catalogue, monthlyConfig({ installation: 'premium_7kw', display: true }), { flow: 'order', email: form.email, monthly });
    expect(attributes.slice(0, 3).map((attribute) => attribute.key)).toEqual(['Flow', 'Configuration', 'Payment plan']);
    expect(attributes.slice(3)).toEqual([
      // PRICE-4, PRICE-5: £350.00 initial; premium 7kW installation 25 + display 3 a month.
      { key: 'Initial payment', value: '£350.00' },
      { key: 'Monthly payments', value: '36 × £28.00, then £1.00 per year' },
      { key: 'GoCardless flow ID', value: 'BRF0001234ABCD' },
      { key: 'GoCardless form completed', value: 'Yes' },
      { key: 'Finance: title', value: 'Dr' },
      { key: 'Finance: legal name', value: 'Samuel Lee' },
      { key: 'Finance: address line 1', value: '1 High Street' },
      { key: 'Finance: city', value: 'Leeds' },
      { key: 'Finance: region', value: 'West Yorkshire' },
      { key: 'Finance: postcode', value: 'LS1 4AP' },
      { key: 'Finance: country', value: 'United Kingdom' },
      { key: 'Finance: gender', value: 'Female' },
      { key: 'Accepted monthly payment terms', value: 'Yes' },
      { key: 'Accepted credit check', value: 'Yes' },
    ]);
  });

  it.each<[string, Partial<Configuration>, string | undefined, string, string]>([
    // 22kW tethered 2.6 + three-phase surge 8 + 22kW premium installation 32; partner discount £100 off the initial payment.
    ['a 22kW cable with surge protection and a partner discount', { cable: 'tethered_22kw_6_5m', surgeProtection: true, installation: 'premium_22kw' }, 'sam@partner-one.example', '£250.00', '36 × £42.60'],
    // Wood 3.3 + metallic body 1.7 + 8.5m cable 1.75 + metallic hook 1.9 + solar 3.9; £75 discount.
    ['wood, metallic body and hook, 8.5m cable, solar', { front: 'cotswold_oak', body: 'windsor_grey', cable: 'tethered_7kw_8_5m', cableHook: true, hookColour: 'nova_bronze', advancedSolar: true }, 'lee@sportscars.example', '£275.00', '36 × £12.55'],
    // The default charger costs nothing a month.
    ['the default configuration', {}, 'sam@example.com', '£350.00', '36 × £0.00'],
  ])('figures for %s', (_, changes, email, initial, payments) => {
    const record = asRecord(cartAttributes(catalogue, monthlyConfig(changes), { flow: 'order', email, monthly }));
    expect(record['Initial payment']).toBe(initial);
    expect(record['Monthly payments']).toBe(`${payments}, then £1.00 per year`);
  });

  it.each([
    ['not yet verified', undefined, '£350.00'],
    ['verified', { email: 'sam@partner-one.example', discountId: 'partner', discountCode: 'PX-7Q2M9', token: 't', amount: 10000, expiresAt: '2030-01-01T00:00:00Z' }, '£250.00'],
  ])('with partner-endpoint, the initial payment of a partner e-mail %s is %s', (_, verifiedPartner, initial) => {
    const context = { flow: 'order' as const, email: 'sam@partner-one.example', verifiedPartnerDiscounts: true, verifiedPartner, monthly };
    expect(asRecord(cartAttributes(catalogue, monthlyConfig(), context))['Initial payment']).toBe(initial);
  });

  it.each<[string, Configuration, { monthly?: typeof monthly }]>([
    ['pay in full, with a monthly context', config({ paymentType: 'PAY_NOW' }), { monthly }],
    ['pay in 3, with a monthly context', config({ paymentType: 'PAY_PAYPAL' }), { monthly }],
    ['no plan, with a monthly context', base, { monthly }],
    ['the monthly plan without a monthly context', config({ paymentType: 'PAY_MONTHLY' }), {}],
  ])('adds none of it with %s', (_, chosen, context) => {
    const keys = cartAttributes(catalogue, chosen, { flow: 'order', email: form.email, ...context }).map((attribute) => attribute.key);
    expect(keys.filter((key) => MONTHLY_KEYS.includes(key) || key.startsWith('Finance') || key.startsWith('Accepted'))).toEqual([]);
  });

  it('leaves out optional answers left empty (or blank) rather than sending them blank', () => {
    const context = monthlyPlanContext({ ...form, primaryRegion: '', primaryCountry: '   ' });
    const keys = cartAttributes(catalogue, monthlyConfig(), { flow: 'order', monthly: context }).map((attribute) => attribute.key);
    expect(keys).not.toContain('Finance: region');
    expect(keys).not.toContain('Finance: country');
    expect(keys).toContain('Finance: city');
  });

  it('says No for a mandate not completed', () => {
    const context = monthlyPlanContext({ ...form, goCardlessMandateComplete: false });
    const record = asRecord(cartAttributes(catalogue, monthlyConfig(), { flow: 'order', monthly: context }));
    expect(record['GoCardless form completed']).toBe('No');
  });

  it('never carries the date of birth, in any key or value, although the form has one', () => {
    expect(JSON.stringify(monthly)).not.toContain(DOB);
    const attributes = cartAttributes(catalogue, monthlyConfig({ display: true }), { flow: 'order', email: form.email, referral: 'newsletter', monthly });
    expect(attributes.length).toBeGreaterThan(10);
    for (const { key, value } of attributes) {
      for (const text of [key, value]) {
        expect(text).not.toContain(DOB);
        expect(text).not.toContain('1987');
        expect(text).not.toMatch(/\bdob\b|birth/i);
      }
    }
  });
});

describe('webCheckoutAddress: only a web address is a checkout (bad input)', () => {
  const PAGE = 'https://shop.example/products/charger';

  it.each([
    ['https://shop.example/checkouts/cn/abc?_fd=0', 'https://shop.example/checkouts/cn/abc?_fd=0'],
    ['http://127.0.0.1:5173/demo-checkout/1?_fd=0', 'http://127.0.0.1:5173/demo-checkout/1?_fd=0'],
    ['/checkout', 'https://shop.example/checkout'],
  ])('takes %s', (url, expected) => {
    expect(webCheckoutAddress(url, PAGE)).toBe(expected);
  });

  it.each([
    'javascript:window.__pwned=1//?_fd=0',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'http://[::1',
  ])('refuses %j', (url) => {
    expect(webCheckoutAddress(url, PAGE)).toBeUndefined();
  });
});
