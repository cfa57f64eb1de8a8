import type { Flow, NavigationContext, StepName } from './steps';
import { positionOf, stepsFor } from './steps';
import { normaliseStep } from './navigation';

/**
 * The wizard's moves and its step indicator (MOVE-1..13): only the wizard's file needs them, so they
 * are a module of their own beside navigation.ts, which the page needs too.
 */

/**
 * MOVE-10 `wizardSteps`: the path that led to `step`. Arriving at a step keeps the walked steps
 * before it in the flow and appends it, so steps gone back over drop out of the path.
 */
export function walkTo(flow: Flow, walked: readonly StepName[], step: StepName): StepName[] {
  const at = positionOf(flow, step);
  return [...walked.filter((name) => positionOf(flow, name) < at), step];
}

/** Continue either lands on a step or runs past the last one (ordering flow: checkout). */
export type NextResult = { type: 'step'; step: StepName } | { type: 'finish' };

/** Back either lands on a step or, from the first one, closes the wizard (MOVE-4). */
export type BackResult = { type: 'step'; step: StepName } | { type: 'close' };

const applicable = (ctx: NavigationContext) => stepsFor(ctx.flow).filter((definition) => definition.applies(ctx));

/** The steps the buyer walks through now, in order (the step indicator's list). */
export function applicableSteps(ctx: NavigationContext): StepName[] {
  return applicable(ctx).map((definition) => definition.name);
}

/** Zero-based place among the applicable steps ('Step N of M' shows N = index + 1). */
export function stepIndex(ctx: NavigationContext, step: StepName): number {
  return applicableSteps(ctx).indexOf(normaliseStep(ctx, step));
}

/** MOVE-2: the step count depends on whether installation is included. */
export function stepCount(ctx: NavigationContext): number {
  return applicable(ctx).length;
}

/** MOVE-2: Continue moves to the next applicable step; MOVE-3's skip follows from the predicates. */
export function next(ctx: NavigationContext, current: StepName): NextResult {
  const following = stepsFor(ctx.flow)
    .slice(positionOf(ctx.flow, current) + 1)
    .find((definition) => definition.applies(ctx));
  return following ? { type: 'step', step: following.name } : { type: 'finish' };
}

/** MOVE-4: Back moves to the previous applicable step; Back on step 0 closes the wizard. */
export function back(ctx: NavigationContext, current: StepName): BackResult {
  const previous = stepsFor(ctx.flow)
    .slice(0, positionOf(ctx.flow, current))
    .findLast((definition) => definition.applies(ctx));
  return previous ? { type: 'step', step: previous.name } : { type: 'close' };
}
