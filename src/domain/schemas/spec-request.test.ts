import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CableStepSchema, EmailStepSchema } from './spec-request';
import { validateValues } from './validate';

type Case = [string, Record<string, unknown>, Record<string, string>];

const check = (schema: v.GenericSchema) => (_: string, values: Record<string, unknown>, errors: Record<string, string>) => {
  expect(validateValues(schema, values)).toEqual({ valid: Object.keys(errors).length === 0, errors });
};

describe('e-mail-only form, spec-request step 01 (spec §5)', () => {
  it.each<Case>([
    ['valid e-mail', { email: 'driver@partner-one.example' }, {}],
    ['empty', { email: '' }, { email: 'E-mail address is a required field' }],
    ['left out', {}, { email: 'E-mail address is a required field' }],
    ['not an e-mail', { email: 'driver' }, { email: 'E-mail address must be a valid email' }],
  ])('%s', check(EmailStepSchema));
});

describe('spec-request step 02, Power & Cable', () => {
  it.each<Case>([
    ['a cable chosen', { cable: { id: 'tethered_7kw_8_5m', name: '7kW with 8.5m cable', price: 99 } }, {}],
    ['none chosen', { cable: null }, { cable: 'Cable option must be selected' }],
    ['left out', {}, { cable: 'Cable option must be selected' }],
  ])('%s', check(CableStepSchema));
});
