import { expectTypeOf, test } from 'vitest';
import type { OrderStepName, SpecRequestStepName } from './steps';

// The step ids come from the flows' lists; were they to widen to string, every record keyed by them
// (schemas, labels, forms) would accept a missing step.
test('STEP-1, STEP-2: the step ids are the names in each flow list', () => {
  expectTypeOf<OrderStepName>().toEqualTypeOf<
    'cable' | 'installation' | 'options' | 'extras' | 'hook' | 'summary' | 'payment' | 'contact' | 'offer' | 'finance' | 'directDebit'
  >();
  expectTypeOf<SpecRequestStepName>().toEqualTypeOf<'email' | 'cable' | 'installation' | 'extras' | 'installCheck' | 'details' | 'submission'>();
});
