import type { Flow, StepName } from '../../domain/wizard';
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

/** The ordering flow's step forms (STEP-1). */
function OrderStepForm({ step, ...props }: StepProps & { step: StepName }) {
  switch (step) {
    case 'cable':
      return <CableStep {...props} />;
    case 'installation':
      return <InstallationStep {...props} />;
    case 'options':
      return <OptionsStep {...props} />;
    case 'extras':
      return <ExtrasStep {...props} />;
    case 'hook':
      return <HookStep {...props} />;
    case 'payment':
      return <PaymentStep {...props} />;
    case 'contact':
      return <ContactStep {...props} />;
    case 'offer':
      return <OfferStep {...props} />;
    case 'finance':
      return <FinanceStep {...props} />;
    case 'directDebit':
      return <DirectDebitStep {...props} />;
    default:
      return <SummaryStep {...props} />;
  }
}

/** The specification-request flow's step forms (STEP-2). */
function SpecRequestStepForm({ step, ...props }: StepProps & { step: StepName }) {
  switch (step) {
    case 'email':
      return <EmailStep {...props} />;
    case 'cable':
      return <SpecCableStep {...props} />;
    case 'installation':
      return <InstallationStep {...props} />;
    case 'extras':
      return <SpecExtrasStep {...props} />;
    case 'installCheck':
      return <InstallCheckStep {...props} />;
    case 'details':
      return <DetailsStep {...props} />;
    case 'submission':
      return <SubmissionStep {...props} />;
    default:
      return <SummaryStep {...props} />;
  }
}

/**
 * The current step's form; the flows share some step names, so the flow picks the set. A step
 * without a form of its own shows the running order summary.
 */
export function StepForm({ flow, step, ...props }: StepProps & { flow: Flow; step: StepName }) {
  if (flow === 'order') return <OrderStepForm step={step} {...props} />;
  return (
    <>
      <SpecRequestProblems step={step} />
      <SpecRequestStepForm step={step} {...props} />
    </>
  );
}
