import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE as C } from './catalogue/uk';
import type { Configuration } from './configuration';
import { defaultConfiguration } from './configuration';
import type { FormValues } from './forms';
import { defaultFormValues } from './forms';
import { orderEmailChanges } from './order-email';
import type { SpecFormValues } from './spec-form';
import { specFormValues } from './spec-form';

const config = (changes: Partial<Configuration> = {}): Configuration => ({ ...defaultConfiguration(C), ...changes });
const values = (changes: Partial<Configuration> = {}, email = '') =>
  specFormValues(C, config(changes), { ...defaultFormValues(), email });

describe('defaultFormValues (LEAD-2, CART-10)', () => {
  it('title Mr, gender Male, referral shop; everything else empty or unticked', () => {
    expect(defaultFormValues()).toEqual({
      'first-name': '',
      'last-name': '',
      email: '',
      tel: '',
      hear: '',
      referral: 'shop',
      title: 'Mr',
      dob: '',
      legalName: '',
      primaryAddress1: '',
      primaryCity: '',
      primaryRegion: '',
      primaryPostcode: '',
      primaryCountry: '',
      gender: 'Male',
      acceptedMonthlyPaymentTerms: false,
      acceptedCreditCheck: false,
      vehicleMake: '',
      vehicleModel: '',
      vehicleReg: '',
      installationTerms: {},
      goCardlessMandateComplete: false,
      goCardlessFlowId: '',
      serialNumber: '',
      region: '',
      wizardSteps: [],
      orderEmail: '',
      installCheck: {},
    });
  });

  it('gives a fresh object each time', () => {
    const first = defaultFormValues();
    first.installationTerms.premium_7kw = true;
    first.wizardSteps.push('cable');
    expect(defaultFormValues().installationTerms).toEqual({});
    expect(defaultFormValues().wizardSteps).toEqual([]);
  });
});

describe('orderEmailChanges (specification request: step 01 prefills step 06)', () => {
  it.each([
    ['both empty: the contact e-mail follows', { orderEmail: '', email: '' }, { orderEmail: 'a@lease.example', email: 'a@lease.example' }],
    ['still the same: the contact e-mail follows', { orderEmail: 'a@lease.example', email: 'a@lease.example' }, { orderEmail: 'b@lease.example', email: 'b@lease.example' }],
    ['the customer gave another: it stays', { orderEmail: 'a@lease.example', email: 'me@home.example' }, { orderEmail: 'b@lease.example' }],
  ])('%s', (_, form, changes) => {
    expect(orderEmailChanges(form, changes.orderEmail)).toEqual(changes);
  });
});

describe('specFormValues (LEAD-1, LEAD-2)', () => {
  it("leaves out the specification request's own answers (they travel in its request)", () => {
    const form = { ...defaultFormValues(), orderEmail: 'a@lease.example', installCheck: { cable: 'yes' as const } };
    const result = specFormValues(C, config(), form);
    expect(result).not.toHaveProperty('orderEmail');
    expect(result).not.toHaveProperty('installCheck');
  });

  it('never carries the date of birth (SAVE-1)', () => {
    const form = { ...defaultFormValues(), dob: '1990-05-17', 'first-name': 'Ann' };
    const result = specFormValues(C, config(), form);
    expect(result).not.toHaveProperty('dob');
    expect(JSON.stringify(result)).not.toContain('1990-05-17');
    expect(result['first-name']).toBe('Ann');
  });

  it('merges the default configuration under the spec field names, prices in pounds', () => {
    const result = values();
    expect(result).toMatchObject({
      referral: 'shop',
      title: 'Mr',
      gender: 'Male',
      withInstallation: false,
      installation: { id: 'no_install', name: 'Standard with no install', price: 0 },
      frontColor: { id: 'midnight_black', name: 'Midnight Black', code: 'A4-D101M-BLACK', price: 0, metallic: false },
      sideColor: { id: 'midnight_black', name: 'Midnight Black', code: 'A4-E101M-BLACK', price: 0, metallic: false },
      cable: { id: 'socket_7kw', name: '7kW socket', price: 0 },
      withSurgeProtection: false,
      surgeProtection: null,
      withAdvancedSolar: false,
      advancedSolar: null,
      withRenewable: false,
      renewable: null,
      discount: { id: 'none', name: 'No Discount', value: 0, domains: [] },
      withOffer: false,
      offer: null,
      paymentType: null,
      paymentPlan: null,
      withCableHook: false,
      cableHook: null,
      cableHookColor: null,
      withDisplay: false,
      display: null,
      extendedWarranty: false,
      warranty: { id: 'standard_warranty', name: 'Standard 3 year warranty', price: 0 },
      wizardSteps: [],
    });
    expect(result.installation.variantId).toBe(C.installations.find((i) => i.id === 'no_install')!.variantId);
    expect(result.cable.variantId).toBe(C.cables.find((c) => c.id === 'socket_7kw')!.variantId);
  });

  it.each<[string, Partial<Configuration>, Partial<SpecFormValues>]>([
    ['metallic front: +£22 (PAGE-5)', { front: 'racing_green' }, { frontColor: expect.objectContaining({ name: 'Racing Green', price: 22 }) }],
    ['wood front: £94 (CAT-4)', { front: 'cotswold_oak' }, { frontColor: expect.objectContaining({ name: 'Cotswold Oak', price: 94 }) }],
    ['limited front: its own price £185', { front: 'andersen_carbon' }, { frontColor: expect.objectContaining({ name: 'Andersen Carbon', price: 185 }) }],
    ['metallic body: +£48', { body: 'windsor_grey' }, { sideColor: expect.objectContaining({ name: 'Windsor Grey', price: 48, metallic: true }) }],
    ['tethered 8.5m cable: £99', { cable: 'tethered_7kw_8_5m' }, { cable: expect.objectContaining({ name: '7kW with 8.5m cable', price: 99 }) }],
    ['premium 7kW installation: £200', { installation: 'premium_7kw' }, {
      withInstallation: true,
      installation: expect.objectContaining({ id: 'premium_7kw', longName: '7kW Premium installation (physical survey)', price: 200 }),
    }],
    ['surge on a 22kW cable: three phase £245', { cable: 'socket_22kw', surgeProtection: true }, {
      withSurgeProtection: true,
      surgeProtection: expect.objectContaining({ name: 'Surge Protection three phase', price: 245 }),
    }],
    ['surge on a 7kW cable: single phase £150', { surgeProtection: true }, {
      surgeProtection: expect.objectContaining({ name: 'Surge Protection single phase', price: 150 }),
    }],
    ['solar with installation: the second item £106', { advancedSolar: true, installation: 'premium_7kw' }, {
      withAdvancedSolar: true,
      advancedSolar: expect.objectContaining({ id: 'solar', price: 106 }),
    }],
    ['solar without installation: £46', { advancedSolar: true }, { advancedSolar: expect.objectContaining({ id: 'solar_ct', price: 46 }) }],
    ['renewable energy integration', { renewable: true }, { withRenewable: true, renewable: expect.objectContaining({ price: 97 }) }],
    ['hook on a tethered cable, plain colour: £49', { cable: 'tethered_7kw_5_5m', cableHook: true, hookColour: 'windsor_grey' }, {
      withCableHook: true,
      cableHook: expect.objectContaining({ name: 'Cable Hook', price: 49 }),
      cableHookColor: expect.objectContaining({ name: 'Windsor Grey', metallic: false }),
    }],
    ['hook in a metallic colour: £54', { cable: 'tethered_7kw_5_5m', cableHook: true, hookColour: 'nova_bronze' }, {
      cableHook: expect.objectContaining({ name: 'Cable hook (metallic finish)', price: 54 }),
      cableHookColor: expect.objectContaining({ name: 'Nova Bronze', metallic: true }),
    }],
    ['hook chosen on a socket: no hook (CHOICE-2)', { cableHook: true }, { withCableHook: false, cableHook: null, cableHookColor: null }],
    ['display: £88', { display: true }, { withDisplay: true, display: expect.objectContaining({ name: 'Digital display', price: 88 }) }],
    ['extended warranty: £121', { extendedWarranty: true }, {
      extendedWarranty: true,
      warranty: expect.objectContaining({ name: 'Extra 4 Year Warranty (7 years total)', price: 121 }),
    }],
    ['monthly plan', { paymentType: 'PAY_MONTHLY' }, {
      paymentType: 'PAY_MONTHLY',
      paymentPlan: expect.objectContaining({ id: 'PAY_MONTHLY', description: 'Easy pay over 36 monthly payments, then £1.00 per year' }),
    }],
  ])('%s', (_, changes, expected) => {
    expect(values(changes)).toMatchObject(expected);
  });

  it('names the partner discount matched from the e-mail domain (DISC-1)', () => {
    expect(values({}, 'driver@partner-one.example').discount).toEqual({
      id: 'partner',
      name: 'Partner Discount',
      value: 100,
      domains: ['partner-one.example', 'partner-two.example'],
    });
    expect(values({}, 'fan@sportscars.example').discount).toMatchObject({ value: 75 });
  });

  it('carries a chosen offer and the wizard steps', () => {
    const catalogue = { ...C, offers: [{ id: 'free_survey', name: 'Free survey' }] };
    const form: FormValues = { ...defaultFormValues(), wizardSteps: ['cable', 'installation'] };
    const result = specFormValues(catalogue, config({ offer: 'free_survey' }), form);
    expect(result).toMatchObject({ withOffer: true, offer: { id: 'free_survey', name: 'Free survey' }, wizardSteps: ['cable', 'installation'] });
  });

  it('copies the installation terms and the wizard steps rather than sharing them', () => {
    const form: FormValues = { ...defaultFormValues(), installationTerms: { premium_7kw: true }, wizardSteps: ['cable'] };
    const result = specFormValues(C, config(), form);
    form.installationTerms.premium_7kw = false;
    form.wizardSteps.push('installation');
    expect(result.installationTerms).toEqual({ premium_7kw: true });
    expect(result.wizardSteps).toEqual(['cable']);
  });
});
