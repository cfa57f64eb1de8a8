import type { SpecRequest, SpecRequestProblem } from '../domain/spec-request';
import { SPEC_REQUEST_VERSION } from '../domain/spec-request';
import type { StepName } from '../domain/wizard';
import type { ConfiguratorState, ConfiguratorStore } from './configurator-store';
import { NO_SPEC_REQUEST } from './configurator-store';
import type { RequestSource } from './spec-request-content';
import { requestContent } from './spec-request-content';
import { randomRequestKey } from './request-key';
import { wizardNavigation } from './wizard-navigation';

/** Whether the specification request as it stands now has been accepted: only then may "sent" show. */
export function selectSpecRequestSent(state: Pick<ConfiguratorState, 'specRequest'>): boolean {
  return state.specRequest.sentRequestId !== null && !state.specRequest.changedSinceSent;
}

/**
 * The request to send with `idempotencyKey`; once a request was accepted, the next one amends it,
 * so the mail says it replaces that one.
 */
export function buildSpecRequest(state: RequestSource, idempotencyKey: string): SpecRequest {
  const amends = state.specRequest.sentRequestId;
  return {
    version: SPEC_REQUEST_VERSION,
    idempotencyKey,
    ...requestContent(state),
    ...(amends ? { amends } : {}),
  };
}

/**
 * Step 07's send, as the store records it (SpecRequestState). Only the wizard sends; this acts
 * through the store's state as its moves do.
 */
export interface SpecRequestSending {
  /** The request's idempotency key, made on the first send and kept until it is answered. */
  begin(): string;
  /** The relay accepted the request: the confirmation shows from now on, also after a reload. */
  sent(requestId: string): void;
  /** The relay refused the request: its problems are shown on `step`, and the next try gets a new key. */
  refused(problems: SpecRequestProblem[], step: StepName | null): void;
}

/** `newRequestKey` makes idempotency keys; tests pass a predictable one. */
export function specRequestSending(store: ConfiguratorStore, newRequestKey: () => string = randomRequestKey): SpecRequestSending {
  return {
    begin: () => {
      const current = store.getState().specRequest;
      const idempotencyKey = current.idempotencyKey ?? newRequestKey();
      store.setState({ specRequest: { ...current, idempotencyKey, problems: [] } });
      return idempotencyKey;
    },
    // The key is spent: a later change is a new request, with a new key.
    sent: (requestId) => store.setState({ specRequest: { ...NO_SPEC_REQUEST, sentRequestId: requestId } }),
    refused: (problems, step) => {
      store.setState((state) => ({ specRequest: { ...state.specRequest, idempotencyKey: null, problems } }));
      if (step) wizardNavigation(store).goToStep(step);
    },
  };
}
