import { OrderSummary } from '../OrderSummary';
import type { StepProps } from './types';

/** Spec §2 step 4 "price summary on small screens": the full running order summary. */
export function SummaryStep(_props: StepProps) {
  return <OrderSummary />;
}
