import type { EvcEventMap } from '../app/events';

/** The contract's events (EVENT-1..7), fired from the element by its app (app/events.ts). */
export type { EvcChangeDetail, EvcCheckoutDetail, EvcErrorDetail, EvcEventMap, EvcRequestSentDetail, EvcStepDetail } from '../app/events';

declare global {
  // Typed listeners for host pages: el.addEventListener('evc-change', (e) => e.detail.totals).
  interface HTMLElementEventMap extends EvcEventMap {}
  // The events bubble out of the shadow root, so page-level listeners are typed too.
  interface DocumentEventMap extends EvcEventMap {}
  interface WindowEventMap extends EvcEventMap {}
}
