import type { SpecRequest } from '../domain/spec-request';
import { SPEC_REQUEST_VERSION } from '../domain/spec-request';
import type { RequestSource } from './spec-request-content';
import { requestContent } from './spec-request-content';

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
