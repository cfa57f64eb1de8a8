import type { ConfiguratorStore } from '../stores/configurator-store';
import type { UiOptions } from './options-context';

/**
 * The wizard is a file loaded on demand (`wizard.js`, beside the classic script), so the page's
 * script stays small. This is what that file exports and what the page hands it.
 */
export interface WizardMountProps {
  store: ConfiguratorStore;
  options: UiOptions;
}

export interface WizardHandle {
  update(props: WizardMountProps): void;
  unmount(): void;
}

export interface WizardModule {
  mountWizard(container: Element, props: WizardMountProps): WizardHandle;
}

export function isWizardModule(value: unknown): value is WizardModule {
  return typeof (value as Partial<WizardModule> | null)?.mountWizard === 'function';
}
