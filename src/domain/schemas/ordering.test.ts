import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ContactStepSchema,
  DirectDebitStepSchema,
  ExtrasStepSchema,
  HookStepSchema,
  InstallationStepSchema,
  OfferStepSchema,
  PaymentStepSchema,
  financeStepSchema,
} from './ordering';
import { validateValues } from './validate';

type Case = [string, Record<string, unknown>, Record<string, string>];

const check = (schema: v.GenericSchema) => (_: string, values: Record<string, unknown>, errors: Record<string, string>) => {
  expect(validateValues(schema, values)).toEqual({ valid: Object.keys(errors).length === 0, errors });
};

describe('installation step (VALID-1)', () => {
  const premium = { withInstallation: true, installation: { id: 'premium_7kw' } };
  it.each<Case>([
    ['installation with its terms accepted', { ...premium, installationTerms: { premium_7kw: true } }, {}],
    ['no installation with its terms accepted', { withInstallation: false, installation: { id: 'no_install' }, installationTerms: { no_install: true } }, {}],
    ['nothing answered: no variant, so no terms to ask for yet', {}, {
      withInstallation: 'Installation option must be selected',
      installation: 'Installation option must be selected',
    }],
    ['withInstallation not a boolean', { ...premium, withInstallation: 'yes', installationTerms: { premium_7kw: true } }, {
      withInstallation: 'Installation option must be selected',
    }],
    ['terms not given', premium, { installationTerms: 'Must accept terms & conditions' }],
    ['terms declined', { ...premium, installationTerms: { premium_7kw: false } }, { installationTerms: 'Must accept terms & conditions' }],
    ['only another variant accepted', { ...premium, installationTerms: { standard_7kw: true } }, { installationTerms: 'Must accept terms & conditions' }],
    ['terms shown even while withInstallation is unanswered', { installation: { id: 'premium_7kw' }, installationTerms: {} }, {
      withInstallation: 'Installation option must be selected',
      installationTerms: 'Must accept terms & conditions',
    }],
  ])('%s', check(InstallationStepSchema));
});

describe('extras step (VALID-2)', () => {
  const all = { withSurgeProtection: false, withAdvancedSolar: true, withDisplay: false, withCableHook: true, extendedWarranty: false };
  it.each<Case>([
    ['every extra answered', all, {}],
    ['nothing answered', {}, {
      withSurgeProtection: 'Surge protection option must be selected',
      withAdvancedSolar: 'Solar option must be selected',
      withDisplay: 'Display option must be selected',
      withCableHook: 'Cable Hook option must be selected',
      extendedWarranty: 'Display option must be selected',
    }],
    ['warranty left out', { ...all, extendedWarranty: undefined }, { extendedWarranty: 'Display option must be selected' }],
    ['surge not a boolean', { ...all, withSurgeProtection: 'no' }, { withSurgeProtection: 'Surge protection option must be selected' }],
  ])('%s', check(ExtrasStepSchema));
});

describe('cable hook step (VALID-2 hook message)', () => {
  it.each<Case>([
    ['hook answered', { withCableHook: false }, {}],
    ['hook unanswered', {}, { withCableHook: 'Cable Hook option must be selected' }],
  ])('%s', check(HookStepSchema));
});

describe('contact step (VALID-3)', () => {
  const filled = { 'first-name': 'Ann', 'last-name': 'Lee', email: 'ann@example.com', tel: '07700 900123' };
  it.each<Case>([
    ['all filled', filled, {}],
    ['international phone', { ...filled, tel: '+44 7700 900123' }, {}],
    ['all empty', { 'first-name': '', 'last-name': '', email: '', tel: '' }, {
      'first-name': 'First name is a required field',
      'last-name': 'Last name is a required field',
      email: 'E-mail address is a required field',
      tel: 'Phone number is a required field',
    }],
    ['names only spaces', { ...filled, 'first-name': '  ', 'last-name': ' ' }, {
      'first-name': 'First name is a required field',
      'last-name': 'Last name is a required field',
    }],
    ['bad e-mail', { ...filled, email: 'ann.example.com' }, { email: 'E-mail address must be a valid email' }],
    ['bad phone', { ...filled, tel: '555-0147' }, { tel: 'Phone number must be a valid UK phone number' }],
  ])('%s', check(ContactStepSchema));
});

describe('offer step (VALID-4)', () => {
  it.each<Case>([
    ['offer taken', { withOffer: true }, {}],
    ['offer declined', { withOffer: false }, {}],
    ['unanswered', {}, { withOffer: 'Offer option must be selected' }],
  ])('%s', check(OfferStepSchema));
});

describe('finance step (VALID-5)', () => {
  const today = new Date(2026, 5, 15);
  const filled = {
    title: 'Mr',
    legalName: 'Andrew Lee',
    primaryAddress1: '1 High Street',
    primaryCity: 'Leeds',
    primaryPostcode: 'LS1 4AP',
    dob: '1990-05-17',
    gender: 'Male',
    acceptedMonthlyPaymentTerms: true,
    acceptedCreditCheck: true,
  };
  it.each<Case>([
    ['all filled, region and country left out', filled, {}],
    ['with region and country', { ...filled, primaryRegion: 'West Yorkshire', primaryCountry: 'United Kingdom' }, {}],
    ['region and country empty', { ...filled, primaryRegion: '', primaryCountry: '' }, {}],
    ['nothing filled', {}, {
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
    ['terms not ticked', { ...filled, acceptedMonthlyPaymentTerms: false, acceptedCreditCheck: false }, {
      acceptedMonthlyPaymentTerms: 'You must accept the monthly payment terms to continue.',
      acceptedCreditCheck: 'You must accept the credit check terms to continue.',
    }],
    ['postcode not a UK one', { ...filled, primaryPostcode: 'LS1' }, { primaryPostcode: 'Postcode must be a valid UK postcode' }],
    ['date of birth not a date', { ...filled, dob: '1990-02-30' }, { dob: 'Date of birth must be a valid date' }],
    ['under 18 by a day', { ...filled, dob: '2008-06-16' }, { dob: 'You must be 18 or over to apply' }],
    ['18 today', { ...filled, dob: '2008-06-15' }, {}],
  ])('%s', check(financeStepSchema(today)));
});

describe('direct debit step (VALID-6)', () => {
  it.each<Case>([
    ['mandate complete with a flow id', { goCardlessMandateComplete: true, goCardlessFlowId: 'BRF123' }, {}],
    ['nothing yet', { goCardlessMandateComplete: false, goCardlessFlowId: '' }, {
      goCardlessMandateComplete: 'You must complete the GoCardless form to continue.',
      goCardlessFlowId: 'You must complete the GoCardless form to continue.',
    }],
    ['flow id missing', { goCardlessMandateComplete: true }, { goCardlessFlowId: 'You must complete the GoCardless form to continue.' }],
  ])('%s', check(DirectDebitStepSchema));
});

describe('payment step (VALID-7, plans of CAT-7)', () => {
  const NOTHING_MONTHLY = 'Nothing on this order is paid monthly: choose pay in full or pay in 3';
  it.each<Case>([
    ['PAY_NOW', { paymentType: 'PAY_NOW' }, {}],
    ['PAY_PAYPAL', { paymentType: 'PAY_PAYPAL' }, {}],
    ['PAY_MONTHLY with £35.75 a month', { paymentType: 'PAY_MONTHLY', monthlyPayment: 3575 }, {}],
    ['PAY_MONTHLY with nothing paid monthly', { paymentType: 'PAY_MONTHLY', monthlyPayment: 0 }, { paymentType: NOTHING_MONTHLY }],
    ['PAY_MONTHLY with the monthly payment unknown', { paymentType: 'PAY_MONTHLY' }, { paymentType: NOTHING_MONTHLY }],
    ['PAY_NOW with nothing paid monthly', { paymentType: 'PAY_NOW', monthlyPayment: 0 }, {}],
    ['PAY_PAYPAL with nothing paid monthly', { paymentType: 'PAY_PAYPAL', monthlyPayment: 0 }, {}],
    ['none chosen', { paymentType: null }, { paymentType: 'Payment type is a required field' }],
    ['left out', {}, { paymentType: 'Payment type is a required field' }],
    ['unknown plan', { paymentType: 'PAY_LATER' }, { paymentType: 'Payment type is a required field' }],
  ])('%s', check(PaymentStepSchema));
});
