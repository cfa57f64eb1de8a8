import type { NavigationContext, StepName } from './steps';
import { awaitingHighPowerConfirmation, stepDefinition } from './steps';

/** What the store does besides moving, as data so the rules stay testable without I/O. */
export interface ContinueEffects {
  /** MOVE-6: Continue on step 1 (installation) resets the chosen offer to none. */
  resetOffer: boolean;
  /** MOVE-6, CART-7: Continue on step 0 (cable) fetches product details (installation names, images). */
  fetchProductDetails: boolean;
}

/** MOVE-8: some steps hide Continue: the 22kW gate and the submission step. */
export function continueHidden(ctx: NavigationContext, current: StepName): boolean {
  return stepDefinition(ctx.flow, current).hidesContinue?.(ctx) ?? false;
}

/**
 * MOVE-7: choosing a 22kW cable on step 0 shows a confirmation dialog (continue or go back).
 * The specification states it for the ordering flow only; the specification-request flow has none.
 */
export function needsHighPowerConfirmation(ctx: NavigationContext, current: StepName): boolean {
  return ctx.flow === 'order' && current === 'cable' && awaitingHighPowerConfirmation(ctx);
}

/** MOVE-6: the side effects of Continue on `current`; both belong to the ordering flow. */
export function continueEffects(ctx: NavigationContext, current: StepName): ContinueEffects {
  const ordering = ctx.flow === 'order';
  return {
    resetOffer: ordering && current === 'installation',
    fetchProductDetails: ordering && current === 'cable',
  };
}

/** MOVE-7: the product query also runs when the 22kW dialog is confirmed. */
export function highPowerConfirmedEffects(ctx: NavigationContext): ContinueEffects {
  return { resetOffer: false, fetchProductDetails: ctx.flow === 'order' };
}
