import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import { continueHidden, next, stepCount, stepIndex } from '../domain/wizard';
import { navigationContext } from '../stores/configurator-store';
import { createStepValidationSelector } from '../stores/step-validation';
import { selectUnavailableItems } from '../stores/wizard-choices';
import { ContactUs } from './ContactUs';
import { Modal } from './Modal';
import { OrderSummary } from './OrderSummary';
import { useUiOptions } from './options-context';
import { Preview } from './Preview';
import { Spinner } from './Spinner';
import { useConfigurator } from './store-context';
import { PriceHeader, StepIndicator, useSmallScreen } from './wizard/layout';
import { useVerificationExpiry } from './wizard/PartnerDiscount';
import { StepForm, stepTitle } from './wizard/steps';
import { CartDifferenceDialog } from './wizard/CartDifferenceDialog';
import { ContinuePressedContext, ErrorSummary } from './wizard/form-errors';
import { UnavailableNotice, unavailableMessage } from './wizard/UnavailableNotice';
import { useOrderFlow } from './wizard/use-order-flow';
import { focusDialogTitle, useWizardDialog } from './wizard/use-wizard-dialog';
import { WizardOverlayContext } from './wizard/wizard-overlay';
import specRequestCss from './wizard/spec-request/spec-request.css';
import wizardCss from './wizard/wizard.css';

/** The wizard's stylesheets, adopted when it mounts, so they ship in the wizard file only. */
export const WIZARD_STYLES: readonly string[] = [wizardCss, specRequestCss];

/** The preview is smaller beside the step form than on the page (PREVIEW-7: 1.5 by default). */
const PREVIEW_SCALE = 1;

export const CHECKOUT_UNAVAILABLE = 'Checkout is not available on this page.';

/**
 * STEP-3: a full-screen native dialog with close, Back, Continue, progress,
 * 'Step N of M' (small screens) or the step indicator (large screens), and 'Need help?'. Desktop:
 * preview and price summary on the left, the step form on the right; small screens: the price
 * header. Navigation follows the domain's named steps; the ordering flow ends in the checkout.
 */
export function Wizard() {
  const state = useConfigurator((s) => s);
  const { flow, wizard, smallScreen } = state;
  const selectValidation = useMemo(() => createStepValidationSelector(() => new Date()), []);
  const validation = useConfigurator(selectValidation);
  const [helpOpen, setHelpOpen] = useState(false);
  // A third-party overlay (the GoCardless drop-in) is open above the wizard.
  const [overlay, setOverlay] = useState(false);
  const contact = useUiOptions();
  const { checkout, checkoutAvailable, confirmHighPower, startCheckout, proceed, dismissDifference, goNext, goBack } = useOrderFlow();
  const frame = useRef<HTMLDivElement>(null);
  const stepBox = useRef<HTMLDivElement>(null);
  // Continue presses on the step shown: from the first, the error summary and every field's message show.
  const [presses, setPresses] = useState<{ step: string; count: number }>({ step: wizard.step, count: 0 });
  const pressed = presses.step === wizard.step && presses.count > 0;
  const dialog = useRef<HTMLDialogElement>(null);
  const hintId = useId();
  const failureId = useId();
  const failureBox = useRef<HTMLDivElement>(null);
  useSmallScreen(frame, wizard.open);
  useVerificationExpiry();
  const onClose = useWizardDialog(dialog, { open: wizard.open, modal: !overlay, contentKey: wizard.step, onClose: state.actions.closeWizard });

  const context = navigationContext(state);
  const count = stepCount(context);
  const index = stepIndex(context, wizard.step);
  // EVENT-3: the wizard opens (its file has just loaded, or it opens again) or moves.
  const stepShown = useEffectEvent(() => contact.onStep?.({ flow, step: wizard.step, index, count }));
  useEffect(() => {
    if (wizard.open) stepShown();
  }, [wizard.open, wizard.step]);
  const ordering = flow === 'order';
  const last = next(context, wizard.step).type === 'finish';
  // The specification-request flow's last step hides Continue itself; the ordering flow's checks out.
  const hidden = continueHidden(context, wizard.step) || (last && !ordering);
  // The shop cannot sell an item of the order: no checkout until the buyer chooses something else.
  const unavailable = selectUnavailableItems(state);
  const firstUnavailable = unavailable[0];
  const checkoutBlocker = !checkoutAvailable ? CHECKOUT_UNAVAILABLE : firstUnavailable ? unavailableMessage(firstUnavailable) : undefined;
  const blocked = ordering && last && checkoutBlocker !== undefined;
  const busy = checkout.status === 'busy' || checkout.status === 'redirecting';
  // A failed checkout takes focus, which reads it (no live region as well: it would be read twice).
  useEffect(() => {
    if (checkout.status === 'failed') failureBox.current?.focus();
  }, [checkout]);
  // What stops the checkout stands beside Continue; the step's own problems wait for a press.
  const hint = blocked ? checkoutBlocker : undefined;
  // MOVE-9, disabled while the step's form is invalid: announced as disabled (aria-disabled) yet
  // focusable and pressable, so a press can say what is wrong and focus stays put while busy.
  const continueOff = !validation.valid || blocked || busy;
  const onContinue = () => {
    if (!validation.valid) setPresses((last) => ({ step: wizard.step, count: last.step === wizard.step ? last.count + 1 : 1 }));
    else if (!continueOff) goNext();
  };

  return (
    <Modal
      open={wizard.open}
      dialogRef={dialog}
      title={stepTitle(flow, wizard.step)}
      onClose={onClose}
      className="evc-wizard"
      part="wizard"
      footer={
        <>
          {checkout.status !== 'idle' && checkout.status !== 'differs' && (
            <div className="evc-wizard-status">
              {busy && <Spinner label="Taking you to the checkout…" />}
              {checkout.status === 'failed' && (
                <div ref={failureBox} className="evc-wizard-failure" role="group" tabIndex={-1} aria-labelledby={failureId}>
                  <p id={failureId}>{checkout.failure.buyerMessage}</p>
                  {checkout.failure.retryable && (
                    <button
                      type="button"
                      onClick={(event) => {
                        // The button goes while the checkout runs again: the step's title keeps focus.
                        focusDialogTitle(event.currentTarget);
                        void startCheckout();
                      }}
                    >
                      Try again
                    </button>
                  )}
                </div>
              )}
            </div>
          )}
          <button type="button" className="evc-secondary" onClick={goBack} disabled={busy} part="back-button">
            Back
          </button>
          <button type="button" className="evc-link" onClick={() => setHelpOpen(true)} part="help-button">
            Need help?
          </button>
          {!hidden && (
            <div className="evc-wizard-next">
              {hint && (
                <p className="evc-wizard-hint" id={hintId}>
                  {hint}
                </p>
              )}
              <button
                type="button"
                className="evc-primary"
                aria-disabled={continueOff || undefined}
                aria-describedby={hint ? hintId : undefined}
                onClick={onContinue}
                part="next-button"
              >
                {/* It leaves for the shop's checkout: its name says so and keeps "Continue" (docs/decisions/continue-to-checkout.md). */}
                {ordering && last ? 'Continue to checkout' : 'Continue'}
              </button>
            </div>
          )}
        </>
      }
    >
      <div ref={frame} className="evc-wizard-frame" data-layout={smallScreen ? 'small' : 'large'}>
        {smallScreen && <PriceHeader />}
        {smallScreen && (
          <p className="evc-step-count" part="step-count">
            Step {index + 1} of {count}
          </p>
        )}
        <progress className="evc-progress" max={count} value={index + 1} aria-label="Progress" part="progress" />
        {!smallScreen && <StepIndicator step={wizard.step} />}
        <div className="evc-wizard-panes">
          {!smallScreen && (
            <div className="evc-wizard-aside">
              <Preview scale={PREVIEW_SCALE} />
              <OrderSummary />
            </div>
          )}
          <div ref={stepBox} className="evc-step" data-step={wizard.step} part="step">
            {pressed && !validation.valid && <ErrorSummary errors={validation.errors} presses={presses.count} step={stepBox} />}
            {ordering && !checkoutAvailable && (
              <p className="evc-notice" part="notice">
                {CHECKOUT_UNAVAILABLE}
              </p>
            )}
            <UnavailableNotice items={unavailable} />
            <WizardOverlayContext value={setOverlay}>
              <ContinuePressedContext value={pressed}>
                <StepForm flow={flow} step={wizard.step} validation={validation} confirmHighPower={confirmHighPower} />
              </ContinuePressedContext>
            </WizardOverlayContext>
            {/* Small screens show no summary beside the step: the last one before checkout shows it itemised, with a partner discount from the contact e-mail. */}
            {smallScreen && ordering && last && <OrderSummary />}
          </div>
        </div>
      </div>
      <CartDifferenceDialog order={checkout.status === 'differs' ? checkout.order : undefined} onContinue={proceed} onGoBack={dismissDifference} />
      <Modal open={helpOpen} title="Contact Us" onClose={() => setHelpOpen(false)} part="contact-dialog">
        <ContactUs {...contact} withHeading={false} />
      </Modal>
    </Modal>
  );
}
