import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { StepName } from '../wizard';
import { validateStep, validateValues } from './validate';

const today = new Date(2026, 5, 15);

const contactErrors = {
  'first-name': 'First name is a required field',
  'last-name': 'Last name is a required field',
  email: 'E-mail address is a required field',
  tel: 'Phone number is a required field',
};
const extrasErrors = {
  withSurgeProtection: 'Surge protection option must be selected',
  withAdvancedSolar: 'Solar option must be selected',
  withDisplay: 'Display option must be selected',
  withCableHook: 'Cable Hook option must be selected',
  extendedWarranty: 'Display option must be selected',
};

describe('validateStep: each step of both flows with nothing filled in (VALID-1..8)', () => {
  it.each<[StepName, Record<string, string>]>([
    ['cable', { cable: 'Cable option must be selected' }],
    ['installation', { withInstallation: 'Installation option must be selected', installation: 'Installation option must be selected' }],
    ['options', extrasErrors],
    ['extras', extrasErrors],
    ['hook', { withCableHook: 'Cable Hook option must be selected' }],
    ['summary', {}],
    ['payment', { paymentType: 'Payment type is a required field' }],
    ['contact', contactErrors],
    ['offer', { withOffer: 'Offer option must be selected' }],
    ['finance', {
      title: 'Title is a required field',
      legalName: 'Legal name is a required field',
      primaryAddress1: 'Address line 1 is a required field',
      primaryCity: 'City is a required field',
      primaryPostcode: 'Postcode is a required field',
      dob: 'Date of birth is a required field',
      gender: 'Gender is a required field',
      acceptedMonthlyPaymentTerms: 'You must accept the monthly payment terms to continue.',
      acceptedCreditCheck: 'You must accept the credit check terms to continue.',
    }],
    ['directDebit', {
      goCardlessMandateComplete: 'You must complete the GoCardless form to continue.',
      goCardlessFlowId: 'You must complete the GoCardless form to continue.',
    }],
    ['email', { orderEmail: 'E-mail address is a required field' }],
    ['installCheck', {}],
    ['details', contactErrors],
    ['submission', {}],
  ])('%s', (step, errors) => {
    expect(validateStep(step, {}, { today })).toEqual({ valid: Object.keys(errors).length === 0, errors });
  });
});

describe('validateStep details', () => {
  it('keeps the first message of a field: an empty e-mail is required, not badly formed', () => {
    const result = validateStep('email', { orderEmail: '' }, { today });
    expect(result.errors).toEqual({ orderEmail: 'E-mail address is a required field' });
  });

  it('checks the finance age against the given today', () => {
    const values = {
      title: 'Ms',
      legalName: 'Jo Bloggs',
      primaryAddress1: '2 Mill Lane',
      primaryCity: 'York',
      primaryPostcode: 'YO1 7HH',
      dob: '2008-06-16',
      gender: 'Female',
      acceptedMonthlyPaymentTerms: true,
      acceptedCreditCheck: true,
    };
    expect(validateStep('finance', values, { today })).toEqual({ valid: false, errors: { dob: 'You must be 18 or over to apply' } });
    expect(validateStep('finance', values, { today: new Date(2026, 5, 16) })).toEqual({ valid: true, errors: {} });
  });

  it('ignores fields other steps own', () => {
    expect(validateStep('offer', { withOffer: false, email: 'not an e-mail' }, { today })).toEqual({ valid: true, errors: {} });
  });
});

describe('validateValues', () => {
  it('files a nested problem under its top-level field', () => {
    const schema = v.object({ cable: v.object({ id: v.string('Cable option must be selected') }) });
    expect(validateValues(schema, { cable: { id: 7 } })).toEqual({ valid: false, errors: { cable: 'Cable option must be selected' } });
  });
});
