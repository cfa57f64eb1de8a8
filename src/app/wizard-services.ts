import { endpointSender, hostSender } from '../services/spec-request';
import { createOrderServices } from '../services/order-services';
import { directDebitKey, flowCheckouts } from '../stores/direct-debit-key';
import { partnerChallenges } from '../stores/partner-challenge';
import type { UiOptions } from '../ui/options-context';
import type { WizardServicesInput } from '../ui/wizard-module';
import { emit } from './events';
import { storageFor, storageKeyFor } from './saved-state';

/** The services only the wizard uses: the ordering flow's and the spec request's sender. */
export type WizardServices = Pick<UiOptions, 'order' | 'specRequest'>;

/**
 * The wizard file makes them (app/wizard-entry.ts), so they ship with it: the shop client, theme
 * cart, lead capture and direct debit, and the sender of specification requests (ARCH-5: the mail
 * key never reaches the browser; this only posts to `mail-endpoint` or calls the host's `mailSender`).
 */
export function wizardServices({ host, options, catalogue, mailSender }: WizardServicesInput): WizardServices {
  const { mailEndpoint } = options;
  return {
    order: createOrderServices({
      options,
      catalogue,
      document: host.ownerDocument,
      // Saved for the session, as the personal details it stands for are.
      directDebitKey: () => directDebitKey(storageFor(host.ownerDocument.defaultView, options.persist).personal, storageKeyFor(host, options.mode)),
      flowCheckouts: () => flowCheckouts(storageFor(host.ownerDocument.defaultView, options.persist).personal, storageKeyFor(host, options.mode)),
      partnerChallenges: () => partnerChallenges(storageFor(host.ownerDocument.defaultView, options.persist).personal, storageKeyFor(host, options.mode)),
      // EVENT-4: the host page may cancel the redirect with preventDefault().
      announceCheckout: (detail) => emit(host, 'evc-checkout', detail, { cancelable: true }),
    }),
    specRequest: mailSender ? hostSender(mailSender) : mailEndpoint ? endpointSender({ endpoint: mailEndpoint }) : undefined,
  };
}
