/**
 * Entry of `dist/wizard.js`, loaded on demand: the order and specification-request wizard, and the
 * page's dialogs (`mountViewer`, `mountStartAgain`, which need none of the wizard's services). Its build
 * maps react, react-dom and the JSX runtime to the classic script's own (shared-runtime/), so the
 * wizard adds only its own code.
 */
import { endpointSender, hostSender } from '../services/spec-request';
import { directDebitKey } from '../stores/direct-debit-key';
import type { UiOptions } from '../ui/options-context';
import type { WizardHandle, WizardMountProps } from '../ui/wizard-module';
import { mountWizard as mountWizardUi } from '../ui/wizard-mount';
import { createOrderServices } from '../services/order-services';
import { emit } from './events';
import { storageFor, storageKeyFor } from './saved-state';
import type { PageUiOptions, WizardServicesInput } from './wizard-services';

export { mountStartAgain, mountViewer } from '../ui/wizard-mount';

type WizardServices = Pick<UiOptions, 'order' | 'specRequest'>;

const servicesMade = new WeakMap<WizardServicesInput, WizardServices>();
const optionsMade = new WeakMap<UiOptions, UiOptions>();

/**
 * The services only the wizard uses travel with it: the ordering flow's shop client, theme cart,
 * lead capture and direct debit, and the sender of specification requests (DESIGN: the mail key
 * never reaches the browser; this only posts to `mail-endpoint` or calls the host's `mailSender`).
 * Made once per input, so the wizard keeps the same services across updates.
 */
export function wizardServices(input: WizardServicesInput): WizardServices {
  let services = servicesMade.get(input);
  if (!services) {
    const { host, options, catalogue, mailSender } = input;
    const { mailEndpoint } = options;
    services = {
      order: createOrderServices({
        options,
        catalogue,
        document: host.ownerDocument,
        // Saved for the session, as the personal details it stands for are.
        directDebitKey: () => directDebitKey(storageFor(host.ownerDocument.defaultView, options.persist).personal, storageKeyFor(host, options.mode)),
        // DESIGN `evc-checkout`: the host page may cancel the redirect with preventDefault().
        announceCheckout: (detail) => emit(host, 'evc-checkout', detail, { cancelable: true }),
      }),
      specRequest: mailSender ? hostSender(mailSender) : mailEndpoint ? endpointSender({ endpoint: mailEndpoint }) : undefined,
    };
    servicesMade.set(input, services);
  }
  return services;
}

/** The page's options with the wizard's services added (the same object for the same options). */
function withServices({ store, options }: WizardMountProps): WizardMountProps {
  const input = (options as PageUiOptions).wizardServices;
  if (!input) return { store, options };
  let complete = optionsMade.get(options);
  if (!complete) {
    complete = { ...options, ...wizardServices(input) };
    optionsMade.set(options, complete);
  }
  return { store, options: complete };
}

/** Renders the wizard into the page's container (ui/wizard-mount.tsx), with its services. */
export function mountWizard(container: Element, props: WizardMountProps): WizardHandle {
  const handle = mountWizardUi(container, withServices(props));
  return {
    update: (next) => handle.update(withServices(next)),
    unmount: () => handle.unmount(),
  };
}
