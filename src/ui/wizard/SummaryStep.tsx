import { OrderSummary } from '../OrderSummary';
import type { StepProps } from './types';

/** STEP-9, small screens only: the full running order summary. */
export function SummaryStep(_props: StepProps) {
  return <OrderSummary />;
}
