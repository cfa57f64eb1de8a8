export type {
  Flow,
  NavigationContext,
  OrderStepName,
  SpecRequestStepName,
  StepDefinition,
  StepName,
} from './steps';
export { stepDefinition, stepsFor } from './steps';
export type { StepStatus } from './navigation';
export { normaliseStep, parseWalkedSteps, stepStatus } from './navigation';
export type { BackResult, NextResult } from './moves';
export { applicableSteps, back, next, stepCount, stepIndex, walkTo } from './moves';
export type { ContinueEffects } from './continue';
export { continueEffects, continueHidden, highPowerConfirmedEffects, needsHighPowerConfirmation } from './continue';
