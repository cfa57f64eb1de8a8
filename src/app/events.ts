import type { TotalsDetail } from '../domain/pricing';
import type { Configuration } from '../domain/configuration';
import type { Flow, StepName } from '../domain/wizard';
import type { EvcErrorDetail } from '../services/error-codes';

/** EVENT-1: every event is a CustomEvent with `bubbles: true, composed: true`. */
export type { EvcErrorDetail };

export interface EvcChangeDetail {
  configuration: Configuration;
  totals: TotalsDetail;
}
export interface EvcStepDetail {
  flow: Flow;
  step: StepName;
  index: number;
  count: number;
}
export interface EvcCheckoutDetail {
  cartId: string;
  checkoutUrl: string;
  totals: TotalsDetail;
}
export interface EvcRequestSentDetail {
  requestId: string;
}

export interface EvcEventMap {
  'evc-change': CustomEvent<EvcChangeDetail>;
  'evc-step': CustomEvent<EvcStepDetail>;
  'evc-checkout': CustomEvent<EvcCheckoutDetail>;
  'evc-request-sent': CustomEvent<EvcRequestSentDetail>;
  'evc-error': CustomEvent<EvcErrorDetail>;
}

type DetailOf<K extends keyof EvcEventMap> = EvcEventMap[K] extends CustomEvent<infer D> ? D : never;

/** Dispatches a contract event from the host element; returns false when a listener cancelled it. */
export function emit<K extends keyof EvcEventMap>(
  host: EventTarget,
  type: K,
  detail: DetailOf<K>,
  options: { cancelable?: boolean } = {},
): boolean {
  return host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false }));
}
