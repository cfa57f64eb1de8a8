export type {
  Flow,
  NavigationContext,
  OrderStepName,
  SpecRequestStepName,
  StepDefinition,
  StepName,
} from './steps';
export { stepDefinition, stepsFor } from './steps';
export type { BackResult, NextResult, StepStatus } from './navigation';
export { applicableSteps, back, next, normaliseStep, parseWalkedSteps, stepCount, stepIndex, stepStatus, walkTo } from './navigation';
export type { ContinueEffects } from './continue';
export { continueEffects, continueHidden, highPowerConfirmedEffects, needsHighPowerConfirmation } from './continue';
