import type { Catalogue } from '../domain/catalogue/schema';
import type { HostMailSender } from '../services/spec-request';
import type { UiOptions } from '../ui/options-context';
import type { ConfiguratorOptions } from './attributes';

/**
 * What the wizard file needs to make the services only the wizard uses: the shop client, the theme
 * cart, lead capture and direct debit (`UiOptions.order`), and the sender of specification requests
 * (`UiOptions.specRequest`). They ship in that file, so the page's script stays small; the page hands
 * over this input with its UI options, and the file's `mountWizard` makes the services from it.
 */
export interface WizardServicesInput {
  host: HTMLElement;
  options: ConfiguratorOptions;
  catalogue: Catalogue;
  /** The host page's own sender (`mailSender`), which wins over `mail-endpoint`. */
  mailSender?: HostMailSender | undefined;
}

/** The UI options as the page hands them to the wizard file. */
export type PageUiOptions = UiOptions & { wizardServices?: WizardServicesInput | undefined };
