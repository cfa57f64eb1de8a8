import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE as C } from './catalogue/uk';
import type { Configuration } from './configuration';
import { defaultConfiguration } from './configuration';
import { directDebitRequest, parseDirectDebitRequest, stepForDirectDebitField } from './direct-debit';
import type { FormValues } from './forms';
import { defaultFormValues } from './forms';

// Local time, as the age check reads the buyer's calendar day.
const today = new Date(2026, 5, 15);

// A digital display: £3.00 a month (PRICE-5), so there is something for the Direct Debit to collect.
const monthly = (changes: Partial<Configuration> = {}): Configuration => ({ ...defaultConfiguration(C), paymentType: 'PAY_MONTHLY', display: true, ...changes });

const valid = () => ({
  version: 1,
  customer: { 'first-name': 'Sam', 'last-name': 'Lee', email: 'sam@example.com', tel: '07700 900123' },
  finance: {
    title: 'Mr',
    legalName: 'Samuel Lee',
    primaryAddress1: '1 High Street',
    primaryCity: 'Leeds',
    primaryRegion: '',
    primaryPostcode: 'LS1 4AP',
    primaryCountry: '',
    dob: '1990-05-17',
    gender: 'Male',
    acceptedMonthlyPaymentTerms: true as boolean,
    acceptedCreditCheck: true as boolean,
  },
  configuration: { ...monthly() } as Record<string, unknown>,
});

type Request = ReturnType<typeof valid>;

const problemsOf = (request: unknown) => {
  const result = parseDirectDebitRequest(C, request, today);
  return result.ok ? [] : result.problems;
};

describe('direct-debit request (one schema in the element and the handler)', () => {
  it('accepts a complete monthly request; region and country may be left empty', () => {
    const result = parseDirectDebitRequest(C, valid(), today);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.configuration.paymentType).toBe('PAY_MONTHLY');
      expect(result.request.finance).toMatchObject({ primaryRegion: '', primaryCountry: '', dob: '1990-05-17' });
    }
  });

  it.each<[string, (r: Request) => void, string, string]>([
    ['no title', (r) => (r.finance.title = ''), 'finance.title', 'Title is a required field'],
    ['no legal name', (r) => (r.finance.legalName = ' '), 'finance.legalName', 'Legal name is a required field'],
    ['no address line 1', (r) => (r.finance.primaryAddress1 = ''), 'finance.primaryAddress1', 'Address line 1 is a required field'],
    ['no city', (r) => (r.finance.primaryCity = ''), 'finance.primaryCity', 'City is a required field'],
    ['no postcode', (r) => (r.finance.primaryPostcode = ''), 'finance.primaryPostcode', 'Postcode is a required field'],
    ['a postcode that is not a UK one', (r) => (r.finance.primaryPostcode = '75001'), 'finance.primaryPostcode', 'Postcode must be a valid UK postcode'],
    ['no date of birth', (r) => (r.finance.dob = ''), 'finance.dob', 'Date of birth is a required field'],
    ['a date of birth that is no date', (r) => (r.finance.dob = '1990-02-30'), 'finance.dob', 'Date of birth must be a valid date'],
    ['a date of birth written otherwise', (r) => (r.finance.dob = '17/05/1990'), 'finance.dob', 'Date of birth must be a valid date'],
    ['a buyer under 18 by a day', (r) => (r.finance.dob = '2008-06-16'), 'finance.dob', 'You must be 18 or over to apply'],
    ['no gender', (r) => (r.finance.gender = ''), 'finance.gender', 'Gender is a required field'],
    ['monthly terms not accepted', (r) => (r.finance.acceptedMonthlyPaymentTerms = false), 'finance.acceptedMonthlyPaymentTerms', 'You must accept the monthly payment terms to continue.'],
    ['credit check not accepted', (r) => (r.finance.acceptedCreditCheck = false), 'finance.acceptedCreditCheck', 'You must accept the credit check terms to continue.'],
    ['no first name', (r) => (r.customer['first-name'] = ''), 'customer.first-name', 'First name is a required field'],
    ['a bad e-mail', (r) => (r.customer.email = 'sam'), 'customer.email', 'E-mail address must be a valid email'],
    ['an unknown version', (r) => ((r as { version: number }).version = 2), 'version', 'must be 1'],
  ])("VALID-5's and VALID-6's messages, word for word: %s", (_, spoil, field, message) => {
    const request = valid();
    spoil(request);
    expect(problemsOf(request)).toEqual([{ field, message }]);
  });

  it('takes an idempotency key as the spec request does, and a request without one too', () => {
    const keyed = parseDirectDebitRequest(C, { ...valid(), idempotencyKey: 'a'.repeat(16) }, today);
    expect(keyed.ok && keyed.request.idempotencyKey).toBe('a'.repeat(16));
    const unkeyed = parseDirectDebitRequest(C, valid(), today);
    expect(unkeyed.ok && unkeyed.request).not.toHaveProperty('idempotencyKey');
  });

  it.each([
    ['too short', 'a'.repeat(15)],
    ['too long', 'a'.repeat(129)],
    ['with a character outside [A-Za-z0-9_-]', `${'a'.repeat(16)}:`],
    ['not a string', 1234567890123456],
  ])('refuses an idempotency key %s', (_, idempotencyKey) => {
    expect(problemsOf({ ...valid(), idempotencyKey }).map((problem) => problem.field)).toEqual(['idempotencyKey']);
  });

  it('carries a partner verification token as given, and a request without one too', () => {
    const tokened = parseDirectDebitRequest(C, { ...valid(), partnerToken: 'eyJ.abc' }, today);
    expect(tokened.ok && tokened.request.partnerToken).toBe('eyJ.abc');
    const plain = parseDirectDebitRequest(C, valid(), today);
    expect(plain.ok && plain.request).not.toHaveProperty('partnerToken');
  });

  it('refuses a partner token that is not a string (the handler checks the rest)', () => {
    expect(problemsOf({ ...valid(), partnerToken: 42 })).toEqual([{ field: 'partnerToken', message: 'must be a string' }]);
  });

  it('an adult from today: 18 today is accepted', () => {
    const request = valid();
    request.finance.dob = '2008-06-15';
    expect(problemsOf(request)).toEqual([]);
  });

  it('names every field at fault once, in order', () => {
    const request = valid();
    request.finance.legalName = '';
    request.finance.acceptedMonthlyPaymentTerms = false;
    request.finance.acceptedCreditCheck = false;
    expect(problemsOf(request)).toEqual([
      { field: 'finance.legalName', message: 'Legal name is a required field' },
      { field: 'finance.acceptedMonthlyPaymentTerms', message: 'You must accept the monthly payment terms to continue.' },
      { field: 'finance.acceptedCreditCheck', message: 'You must accept the credit check terms to continue.' },
    ]);
  });

  it.each<[string, (r: Request, text: string) => void, string]>([
    ['a legal name', (r, text) => (r.finance.legalName = text), 'finance.legalName'],
    ['an address line', (r, text) => (r.finance.primaryAddress1 = text), 'finance.primaryAddress1'],
    ['the optional region', (r, text) => (r.finance.primaryRegion = text), 'finance.primaryRegion'],
    ['the optional country', (r, text) => (r.finance.primaryCountry = text), 'finance.primaryCountry'],
    ['a last name', (r, text) => (r.customer['last-name'] = text), 'customer.last-name'],
  ])('rejects CR or LF inside %s (it may reach a provider record or a log line)', (_, spoil, field) => {
    for (const text of ['Sam\r\nBcc: x@y.example', 'Sam\nLee', 'Sam\rLee']) {
      const request = valid();
      spoil(request, text);
      expect(problemsOf(request)).toEqual([{ field, message: 'must be a single line' }]);
    }
  });

  it.each([
    ['pay in full', 'PAY_NOW'],
    ['pay in 3', 'PAY_PAYPAL'],
    ['no plan chosen', null],
  ] as const)('refuses a configuration without the monthly plan: %s', (_, paymentType) => {
    const request = valid();
    request.configuration = { ...monthly({ paymentType }) };
    const problems = problemsOf(request);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.field).toBe('configuration.paymentType');
    expect(problems[0]?.message).toContain('PAY_MONTHLY');
  });

  it.each<[string, Partial<Configuration>]>([
    ['the default build: charger, 7kW socket, no installation', { display: false }],
    ['renewable energy integration only, £0 a month', { display: false, renewable: true }],
    ['a cable hook on a socketed cable, which the flow rules take off', { display: false, cable: 'socket_7kw', cableHook: true }],
  ])('refuses a monthly plan with nothing paid monthly, naming configuration.paymentType: %s', (_, changes) => {
    const request = valid();
    request.configuration = { ...monthly(changes) };
    expect(problemsOf(request)).toEqual([
      { field: 'configuration.paymentType', message: 'Nothing on this order is paid monthly: choose pay in full or pay in 3' },
    ]);
  });

  it.each([
    ['front', 'configuration.front'],
    ['body', 'configuration.body'],
    ['hookColour', 'configuration.hookColour'],
  ])('refuses a %s colour id the catalogue does not have', (part, field) => {
    const request = valid();
    request.configuration = { ...monthly(), [part]: 'candy_floss_pink' };
    expect(problemsOf(request)).toEqual([{ field, message: `${field}: "candy_floss_pink" is not in the catalogue` }]);
  });

  it('applies the ordering flow rules to the configuration it returns', () => {
    const request = valid();
    // CHOICE-2: a socketed cable takes no hook; the element's state could still hold one.
    request.configuration = { ...monthly({ cable: 'socket_7kw', cableHook: true }) };
    const result = parseDirectDebitRequest(C, request, today);
    expect(result.ok && result.configuration.cableHook).toBe(false);
  });
});

describe('directDebitRequest (the element builds the request from its form)', () => {
  const complete: FormValues = {
    ...defaultFormValues(),
    'first-name': 'Sam',
    'last-name': 'Lee',
    email: 'sam@partner-one.example',
    tel: '07700 900123',
    legalName: 'Samuel Lee',
    primaryAddress1: '1 High Street',
    primaryCity: 'Leeds',
    primaryRegion: 'West Yorkshire',
    primaryPostcode: 'ls1 4ap',
    dob: '1990-05-17',
    acceptedMonthlyPaymentTerms: true,
    acceptedCreditCheck: true,
    // Not part of the request: the form's other fields stay behind.
    vehicleReg: 'AB12 CDE',
    goCardlessFlowId: 'BRF000',
  };

  it('gives a request the schema accepts when the form is complete, with the defaults Mr and Male', () => {
    const config = monthly({ front: 'racing_green', cable: 'tethered_22kw_6_5m', surgeProtection: true });
    const request = directDebitRequest(config, complete);
    const result = parseDirectDebitRequest(C, request, today);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.request.finance).toMatchObject({ title: 'Mr', gender: 'Male', primaryRegion: 'West Yorkshire', primaryPostcode: 'ls1 4ap' });
      expect(result.request.customer.email).toBe('sam@partner-one.example');
      expect(result.configuration).toMatchObject({ front: 'racing_green', cable: 'tethered_22kw_6_5m', surgeProtection: true });
    }
  });

  it('carries only the contact, finance and configuration fields, and a copy of the configuration', () => {
    const config = monthly();
    const request = directDebitRequest(config, complete);
    expect(Object.keys(request).sort()).toEqual(['configuration', 'customer', 'finance', 'version']);
    expect(JSON.stringify(request)).not.toContain('AB12 CDE');
    expect(JSON.stringify(request)).not.toContain('BRF000');
    expect(request.configuration).toEqual(config);
    expect(request.configuration).not.toBe(config);
  });

  it('carries a verified partner discount as its token only, which the schema accepts', () => {
    const verifiedPartner = { email: complete.email, discountId: 'partner', discountCode: 'PX-7Q2M9', token: 'signed.token', amount: 10000, expiresAt: '2030-01-01T00:00:00Z' };
    const request = directDebitRequest(monthly(), { ...complete, verifiedPartner });
    expect(request.partnerToken).toBe('signed.token');
    expect(JSON.stringify(request)).not.toContain('PX-7Q2M9');
    const result = parseDirectDebitRequest(C, request, today);
    expect(result.ok && result.request.partnerToken).toBe('signed.token');
  });

  it('is refused with the acceptances unticked, as the finance step would be', () => {
    const request = directDebitRequest(monthly(), { ...complete, acceptedCreditCheck: false });
    expect(problemsOf(request)).toEqual([{ field: 'finance.acceptedCreditCheck', message: 'You must accept the credit check terms to continue.' }]);
  });
});

describe('stepForDirectDebitField (a refused field takes the buyer back to its step)', () => {
  it.each<[string | undefined, string | null]>([
    ['finance.primaryPostcode', 'finance'],
    ['customer.email', 'contact'],
    ['partnerToken', 'contact'],
    ['configuration.paymentType', 'payment'],
    ['configuration.front', null],
    ['version', null],
    [undefined, null],
  ])('%s → %s', (field, step) => {
    expect(stepForDirectDebitField(field)).toBe(step);
  });
});
