import type { Catalogue } from '../catalogue/schema';
import type { Configuration } from '../configuration';
import { hookApplies, isHighPower, withInstallation } from '../configuration';

/** The two wizards of the `mode` attribute (ATTR-1): ordering (checkout) and specification request. */
export type Flow = 'order' | 'spec-request';

/** What decides which steps apply, beyond the step the buyer is on. */
export interface NavigationContext {
  flow: Flow;
  catalogue: Catalogue;
  configuration: Configuration;
  smallScreen: boolean;
  offersAvailable: boolean;
  /** 22kW confirmation answered "continue" for the current cable (MOVE-7). */
  highPowerConfirmed: boolean;
}

/**
 * A step's record in the domain: its moves, when it applies (MOVE-2) and whether it hides Continue
 * (MOVE-8). The flows' lists below declare each step's id, once; its schema (domain/schemas/validate.ts)
 * and its label and form (ui/wizard/steps.tsx) are records keyed by these ids, so a step that lacks
 * one does not compile. They live apart so that schemas and forms stay out of the first load (docs/performance.md).
 */
export interface StepDefinition<Name extends string = StepName> {
  name: Name;
  applies: (ctx: NavigationContext) => boolean;
  hidesContinue?: (ctx: NavigationContext) => boolean;
}

/** A flow's steps in order; the first always applies, so the wizard always has somewhere to be. */
type FlowSteps<Name extends string> = readonly [StepDefinition<Name>, ...StepDefinition<Name>[]];

const always = () => true;

/** MOVE-7: a 22kW cable (tether or socket) on step 0 waits for the confirmation dialog's answer. */
export const awaitingHighPowerConfirmation = (ctx: NavigationContext) =>
  isHighPower(ctx.catalogue, ctx.configuration) && !ctx.highPowerConfirmed;

const installationIncluded = (ctx: NavigationContext) => withInstallation(ctx.catalogue, ctx.configuration);

const monthlyPlan = (ctx: NavigationContext) => ctx.configuration.paymentType === 'PAY_MONTHLY';

/**
 * STEP-1: the ordering flow's steps; step numbers are positions in this list.
 * MOVE-3 and MOVE-4 put the hook step right after extras: Continue from extras (3) moves two unless
 * the hook applies, and Back from the summary (5) without a hook moves two.
 * MOVE-5: with no installation and no monthly plan, Continue from payment goes to the contact
 * details and the flow ends there, because the offer needs installation and finance and direct
 * debit need the monthly plan (docs/decisions/continue-from-payment.md).
 */
const ORDER_STEPS = [
  { name: 'cable', applies: always, hidesContinue: awaitingHighPowerConfirmation },
  { name: 'installation', applies: always },
  { name: 'options', applies: always },
  { name: 'extras', applies: always },
  { name: 'hook', applies: (ctx) => hookApplies(ctx.catalogue, ctx.configuration) },
  { name: 'summary', applies: (ctx) => ctx.smallScreen },
  { name: 'payment', applies: always },
  { name: 'contact', applies: always },
  // MOVE-6: Continue on installation resets the offer, so an offer goes with installation.
  { name: 'offer', applies: (ctx) => ctx.offersAvailable && installationIncluded(ctx) },
  { name: 'finance', applies: monthlyPlan },
  { name: 'directDebit', applies: monthlyPlan },
] as const satisfies FlowSteps<string>;

export type OrderStepName = (typeof ORDER_STEPS)[number]['name'];

/**
 * STEP-2: the specification-request flow's steps 01-07; MOVE-2: the step count depends on whether
 * installation is included, which is step 05, the installation check.
 */
const SPEC_REQUEST_STEPS = [
  { name: 'email', applies: always },
  { name: 'cable', applies: always },
  { name: 'installation', applies: always },
  { name: 'extras', applies: always },
  { name: 'installCheck', applies: installationIncluded },
  { name: 'details', applies: always },
  // MOVE-8: Continue is hidden here.
  { name: 'submission', applies: always, hidesContinue: always },
] as const satisfies FlowSteps<string>;

export type SpecRequestStepName = (typeof SPEC_REQUEST_STEPS)[number]['name'];

export type StepName = OrderStepName | SpecRequestStepName;

export function stepsFor(flow: 'order'): FlowSteps<OrderStepName>;
export function stepsFor(flow: 'spec-request'): FlowSteps<SpecRequestStepName>;
export function stepsFor(flow: Flow): FlowSteps<StepName>;
export function stepsFor(flow: Flow): FlowSteps<StepName> {
  return flow === 'order' ? ORDER_STEPS : SPEC_REQUEST_STEPS;
}

/** A step's definition; a name from the other flow is a programming error. */
export function stepDefinition(flow: Flow, step: StepName): StepDefinition {
  const found = stepsFor(flow).find((definition) => definition.name === step);
  if (!found) throw new Error(`"${step}" is not a step of the ${flow} flow`);
  return found;
}

/** Where a step sits in its flow's full list, whether or not it applies. */
export const positionOf = (flow: Flow, step: StepName): number => stepsFor(flow).indexOf(stepDefinition(flow, step));
