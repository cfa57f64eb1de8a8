import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { stepForDirectDebitField } from '../../domain/direct-debit';
import { formatPence } from '../../domain/money';
import { wizardNavigation } from '../../stores/wizard-navigation';
import type { OrderFailure } from '../../services/order-services';
import { toOrderFailure } from '../../services/order-services';
import { ContactLine } from '../ErrorPanel';
import { useUiOptions } from '../options-context';
import { Spinner } from '../Spinner';
import { updateForm } from '../../stores/form-answers';
import { useConfigurator, useConfiguratorStore, useTotals } from '../store-context';
import type { StepProps } from './types';
import { useWizardOverlay } from './wizard-overlay';

export const SET_UP_LABEL = 'Set up your Direct Debit';
export const CANCELLED_MESSAGE = 'You closed the GoCardless form before finishing. Your Direct Debit is not set up yet.';
export const MANDATE_COMPLETE = 'Your Direct Debit details are complete.';
const NOT_AVAILABLE = 'Direct Debit set-up is not available on this page. Please choose another way to pay.';
const START_FAILED = 'We could not start the Direct Debit set-up. Please try again.';
const CONTACT_US = 'You can also reach us by phone or e-mail:';

type SetUpState = { status: 'idle' } | { status: 'starting' } | { status: 'open' } | { status: 'cancelled' } | { status: 'failed'; failure: OrderFailure };

/**
 * STEP-18, VALID-6 direct-debit step (monthly plan only): the element asks `direct-debit-endpoint`
 * for a GoCardless Billing Request Flow and opens GoCardless's drop-in on it; completion and the
 * flow id are recorded in the form. Continue stays disabled with VALID-6's message until then (the
 * step's schema). The drop-in's script is loaded only from here.
 */
export function DirectDebitStep({ labelOf }: StepProps) {
  const store = useConfiguratorStore();
  const { order, reportError, supportPhone, supportEmail } = useUiOptions();
  const directDebit = order?.directDebit;
  const complete = useConfigurator((state) => state.form.goCardlessMandateComplete && state.form.goCardlessFlowId !== '');
  const flowId = useConfigurator((state) => state.form.goCardlessFlowId);
  const { monthly } = useTotals();
  const setOverlay = useWizardOverlay();
  const [state, setState] = useState<SetUpState>({ status: 'idle' });
  const dropin = useRef<{ exit(): void } | null>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);
  const setUpButton = useRef<HTMLButtonElement>(null);
  // Where focus goes once the drop-in has closed (or failed to open): the news of the mandate, or Set up.
  const focusAfterDropin = useRef<'confirmation' | 'setUp' | null>(null);
  const mounted = useRef(true);

  // Leaving the step (Back, Close) closes a drop-in still open and gives the wizard back its modality.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      dropin.current?.exit();
      dropin.current = null;
      setOverlay(false);
    };
  }, [setOverlay]);

  // After the commit that closes the drop-in, in which the wizard's own effect (it runs after this
  // step's) makes it modal again and so moves focus to its title: a frame later, focus the target.
  useEffect(() => {
    const target = focusAfterDropin.current;
    if (target === null) return;
    focusAfterDropin.current = null;
    requestAnimationFrame(() => (target === 'confirmation' ? confirmation : setUpButton).current?.focus());
  }, [state, complete]);

  const failed = useCallback(
    (error: unknown) => {
      const failure = toOrderFailure(error, START_FAILED);
      reportError?.({ code: failure.code, message: failure.buyerMessage });
      // A partner verification the handler did not accept (expired, say) is dropped: the contact step offers a new code.
      if (failure.field === 'partnerToken') updateForm(store, { verifiedPartner: undefined });
      if (mounted.current) setState({ status: 'failed', failure });
    },
    [reportError, store],
  );

  const setUp = useCallback(async () => {
    if (!directDebit) return;
    setState({ status: 'starting' });
    const { configuration, form } = store.getState();
    try {
      const started = await directDebit.start(configuration, form);
      if (!mounted.current) return;
      // The wizard stops being modal now, before the drop-in opens and takes focus: switching later
      // (once the drop-in script is cached, it opens at once) would take focus back to the wizard.
      flushSync(() => setOverlay(true));
      const handle = await directDebit.open(started, {
        onSuccess() {
          dropin.current = null;
          setOverlay(false);
          focusAfterDropin.current = 'confirmation';
          // The mandate may still be pending with the bank: the handler's webhook records that.
          updateForm(store, { goCardlessMandateComplete: true, goCardlessFlowId: started.flowId });
          if (!mounted.current) return;
          setState({ status: 'idle' });
        },
        onExit(error) {
          dropin.current = null;
          setOverlay(false);
          focusAfterDropin.current = 'setUp';
          if (error) failed(error);
          else if (mounted.current) setState({ status: 'cancelled' });
        },
      });
      // The buyer may have left the step while the drop-in was loading: close it again.
      if (!mounted.current) {
        handle.exit();
        return;
      }
      dropin.current = handle;
      setState({ status: 'open' });
    } catch (error) {
      setOverlay(false);
      focusAfterDropin.current = 'setUp';
      failed(error);
    }
  }, [directDebit, store, setOverlay, failed]);

  if (!directDebit) {
    return (
      <p className="evc-notice" role="alert">
        {NOT_AVAILABLE}
      </p>
    );
  }

  const refusedStep = state.status === 'failed' ? stepForDirectDebitField(state.failure.field) : null;
  return (
    <>
      <p>
        Your monthly payments of {formatPence(monthly.monthlyPayment)} are collected by Direct Debit through GoCardless. Set up
        the Direct Debit in GoCardless&apos;s secure form; your bank details go to GoCardless only.
      </p>
      {complete ? (
        <p className="evc-wizard-note" ref={confirmation} tabIndex={-1} role="status" data-mandate="complete">
          {MANDATE_COMPLETE} <span className="evc-option-note">GoCardless reference: {flowId}</span>
        </p>
      ) : (
        <>
          <div className="evc-direct-debit-actions">
            <button ref={setUpButton} type="button" className="evc-primary" data-field="goCardlessMandateComplete goCardlessFlowId" onClick={() => void setUp()} disabled={state.status === 'starting' || state.status === 'open'}>
              {SET_UP_LABEL}
            </button>
            {state.status === 'starting' && <Spinner label="Opening the GoCardless form…" />}
          </div>
          <div role="status">{state.status === 'cancelled' && <p>{CANCELLED_MESSAGE}</p>}</div>
          {state.status === 'failed' && (
            <div className="evc-wizard-failure" role="alert">
              <p>{state.failure.buyerMessage}</p>
              {state.failure.code === 'UNAVAILABLE' && <ContactLine intro={CONTACT_US} phone={supportPhone} email={supportEmail} />}
              {refusedStep && (
                <button type="button" onClick={() => wizardNavigation(store).goToStep(refusedStep)}>
                  Change your answers ({labelOf(refusedStep)})
                </button>
              )}
            </div>
          )}
        </>
      )}
    </>
  );
}
