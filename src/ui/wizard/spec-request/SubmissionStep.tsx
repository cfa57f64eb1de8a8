import { useEffect, useState } from 'react';
import { stepForField } from '../../../domain/spec-request';
import { sendWithRetry } from '../../../services/spec-request-send';
import { buildSpecRequest } from '../../../stores/spec-request';
import { useUiOptions } from '../../options-context';
import { SPEC_REQUEST_UNAVAILABLE } from '../../spec-request-messages';
import { Spinner } from '../../Spinner';
import { useConfigurator, useConfiguratorStore } from '../../store-context';
import type { StepProps } from '../types';

export const SUBMITTING = 'Please wait while we submit your upgrade specification request...';
export const SUBMITTED = 'Request for upgrade specification sent. You may leave this page now.';
export const SUBMIT_FAILED = 'We could not send your upgrade specification request. Please check your connection and try again.';

/** Spec §4/§9: the confirmation shows 1 second after the step is entered. */
export const CONFIRMATION_DELAY_MS = 1_000;

function MailIcon() {
  return (
    <svg className="evc-submission-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm1 2.4V17h16V7.4l-8 5.3-8-5.3ZM5.6 7 12 11.2 18.4 7H5.6Z" />
    </svg>
  );
}

/**
 * Spec §2/§4 step 07: on entering, the request is sent; a spinner, then after about 1 second the
 * e-mail icon and the confirmation. Unlike the spec's endless spinner (§8), transient failures are
 * retried with backoff and then shown with "Try again"; a refusal takes the customer back to the
 * step at fault. A request already sent (saved state) shows the confirmation without sending again.
 */
export function SubmissionStep(_props: StepProps) {
  const store = useConfiguratorStore();
  const { specRequest: sender, onRequestSent, reportError } = useUiOptions();
  const sentRequestId = useConfigurator((state) => state.specRequest.sentRequestId);
  const [delayPassed, setDelayPassed] = useState(sentRequestId !== null);
  const [failure, setFailure] = useState<string | undefined>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => setDelayPassed(true), CONFIRMATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!sender || store.getState().specRequest.sentRequestId !== null) return;
    const controller = new AbortController();
    const { actions } = store.getState();
    // The same key until answered, so a retry, a reload or a remount never sends twice.
    const key = actions.beginSpecRequest();
    const request = buildSpecRequest(store.getState(), key);
    void sendWithRetry(sender, request, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok) {
        actions.specRequestSent(result.requestId);
        onRequestSent?.({ requestId: result.requestId });
        return;
      }
      reportError?.({ code: result.kind === 'invalid' ? 'spec_request_invalid' : 'spec_request_failed', message: result.message });
      if (result.kind === 'invalid') {
        const step = result.problems.map((problem) => stepForField(problem.field)).find((found) => found !== null) ?? null;
        actions.specRequestRefused(result.problems, step);
        if (step === null) setFailure(result.problems.map((problem) => `${problem.field}: ${problem.message}`).join('; ') || result.message);
        return;
      }
      setFailure(SUBMIT_FAILED);
    });
    return () => controller.abort();
  }, [attempt, sender, store, onRequestSent, reportError]);

  if (!sender) {
    return (
      <p className="evc-notice" role="alert" part="notice">
        {SPEC_REQUEST_UNAVAILABLE}
      </p>
    );
  }
  if (sentRequestId !== null && delayPassed) {
    return (
      <div className="evc-submission" role="status">
        <MailIcon />
        <p>{SUBMITTED}</p>
      </div>
    );
  }
  if (failure) {
    return (
      <div className="evc-submission-failure" role="alert">
        <p>{failure}</p>
        <button type="button" onClick={() => {
            setFailure(undefined);
            setAttempt((count) => count + 1);
          }}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="evc-submission">
      <Spinner label={SUBMITTING} />
    </div>
  );
}
