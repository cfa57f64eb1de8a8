import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE as C } from '../catalogue/uk';
import type { Configuration } from '../configuration';
import { defaultConfiguration } from '../configuration';
import { defaultFormValues } from '../forms';
import { specFormValues } from '../spec-form';
import { stepValues } from './step-values';
import { validateStep } from './validate';

const today = new Date(2026, 5, 15);
const config = (changes: Partial<Configuration> = {}): Configuration => ({ ...defaultConfiguration(C), ...changes });

describe('stepValues (LEAD-2 form values as the steps check them)', () => {
  it('is the spec form values plus the date of birth and the order e-mail', () => {
    const form = { ...defaultFormValues(), dob: '1990-05-17', orderEmail: 'a@lease.example' };
    expect(stepValues(C, config(), form)).toEqual({ ...specFormValues(C, config(), form), dob: '1990-05-17', orderEmail: 'a@lease.example', monthlyPayment: 0 });
  });

  it('carries the monthly payment of the configuration, in pence (PRICE-5: display £3.00)', () => {
    expect(stepValues(C, config({ display: true }), defaultFormValues()).monthlyPayment).toBe(300);
  });

  it('answers the choice steps from the configuration', () => {
    const values = stepValues(C, config(), defaultFormValues());
    for (const step of ['cable', 'options', 'extras', 'hook', 'offer'] as const) {
      expect(validateStep(step, values, { today }), step).toEqual({ valid: true, errors: {} });
    }
  });

  it('asks for the selected installation variant’s terms (VALID-1)', () => {
    const form = defaultFormValues();
    expect(validateStep('installation', stepValues(C, config({ installation: 'premium_7kw' }), form), { today })).toEqual({
      valid: false,
      errors: { installationTerms: 'Must accept terms & conditions' },
    });
    const accepted = { ...form, installationTerms: { premium_7kw: true } };
    expect(validateStep('installation', stepValues(C, config({ installation: 'premium_7kw' }), accepted), { today }).valid).toBe(true);
    expect(validateStep('installation', stepValues(C, config({ installation: 'standard_7kw' }), accepted), { today }).valid).toBe(false);
  });

  it('needs a payment type once the buyer reaches payment (VALID-7)', () => {
    const form = defaultFormValues();
    expect(validateStep('payment', stepValues(C, config(), form), { today }).errors).toEqual({
      paymentType: 'Payment type is a required field',
    });
    expect(validateStep('payment', stepValues(C, config({ paymentType: 'PAY_MONTHLY', display: true }), form), { today }).valid).toBe(true);
  });

  it('refuses a chosen or saved monthly plan when nothing on the order is paid monthly', () => {
    const form = defaultFormValues();
    expect(validateStep('payment', stepValues(C, config({ paymentType: 'PAY_MONTHLY' }), form), { today })).toEqual({
      valid: false,
      errors: { paymentType: 'Nothing on this order is paid monthly: choose pay in full or pay in 3' },
    });
    expect(validateStep('payment', stepValues(C, config({ paymentType: 'PAY_PAYPAL' }), form), { today }).valid).toBe(true);
  });

  it('leaves title and gender answered by their defaults on the finance step', () => {
    const { errors } = validateStep('finance', stepValues(C, config(), defaultFormValues()), { today });
    expect(errors).not.toHaveProperty('title');
    expect(errors).not.toHaveProperty('gender');
    expect(errors).toHaveProperty('dob', 'Date of birth is a required field');
  });
});
