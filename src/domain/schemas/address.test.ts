import { describe, expect, it } from 'vitest';
import { AddressSchema } from './address';
import { validateValues } from './validate';

describe('address form (VALID-10)', () => {
  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['complete', { street: '1 High Street', city: 'Leeds', postcode: 'LS1 4AP' }, {}],
    ['all empty', { street: '', city: '', postcode: '' }, {
      street: 'Street is required',
      city: 'City is required',
      postcode: 'Postcode is required',
    }],
    ['blank city', { street: '1 High Street', city: '  ', postcode: 'LS1 4AP' }, { city: 'City is required' }],
    ['postcode left out', { street: '1 High Street', city: 'Leeds' }, { postcode: 'Postcode is required' }],
  ])('%s', (_, values, errors) => {
    expect(validateValues(AddressSchema, values)).toEqual({ valid: Object.keys(errors).length === 0, errors });
  });
});
