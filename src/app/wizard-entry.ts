/**
 * Entry of `dist/wizard.js`, loaded on demand: the order and specification-request wizard, and the
 * page's dialogs (`mountViewer`, `mountStartAgain`, which need none of the wizard's services). React
 * and what else it shares with the page come from the chunks the page has loaded already.
 */
// Every file of the page's graph imports the elements' modules (no side effect: define() runs in
// browser.ts), so esbuild puts the code they share with the page in one chunk: a page loads that
// one file, not several, each compressed on its own.
// eslint-disable-next-line no-restricted-imports -- a build entry, not a layer: the import shapes the chunks only
import '../elements/define';
import type { UiOptions } from '../ui/options-context';
import type { WizardHandle, WizardMountProps, WizardServicesInput } from '../ui/wizard-module';
import type { WizardServices } from './wizard-services';
// The services before the UI: the file's modules follow the imports' order, which gzip compresses best.
import { wizardServices } from './wizard-services';
import { mountWizard as mountWizardUi } from '../ui/wizard-mount';

export { mountStartAgain, mountViewer } from '../ui/wizard-mount';

/**
 * Renders the wizard into the page's container (ui/wizard-mount.tsx), its options completed with
 * the services made from `services`. The handle keeps what it made: the wizard keeps the same
 * services until the page hands over new makings, and the same options object until either changes.
 */
export function mountWizard(container: Element, props: WizardMountProps): WizardHandle {
  let input: WizardServicesInput | undefined;
  let services: WizardServices = {};
  let given: UiOptions | undefined;
  let completed: UiOptions = props.options;
  const complete = ({ services: makings, options, ...rest }: WizardMountProps): WizardMountProps => {
    if (makings !== input) {
      input = makings;
      services = input ? wizardServices(input) : {};
      given = undefined;
    }
    if (options !== given) {
      given = options;
      completed = { ...options, ...services };
    }
    return { ...rest, options: completed };
  };
  const handle = mountWizardUi(container, complete(props));
  return {
    update: (next) => handle.update(complete(next)),
    unmount: () => handle.unmount(),
  };
}
