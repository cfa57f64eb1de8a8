import type { Catalogue } from '../domain/catalogue/schema';
import type { ConfiguratorOptions } from '../services/attribute-contract';
import type { OrderSettings } from '../services/order-services';
import type { HostMailSender } from '../services/spec-request';
import type { ConfiguratorStore } from '../stores/configurator-store';
import type { UiOptions } from './options-context';

/**
 * The wizard and the page's dialogs (the 3D view, "Start again?") are a file loaded on demand
 * (`wizard.js`, beside the classic script), so the page's script stays small. This is what that file
 * exports and what the page hands it.
 */
/** The element's attributes the wizard's services are made from. */
export type WizardSettings = OrderSettings & Pick<ConfiguratorOptions, 'mode' | 'persist' | 'mailEndpoint'>;

/**
 * What the wizard file makes the wizard's services from (`UiOptions.order` and `specRequest`): the
 * shop client, lead capture, direct debit and the spec-request sender ship in that file alone.
 */
export interface WizardServicesInput {
  /** The element: `evc-checkout` is fired from it; its document and its place on the page, which names its saved state. */
  host: HTMLElement;
  options: WizardSettings;
  catalogue: Catalogue;
  /** The host page's own sender (`mailSender`), which wins over `mail-endpoint`. */
  mailSender?: HostMailSender | undefined;
}

export interface WizardMountProps {
  store: ConfiguratorStore;
  options: UiOptions;
  /** The wizard's only: what its services are made from; without it, those in `options` (tests' fakes) stand. */
  services?: WizardServicesInput | undefined;
  /** A page dialog: whether it is open (the page's button opens it). */
  open?: boolean | undefined;
  /** A page dialog: closes it; `true` when the buyer confirmed what it asked. */
  close?: ((confirmed?: boolean) => void) | undefined;
}

/** A part of the wizard file rendered into the page's container. */
export interface WizardHandle {
  update(props: WizardMountProps): void;
  unmount(): void;
}

export interface WizardModule {
  mountWizard(container: Element, props: WizardMountProps): WizardHandle;
  /** The 3D view's dialog: the viewer file's loading, its failure, the model. */
  mountViewer(container: Element, props: WizardMountProps): WizardHandle;
  /** The "Start again?" confirmation. */
  mountStartAgain(container: Element, props: WizardMountProps): WizardHandle;
}

export function isWizardModule(value: unknown): value is WizardModule {
  const module = value as Partial<WizardModule> | null;
  return typeof module?.mountWizard === 'function' && typeof module.mountViewer === 'function' && typeof module.mountStartAgain === 'function';
}
