import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CableStepSchema, EmailStepSchema } from './spec-request';
import { validateValues } from './validate';

type Case = [string, Record<string, unknown>, Record<string, string>];

const check = (schema: v.GenericSchema) => (_: string, values: Record<string, unknown>, errors: Record<string, string>) => {
  expect(validateValues(schema, values)).toEqual({ valid: Object.keys(errors).length === 0, errors });
};

describe('e-mail-only form, spec-request step 01 (VALID-8): the order e-mail', () => {
  it.each<Case>([
    ['valid e-mail', { orderEmail: 'driver@partner-one.example' }, {}],
    ['empty', { orderEmail: '' }, { orderEmail: 'E-mail address is a required field' }],
    ['left out', {}, { orderEmail: 'E-mail address is a required field' }],
    ['not an e-mail', { orderEmail: 'driver' }, { orderEmail: 'E-mail address must be a valid email' }],
    ["step 06's contact e-mail does not answer it", { email: 'driver@partner-one.example' }, { orderEmail: 'E-mail address is a required field' }],
  ])('%s', check(EmailStepSchema));
});

describe('spec-request step 02, Power & Cable', () => {
  it.each<Case>([
    ['a cable chosen', { cable: { id: 'tethered_7kw_8_5m', name: '7kW with 8.5m cable', price: 99 } }, {}],
    ['none chosen', { cable: null }, { cable: 'Cable option must be selected' }],
    ['left out', {}, { cable: 'Cable option must be selected' }],
  ])('%s', check(CableStepSchema));
});
