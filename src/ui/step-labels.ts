import type { Flow, StepName } from '../domain/wizard';
import { stepDefinition } from '../domain/wizard';

/** Short names for the step indicator; the steps' own titles where they have them (STEP-2). */
const LABELS: Record<Flow, Partial<Record<StepName, string>>> = {
  order: {
    cable: 'Power & cable',
    installation: 'Installation',
    options: 'Options',
    extras: 'Extras',
    hook: 'Cable hook colour',
    summary: 'Price summary',
    payment: 'Payment',
    contact: 'Contact details',
    offer: 'Offer',
    finance: 'Finance',
    directDebit: 'Direct debit',
  },
  'spec-request': {
    email: 'E-mail',
    cable: 'Power & Cable',
    installation: 'Install',
    extras: 'Extras',
    installCheck: 'Installation check',
    details: 'Details',
    submission: 'Submission',
  },
};

export function stepLabel(flow: Flow, step: StepName): string {
  return LABELS[flow][step] ?? step;
}

/** The heading of a step's form: the spec's title where given, else its label. */
export function stepTitle(flow: Flow, step: StepName): string {
  return stepDefinition(flow, step).title ?? stepLabel(flow, step);
}
