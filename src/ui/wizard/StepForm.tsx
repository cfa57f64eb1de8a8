import type { Flow, StepName } from '../../domain/wizard';
import { CableStep } from './CableStep';
import { ContactStep } from './ContactStep';
import { EmailStep } from './EmailStep';
import { ExtrasStep } from './ExtrasStep';
import { HookStep } from './HookStep';
import { InstallationStep } from './InstallationStep';
import { OfferStep } from './OfferStep';
import { OptionsStep } from './OptionsStep';
import { PaymentStep } from './PaymentStep';
import { SummaryStep } from './SummaryStep';
import type { StepProps } from './types';

/** The ordering flow's step forms (spec §2 "Steps (ordering flow)"). */
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
  return step === 'email' ? <EmailStep {...props} /> : <SummaryStep {...props} />;
}
