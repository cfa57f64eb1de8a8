import { useEffect, useId, useRef, useState } from 'react';
import { stepForField } from '../../../domain/spec-request';
import type { SpecSendFault } from '../../../services/spec-request';
import { sendWithRetry } from '../../../services/spec-request-send';
import { selectSpecRequestSent } from '../../../stores/spec-request';
import { buildSpecRequest, specRequestSending } from '../../../stores/spec-request';
import { ContactLine } from '../../ErrorPanel';
import { useUiOptions } from '../../options-context';
import { SPEC_REQUEST_UNAVAILABLE } from '../../spec-request-messages';
import { Spinner } from '../../Spinner';
import { useConfigurator, useConfiguratorStore } from '../../store-context';
import type { StepProps } from '../types';
import { focusDialogTitle } from '../use-wizard-dialog';

export const SUBMITTING = 'Please wait while we submit your upgrade specification request...';
export const SUBMITTED = 'Request for upgrade specification sent. You may leave this page now.';
export const AMENDMENT_SENT = 'It replaces the request you sent before.';

/** What failed, in the customer's words; trying again never sends twice (the same idempotency key). */
export const SUBMIT_FAILED: Record<SpecSendFault, string> = {
  network:
    'Your upgrade specification request could not reach us: the connection failed or timed out. Please check your connection and try again; it will not be sent twice.',
  provider: 'Our e-mail service did not accept your upgrade specification request, so it has not been sent. Please try again later.',
  busy: 'We are receiving many requests and could not confirm yours yet. Please try again in a minute; it will not be sent twice.',
  service: 'Our request service is not working at the moment, so your upgrade specification request has not been sent. Please try again later.',
  unconfirmed: 'We could not confirm your request yet. It may already have reached us; checking again will not send it twice.',
};
export const SUBMIT_REFUSED = 'Your upgrade specification request was not accepted.';
export const SUBMIT_UNAVAILABLE = 'Our e-mail service cannot send upgrade specification requests at the moment, so yours has not been sent.';
export const CONTACT_INSTEAD = 'You can also give us your specification by phone or e-mail:';
export const CONTACT_ONLY = 'Please give us your specification by phone or e-mail instead:';

/** SPEC-2: the confirmation shows 1 second after the step is entered. */
export const CONFIRMATION_DELAY_MS = 1_000;

function MailIcon() {
  return (
    <svg className="evc-submission-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm1 2.4V17h16V7.4l-8 5.3-8-5.3ZM5.6 7 12 11.2 18.4 7H5.6Z" />
    </svg>
  );
}

/** A failure as shown: what failed, and the button that sends again when that can help. */
interface Failure {
  text: string;
  action?: 'Try again' | 'Check again';
  /** The button only when the page gives no phone or e-mail to turn to instead. */
  lastResort?: boolean;
}

/**
 * SPEC-2, step 07: on entering, the request is sent; a spinner, then after about 1 second the
 * e-mail icon and the confirmation. SPEC-3: rather than spinning for ever, transient failures are
 * retried with backoff and then shown with what failed, "Try again" and the merchant's phone and
 * e-mail; an outcome the relay could not confirm is shown at once with "Check again" (the same key,
 * so it settles, never sends twice); a relay that cannot send offers the phone and e-mail, not a
 * retry that would fail alike; a refusal takes the customer back to the step at fault. A request already sent (saved
 * state) shows the confirmation without sending again; one changed since is sent as an amendment.
 */
export function SubmissionStep(_props: StepProps) {
  const store = useConfiguratorStore();
  const { specRequest: sender, onRequestSent, reportError, supportPhone, supportEmail } = useUiOptions();
  const sent = useConfigurator(selectSpecRequestSent);
  // Read on entering: by the time the confirmation shows, the amendment is the accepted request.
  const [amendment] = useState(() => store.getState().specRequest.sentRequestId !== null && !selectSpecRequestSent(store.getState()));
  const [delayPassed, setDelayPassed] = useState(sent);
  const [failure, setFailure] = useState<Failure | undefined>();
  const [attempt, setAttempt] = useState(0);
  const failureBox = useRef<HTMLDivElement>(null);
  const failureId = useId();

  // A failure takes focus, which reads it (no live region as well: it would be read twice).
  useEffect(() => {
    if (failure) failureBox.current?.focus();
  }, [failure]);

  useEffect(() => {
    const timer = setTimeout(() => setDelayPassed(true), CONFIRMATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!sender || selectSpecRequestSent(store.getState())) return;
    const controller = new AbortController();
    const sending = specRequestSending(store);
    // The same key until answered, so a retry, a reload or a remount never sends twice.
    const key = sending.begin();
    const request = buildSpecRequest(store.getState(), key);
    void sendWithRetry(sender, request, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok) {
        sending.sent(result.requestId);
        onRequestSent?.({ requestId: result.requestId });
        return;
      }
      reportError?.({ code: result.kind === 'invalid' ? 'spec_request_invalid' : 'spec_request_failed', message: result.message });
      if (result.kind === 'invalid') {
        const step = result.problems.map((problem) => stepForField(problem.field)).find((found) => found !== null) ?? null;
        sending.refused(result.problems, step);
        const details = result.problems.map((problem) => `${problem.field}: ${problem.message}`).join('; ') || result.message;
        if (step === null) setFailure({ text: `${SUBMIT_REFUSED} ${details}` });
        return;
      }
      if (result.kind === 'unavailable') {
        // Trying again fails alike until the relay is fixed: the phone and e-mail are the way on, where the page gives them.
        setFailure({ text: SUBMIT_UNAVAILABLE, action: 'Try again', lastResort: true });
        return;
      }
      setFailure({ text: SUBMIT_FAILED[result.fault], action: result.fault === 'unconfirmed' ? 'Check again' : 'Try again' });
    });
    return () => controller.abort();
  }, [attempt, sender, store, onRequestSent, reportError]);

  if (!sender) {
    return (
      <div className="evc-notice" role="alert" part="notice">
        <p>{SPEC_REQUEST_UNAVAILABLE}</p>
        <ContactLine intro={CONTACT_INSTEAD} phone={supportPhone} email={supportEmail} />
      </div>
    );
  }
  if (sent && delayPassed) {
    return (
      <div className="evc-submission" role="status">
        <MailIcon />
        <p>{SUBMITTED}</p>
        {amendment && <p>{AMENDMENT_SENT}</p>}
      </div>
    );
  }
  if (failure) {
    const action = failure.lastResort && (supportPhone || supportEmail) ? undefined : failure.action;
    return (
      <div ref={failureBox} className="evc-submission-failure" role="group" tabIndex={-1} aria-labelledby={failureId}>
        <p id={failureId}>{failure.text}</p>
        {action && (
          <button
            type="button"
            onClick={(event) => {
              // The button goes with the failure while the request is sent again: the step's title keeps focus.
              focusDialogTitle(event.currentTarget);
              setFailure(undefined);
              setAttempt((count) => count + 1);
            }}
          >
            {action}
          </button>
        )}
        <ContactLine intro={failure.lastResort && !action ? CONTACT_ONLY : CONTACT_INSTEAD} phone={supportPhone} email={supportEmail} />
      </div>
    );
  }
  return (
    <div className="evc-submission">
      <Spinner label={SUBMITTING} />
    </div>
  );
}
