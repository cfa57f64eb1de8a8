import type { ComponentType } from 'react';
import type { Flow, OrderStepName, SpecRequestStepName, StepName } from '../../domain/wizard';
import { CableStep } from './CableStep';
import { ContactStep } from './ContactStep';
import { DirectDebitStep } from './DirectDebitStep';
import { EmailStep } from './EmailStep';
import { ExtrasStep } from './ExtrasStep';
import { FinanceStep } from './FinanceStep';
import { HookStep } from './HookStep';
import { InstallationStep } from './InstallationStep';
import { OfferStep } from './OfferStep';
import { OptionsStep } from './OptionsStep';
import { PaymentStep } from './PaymentStep';
import { DetailsStep } from './spec-request/DetailsStep';
import { InstallCheckStep } from './spec-request/InstallCheckStep';
import { SpecCableStep } from './spec-request/SpecCableStep';
import { SpecExtrasStep } from './spec-request/SpecExtrasStep';
import { SpecRequestProblems } from './spec-request/SpecRequestProblems';
import { SubmissionStep } from './spec-request/SubmissionStep';
import { SummaryStep } from './SummaryStep';
import type { StepProps } from './types';

/** A step's record in the ui: its short name in the step indicator (STEP-3), its heading and its form. */
export interface StepParts {
  label: string;
  /** The heading of the step's form where the step has its own (STEP-2); else the label. */
  title?: string;
  Form: ComponentType<StepProps>;
}

/** Every step of each flow (the ids of domain/wizard/steps.ts) with its parts: a step without them does not compile. */
export interface FlowStepParts {
  order: Record<OrderStepName, StepParts>;
  'spec-request': Record<SpecRequestStepName, StepParts>;
}

/** The flows share some step ids, each with its own label and form: the flow picks the set. */
const STEPS: FlowStepParts = {
  // STEP-1
  order: {
    cable: { label: 'Power & cable', Form: CableStep },
    installation: { label: 'Installation', Form: InstallationStep },
    options: { label: 'Options', Form: OptionsStep },
    extras: { label: 'Extras', Form: ExtrasStep },
    hook: { label: 'Cable hook colour', Form: HookStep },
    summary: { label: 'Price summary', Form: SummaryStep },
    payment: { label: 'Payment', Form: PaymentStep },
    contact: { label: 'Contact details', Form: ContactStep },
    offer: { label: 'Offer', Form: OfferStep },
    finance: { label: 'Finance', Form: FinanceStep },
    directDebit: { label: 'Direct debit', Form: DirectDebitStep },
  },
  // STEP-2
  'spec-request': {
    email: { label: 'E-mail', Form: EmailStep },
    cable: { label: 'Power & Cable', title: 'Select Power & Cable Length', Form: SpecCableStep },
    installation: { label: 'Install', title: 'Select Installation', Form: InstallationStep },
    extras: { label: 'Extras', title: 'Select Your Extras', Form: SpecExtrasStep },
    installCheck: { label: 'Installation check', Form: InstallCheckStep },
    details: { label: 'Details', Form: DetailsStep },
    submission: { label: 'Submission', Form: SubmissionStep },
  },
};

/** A step's parts; a name from the other flow is a programming error, as in the domain's step list. */
function partsOf(flow: Flow, step: StepName): StepParts {
  const steps: Partial<Record<StepName, StepParts>> = STEPS[flow];
  const found = steps[step];
  if (!found) throw new Error(`"${step}" is not a step of the ${flow} flow`);
  return found;
}

export const stepLabel = (flow: Flow, step: StepName): string => partsOf(flow, step).label;

export function stepTitle(flow: Flow, step: StepName): string {
  const { title, label } = partsOf(flow, step);
  return title ?? label;
}

/** The current step's form; a refused specification request shows its problems above it (SPEC-3). */
export function StepForm({ flow, step, ...props }: Omit<StepProps, 'labelOf'> & { flow: Flow; step: StepName }) {
  const { Form } = partsOf(flow, step);
  const labelOf = (name: StepName) => stepLabel(flow, name);
  if (flow === 'order') return <Form {...props} labelOf={labelOf} />;
  return (
    <>
      <SpecRequestProblems step={step} />
      <Form {...props} labelOf={labelOf} />
    </>
  );
}
