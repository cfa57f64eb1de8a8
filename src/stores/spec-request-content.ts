import { withInstallation } from '../domain/configuration';
import type { SpecRequest } from '../domain/spec-request';
import type { ConfiguratorState } from './configurator-store';

export type RequestSource = Pick<ConfiguratorState, 'catalogue' | 'form' | 'configuration' | 'specRequest'>;

export type RequestContent = Omit<SpecRequest, 'version' | 'idempotencyKey' | 'amends'>;

/**
 * What the request says: the order e-mail (step 01), the configuration as ids (never display text),
 * the installation check's answers when installation is included (step 05) and the customer's
 * details (step 06), whose e-mail is their contact address and may differ from the order's.
 */
export function requestContent({ catalogue, form, configuration }: Omit<RequestSource, 'specRequest'>): RequestContent {
  return {
    orderEmail: form.orderEmail.trim(),
    customer: {
      'first-name': form['first-name'].trim(),
      'last-name': form['last-name'].trim(),
      email: form.email.trim(),
      tel: form.tel.trim(),
    },
    configuration,
    ...(withInstallation(catalogue, configuration) ? { installCheck: form.installCheck } : {}),
  };
}

/** Object keys in one order, so equal content gives equal text however its objects were built. */
const sortedKeys = (_key: string, value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
    : value;

/** Equal for two states exactly when the request they would send says the same. */
export function requestFingerprint(state: Omit<RequestSource, 'specRequest'>): string {
  return JSON.stringify(requestContent(state), sortedKeys);
}
