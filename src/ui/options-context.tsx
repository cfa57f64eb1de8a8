import { createContext, useContext } from 'react';
import type { Configuration } from '../domain/configuration';
import type { ConfiguratorOptions, ContactDetails } from '../services/attribute-contract';
import type { Flow, StepName } from '../domain/wizard';
import type { SpecRequestSender } from '../services/spec-request';
import type { ViewerService } from '../services/viewer';
import type { OrderServices } from '../services/order-services';
import type { EvcErrorDetail } from '../services/error-codes';
import type { WizardModule } from './wizard-module';

/** "Share this configuration" on this page: the element knows the page's URL and its own name on it. */
export interface ShareOptions {
  /** The host page's URL with the configuration in its fragment; rejects when it cannot be made (its file did not load). */
  link(configuration: Configuration): Promise<string>;
  /** Copies to the clipboard; false when the page may not. */
  copy(text: string): Promise<boolean>;
}

/** The attributes the UI shows or loads from, typed by the attribute table (ATTR-1, ATTR-4). */
type UiAttributes = ContactDetails & Pick<ConfiguratorOptions, 'imageCdn' | 'termsUrl' | 'financeTermsUrl' | 'privacyUrl' | 'modelSrc' | 'viewerSrc'>;

/** What the host page configured that the UI shows (contact lines, image base URL, terms pages, the 3D model). */
export interface UiOptions extends UiAttributes {
  /** Unique per element on the page: keeps radio groups of two instances apart in any DOM. */
  instanceId: string;
  /** Loads the viewer file and probes WebGL; tests hand in a fake. Defaults to the browser's. */
  viewer?: ViewerService | undefined;
  /** Per element: whether its preview images failed, so every preview of it (page and wizard) draws the charger. */
  previewImages?: PreviewImages | undefined;
  /** Tells the host page about a failure the buyer is shown (the element fires `evc-error`). */
  reportError?: ((error: EvcErrorDetail) => void) | undefined;
  /** Without it there is no Share button. */
  share?: ShareOptions | undefined;
  /** Loads the wizard file (on demand, beside the classic script); without it Continue shows an error. */
  loadWizard?: (() => Promise<WizardModule>) | undefined;
  /** The ordering flow's calls to the shop and lead capture; absent in tests that do not need them. */
  order?: OrderServices | undefined;
  /** False without `direct-debit-endpoint`: the monthly plan is not offered. */
  monthlyPlanAvailable?: boolean | undefined;
  /** Step 07's sender (`mail-endpoint` or the host's `mailSender`); without it spec mode shows a configuration error. */
  specRequest?: SpecRequestSender | undefined;
  /** Tells the host page a specification request was accepted (the element fires `evc-request-sent`). */
  onRequestSent?: ((detail: { requestId: string }) => void) | undefined;
  /** Tells the host page the wizard shows a step, as it opens or moves (the element fires `evc-step`). */
  onStep?: ((detail: { flow: Flow; step: StepName; index: number; count: number }) => void) | undefined;
}

/** The preview images of one element: `fail(src)` marks them failed, and tells the host page the first time. */
export interface PreviewImages {
  failed: boolean;
  fail(src: string): void;
}

export const UiOptionsContext = createContext<UiOptions>({ instanceId: 'evc', imageCdn: '/cdn' });

export const useUiOptions = () => useContext(UiOptionsContext);
