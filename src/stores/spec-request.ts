import type { SpecRequest } from '../domain/spec-request';
import { SPEC_REQUEST_VERSION } from '../domain/spec-request';
import type { ConfiguratorState } from './configurator-store';

/**
 * Issue 5 "Request and relay": the order e-mail (step 01), the customer's details (step 06), the
 * configuration as ids (never display text) and the request's idempotency key.
 */
export function buildSpecRequest(state: Pick<ConfiguratorState, 'form' | 'configuration'>, idempotencyKey: string): SpecRequest {
  const { form } = state;
  return {
    version: SPEC_REQUEST_VERSION,
    idempotencyKey,
    orderEmail: form.email.trim(),
    customer: {
      'first-name': form['first-name'].trim(),
      'last-name': form['last-name'].trim(),
      email: form.email.trim(),
      tel: form.tel.trim(),
    },
    configuration: state.configuration,
  };
}
