import type { Flow, NavigationContext, StepName } from './steps';
import { positionOf, stepsFor } from './steps';

/** Continue either lands on a step or runs past the last one (ordering flow: checkout). */
export type NextResult = { type: 'step'; step: StepName } | { type: 'finish' };

/** Back either lands on a step or, from the first one, closes the wizard (spec §4). */
export type BackResult = { type: 'step'; step: StepName } | { type: 'close' };

export type StepStatus = 'complete' | 'current' | 'upcoming';

const applicable = (ctx: NavigationContext) => stepsFor(ctx.flow).filter((definition) => definition.applies(ctx));

/** The steps the buyer walks through now, in order (the step indicator's list). */
export function applicableSteps(ctx: NavigationContext): StepName[] {
  return applicable(ctx).map((definition) => definition.name);
}

/**
 * The nearest applicable step at or before `current`, for when a changed choice removes the step
 * the buyer is on (e.g. the hook unticked while on the hook colour). The first step always applies.
 */
export function normaliseStep(ctx: NavigationContext, current: StepName): StepName {
  const steps = stepsFor(ctx.flow);
  const atOrBefore = steps.slice(0, positionOf(ctx.flow, current) + 1).findLast((definition) => definition.applies(ctx));
  return (atOrBefore ?? steps[0]).name;
}

/** Zero-based place among the applicable steps ('Step N of M' shows N = index + 1). */
export function stepIndex(ctx: NavigationContext, step: StepName): number {
  return applicableSteps(ctx).indexOf(normaliseStep(ctx, step));
}

/** Spec §4 (specification-request): the step count depends on whether installation is included. */
export function stepCount(ctx: NavigationContext): number {
  return applicable(ctx).length;
}

/** Spec §4: each step is upcoming, current or complete by position relative to the current step. */
export function stepStatus(ctx: NavigationContext, current: StepName, step: StepName): StepStatus {
  const difference = positionOf(ctx.flow, step) - positionOf(ctx.flow, current);
  if (difference < 0) return 'complete';
  return difference === 0 ? 'current' : 'upcoming';
}

/** Spec §4: Continue moves to the next applicable step; the §4 skips follow from the predicates. */
export function next(ctx: NavigationContext, current: StepName): NextResult {
  const following = stepsFor(ctx.flow)
    .slice(positionOf(ctx.flow, current) + 1)
    .find((definition) => definition.applies(ctx));
  return following ? { type: 'step', step: following.name } : { type: 'finish' };
}

/** Spec §4: Back moves to the previous applicable step; Back on step 0 closes the wizard. */
export function back(ctx: NavigationContext, current: StepName): BackResult {
  const previous = stepsFor(ctx.flow)
    .slice(0, positionOf(ctx.flow, current))
    .findLast((definition) => definition.applies(ctx));
  return previous ? { type: 'step', step: previous.name } : { type: 'close' };
}

/**
 * Spec §3 `wizardSteps`: the path that led to `step`. Arriving at a step keeps the walked steps
 * before it in the flow and appends it, so steps gone back over drop out of the path.
 */
export function walkTo(flow: Flow, walked: readonly StepName[], step: StepName): StepName[] {
  const at = positionOf(flow, step);
  return [...walked.filter((name) => positionOf(flow, name) < at), step];
}

/** A saved `wizardSteps`: this flow's step names in flow order, each once; anything else is no path at all. */
export function parseWalkedSteps(flow: Flow, value: unknown): StepName[] {
  if (!Array.isArray(value)) return [];
  const names = stepsFor(flow).map((definition) => definition.name as string);
  const positions = value.map((name) => (typeof name === 'string' ? names.indexOf(name) : -1));
  const ordered = positions.every((position, index) => position >= 0 && (index === 0 || position > positions[index - 1]!));
  return ordered ? (value as StepName[]) : [];
}
