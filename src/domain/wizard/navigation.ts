import type { Flow, NavigationContext, StepName } from './steps';
import { positionOf, stepsFor } from './steps';

/**
 * Where the buyer is among the steps, which the page needs too (its saved step, the preview's
 * progress); the wizard's own moves are in moves.ts.
 */

export type StepStatus = 'complete' | 'current' | 'upcoming';

/**
 * The nearest applicable step at or before `current`, for when a changed choice removes the step
 * the buyer is on (e.g. the hook unticked while on the hook colour). The first step always applies.
 */
export function normaliseStep(ctx: NavigationContext, current: StepName): StepName {
  const steps = stepsFor(ctx.flow);
  const atOrBefore = steps.slice(0, positionOf(ctx.flow, current) + 1).findLast((definition) => definition.applies(ctx));
  return (atOrBefore ?? steps[0]).name;
}

/** MOVE-1: each step is upcoming, current or complete by position relative to the current step. */
export function stepStatus(ctx: NavigationContext, current: StepName, step: StepName): StepStatus {
  const difference = positionOf(ctx.flow, step) - positionOf(ctx.flow, current);
  if (difference < 0) return 'complete';
  return difference === 0 ? 'current' : 'upcoming';
}

/** A saved `wizardSteps`: this flow's step names in flow order, each once; anything else is no path at all. */
export function parseWalkedSteps(flow: Flow, value: unknown): StepName[] {
  if (!Array.isArray(value)) return [];
  const names = stepsFor(flow).map((definition) => definition.name as string);
  const positions = value.map((name) => (typeof name === 'string' ? names.indexOf(name) : -1));
  const ordered = positions.every((position, index) => position >= 0 && (index === 0 || position > positions[index - 1]!));
  return ordered ? (value as StepName[]) : [];
}
