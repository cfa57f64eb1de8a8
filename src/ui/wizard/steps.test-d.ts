import { expectTypeOf, test } from 'vitest';
import type { OrderStepName, SpecRequestStepName } from '../../domain/wizard';
import type { FlowStepParts, StepParts } from './steps';

test('STEP-1, STEP-2: each flow has parts for exactly its steps', () => {
  expectTypeOf<keyof FlowStepParts['order']>().toEqualTypeOf<OrderStepName>();
  expectTypeOf<keyof FlowStepParts['spec-request']>().toEqualTypeOf<SpecRequestStepName>();
});

declare const withoutDirectDebit: Omit<FlowStepParts['order'], 'directDebit'>;

test('a step without its label and form does not compile', () => {
  // @ts-expect-error the ordering flow's parts without the direct-debit step
  const _order: FlowStepParts['order'] = withoutDirectDebit;
  // @ts-expect-error a step's parts without its form
  const _parts: StepParts = { label: 'Direct debit' };
});
