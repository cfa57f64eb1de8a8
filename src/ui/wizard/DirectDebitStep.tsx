import { useCallback, useEffect, useRef, useState } from 'react';
import { stepForDirectDebitField } from '../../domain/direct-debit';
import { formatPence } from '../../domain/money';
import type { OrderFailure } from '../order-services';
import { toOrderFailure } from '../order-services';
import { useUiOptions } from '../options-context';
import { Spinner } from '../Spinner';
import { stepLabel } from '../step-labels';
import { useConfigurator, useConfiguratorStore, useTotals } from '../store-context';
import type { StepProps } from './types';
import { useWizardOverlay } from './wizard-overlay';

export const SET_UP_LABEL = 'Set up your Direct Debit';
export const CANCELLED_MESSAGE = 'You closed the GoCardless form before finishing. Your Direct Debit is not set up yet.';
export const MANDATE_COMPLETE = 'Your Direct Debit details are complete.';
const NOT_AVAILABLE = 'Direct Debit set-up is not available on this page. Please choose another way to pay.';
const START_FAILED = 'We could not start the Direct Debit set-up. Please try again.';

type SetUpState = { status: 'idle' } | { status: 'starting' } | { status: 'open' } | { status: 'cancelled' } | { status: 'failed'; failure: OrderFailure };

/**
 * Spec §5 direct-debit step (monthly plan only, issue 6): the element asks `direct-debit-endpoint`
 * for a GoCardless Billing Request Flow and opens GoCardless's drop-in on it; completion and the
 * flow id are recorded in the form. Continue stays disabled with §5's message until then (the
 * step's schema). The drop-in's script is loaded only from here.
 */
export function DirectDebitStep(_props: StepProps) {
  const store = useConfiguratorStore();
  const { order, reportError } = useUiOptions();
  const directDebit = order?.directDebit;
  const complete = useConfigurator((state) => state.form.goCardlessMandateComplete && state.form.goCardlessFlowId !== '');
  const flowId = useConfigurator((state) => state.form.goCardlessFlowId);
  const flow = useConfigurator((state) => state.flow);
  const { monthly } = useTotals();
  const setOverlay = useWizardOverlay();
  const [state, setState] = useState<SetUpState>({ status: 'idle' });
  const dropin = useRef<{ exit(): void } | null>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);
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

  const failed = useCallback(
    (error: unknown) => {
      const failure = toOrderFailure(error, START_FAILED);
      reportError?.({ code: failure.code, message: failure.buyerMessage });
      if (mounted.current) setState({ status: 'failed', failure });
    },
    [reportError],
  );

  const setUp = useCallback(async () => {
    if (!directDebit) return;
    setState({ status: 'starting' });
    const { configuration, form, actions } = store.getState();
    try {
      const started = await directDebit.start(configuration, form);
      if (!mounted.current) return;
      setOverlay(true);
      const handle = await directDebit.open(started, {
        onSuccess() {
          dropin.current = null;
          setOverlay(false);
          // The mandate may still be pending with the bank: the handler's webhook records that.
          actions.updateForm({ goCardlessMandateComplete: true, goCardlessFlowId: started.flowId });
          if (!mounted.current) return;
          setState({ status: 'idle' });
          // After the wizard is modal again (its effect runs after this step's), move focus to the news.
          requestAnimationFrame(() => confirmation.current?.focus());
        },
        onExit(error) {
          dropin.current = null;
          setOverlay(false);
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
            <button type="button" className="evc-primary" onClick={() => void setUp()} disabled={state.status === 'starting' || state.status === 'open'}>
              {SET_UP_LABEL}
            </button>
            {state.status === 'starting' && <Spinner label="Opening the GoCardless form…" />}
          </div>
          <div role="status">{state.status === 'cancelled' && <p>{CANCELLED_MESSAGE}</p>}</div>
          {state.status === 'failed' && (
            <div className="evc-wizard-failure" role="alert">
              <p>{state.failure.buyerMessage}</p>
              {refusedStep && (
                <button type="button" onClick={() => store.getState().actions.goToStep(refusedStep)}>
                  Change your answers ({stepLabel(flow, refusedStep)})
                </button>
              )}
            </div>
          )}
        </>
      )}
    </>
  );
}
