import { useMemo, useState } from 'react';
import type { StepName } from '../domain/wizard';
import { applicableSteps, continueHidden, next, stepIndex, stepStatus } from '../domain/wizard';
import { navigationContext } from '../stores/configurator-store';
import { createStepValidationSelector } from '../stores/step-validation';
import type { ValidationResult } from '../domain/schemas';
import { ContactUs } from './ContactUs';
import { Modal } from './Modal';
import { OrderSummary } from './OrderSummary';
import { useUiOptions } from './options-context';
import { stepLabel, stepTitle } from './step-labels';
import { useConfigurator, useConfiguratorStore } from './store-context';
import { TextField } from './TextField';

interface StepProps {
  validation: ValidationResult;
}

/** Spec §2 specification-request step 01. */
function EmailStep({ validation }: StepProps) {
  const email = useConfigurator((state) => state.form.email);
  const { updateForm } = useConfigurator((state) => state.actions);
  return (
    <>
      <p>Let&apos;s make sure your configuration is linked to your Mobilize order.</p>
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="email"
        value={email}
        error={validation.errors['email']}
        onChange={(value) => updateForm({ email: value })}
      />
    </>
  );
}

/** Steps whose forms exist; the others show the running order summary in the shell. */
const STEP_FORMS: Partial<Record<StepName, (props: StepProps) => React.ReactNode>> = {
  email: EmailStep,
};

/**
 * Spec §2 "Checkout wizard": a full-screen native dialog with close, Back, Continue, progress,
 * 'Step N of M', the step indicator and 'Need help?'. Navigation follows the domain's named steps.
 */
export function Wizard() {
  const store = useConfiguratorStore();
  const state = useConfigurator((s) => s);
  const { actions, flow, wizard } = state;
  const selectValidation = useMemo(() => createStepValidationSelector(() => new Date()), []);
  const validation = useConfigurator(selectValidation);
  const [helpOpen, setHelpOpen] = useState(false);
  const contact = useUiOptions();

  const context = navigationContext(state);
  const steps = applicableSteps(context);
  const index = stepIndex(context, wizard.step);
  const count = steps.length;
  const hidden = continueHidden(context, wizard.step) || next(context, wizard.step).type === 'finish';
  const Form = STEP_FORMS[wizard.step];

  return (
    <Modal
      open={wizard.open}
      title={stepTitle(flow, wizard.step)}
      onClose={actions.closeWizard}
      className="evc-wizard"
      part="wizard"
      footer={
        <>
          <button type="button" className="evc-secondary" onClick={actions.goBack} part="back-button">
            Back
          </button>
          <button type="button" className="evc-link" onClick={() => setHelpOpen(true)} part="help-button">
            Need help?
          </button>
          {!hidden && (
            <button type="button" className="evc-primary" disabled={!validation.valid} onClick={() => store.getState().actions.goNext()} part="next-button">
              Continue
            </button>
          )}
        </>
      }
    >
      <p className="evc-step-count" part="step-count">
        Step {index + 1} of {count}
      </p>
      <progress className="evc-progress" max={count} value={index + 1} aria-label="Progress" part="progress" />
      <ol className="evc-steps" aria-label="Steps" part="steps">
        {steps.map((step) => {
          const status = stepStatus(context, wizard.step, step);
          return (
            <li key={step} data-status={status} aria-current={status === 'current' ? 'step' : undefined}>
              {stepLabel(flow, step)}
              <span className="evc-visually-hidden">{status === 'complete' ? ' (complete)' : status === 'upcoming' ? ' (upcoming)' : ''}</span>
            </li>
          );
        })}
      </ol>
      <div className="evc-step" data-step={wizard.step} part="step">
        {Form ? <Form validation={validation} /> : <OrderSummary />}
      </div>
      <Modal open={helpOpen} title="Contact Us" onClose={() => setHelpOpen(false)} part="contact-dialog">
        <ContactUs {...contact} withHeading={false} />
      </Modal>
    </Modal>
  );
}
