import type * as v from 'valibot';
import { expectTypeOf, test } from 'vitest';
import type { PaymentType } from '../catalogue/schema';
import type { SpecFormValues } from '../spec-form';
import type { StepName } from '../wizard';
import type { ContactStepSchema, ExtrasStepSchema, PaymentStepSchema, financeStepSchema } from './ordering';
import type { StepValues } from './step-values';
import type { StepSchemas, validateStep } from './validate';

test('VALID-3 contact step: four text fields under the form names', () => {
  expectTypeOf<v.InferOutput<typeof ContactStepSchema>>().toEqualTypeOf<{
    'first-name': string;
    'last-name': string;
    email: string;
    tel: string;
  }>();
});

test('VALID-2 extras step: five booleans', () => {
  expectTypeOf<v.InferOutput<typeof ExtrasStepSchema>>().toEqualTypeOf<{
    withSurgeProtection: boolean;
    withAdvancedSolar: boolean;
    withDisplay: boolean;
    withCableHook: boolean;
    extendedWarranty: boolean;
  }>();
});

test('VALID-5 finance step: region and country optional, terms literally true', () => {
  type Finance = v.InferOutput<ReturnType<typeof financeStepSchema>>;
  // Left out, an optional answer is empty, as the direct-debit handler receives it.
  expectTypeOf<Finance['primaryRegion']>().toEqualTypeOf<string>();
  expectTypeOf<Finance['acceptedCreditCheck']>().toEqualTypeOf<true>();
});

test('VALID-7 payment step: one of the CAT-7 plans', () => {
  expectTypeOf<v.InferOutput<typeof PaymentStepSchema>['paymentType']>().toEqualTypeOf<PaymentType>();
});

test('validateStep takes the wizard step names and the spec form values', () => {
  expectTypeOf<Parameters<typeof validateStep>[0]>().toEqualTypeOf<StepName>();
  expectTypeOf<SpecFormValues>().toExtend<StepValues>();
  expectTypeOf<SpecFormValues>().not.toHaveProperty('dob');
});

declare const withoutHook: Omit<StepSchemas, 'hook'>;

test('VALID-1..8: a step without its schema does not compile', () => {
  // @ts-expect-error the schemas without the hook step's
  const _schemas: StepSchemas = withoutHook;
});
