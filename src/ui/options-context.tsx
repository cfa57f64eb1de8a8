import { createContext, useContext } from 'react';
import type { Configuration } from '../domain/configuration';
import type { Flow, StepName } from '../domain/wizard';
import type { SpecRequestSender } from '../services/spec-request';
import type { ViewerService } from '../services/viewer';
import type { OrderServices } from '../services/order-services';
import type { WizardModule } from './wizard-module';

/** "Share this configuration" on this page: the element knows the page's URL and its own name on it. */
export interface ShareOptions {
  /** The host page's URL with the configuration in its fragment; rejects when it cannot be made (its file did not load). */
  link(configuration: Configuration): Promise<string>;
  /** Copies to the clipboard; false when the page may not. */
  copy(text: string): Promise<boolean>;
}

/** What the host page configured that the UI shows (contact lines, image base URL). */
export interface UiOptions {
  /** Unique per element on the page: keeps radio groups of two instances apart in any DOM. */
  instanceId: string;
  imageCdn: string;
  supportPhone?: string | undefined;
  supportEmail?: string | undefined;
  videoUrl?: string | undefined;
  socialUrl?: string | undefined;
  /** The merchant's terms pages, linked beside the checkboxes that accept them; without one, a short text in a dialog. */
  termsUrl?: string | undefined;
  financeTermsUrl?: string | undefined;
  privacyUrl?: string | undefined;
  /** glTF/GLB of the charger (`model-src`); without it there is no "View in 3D" button. */
  modelSrc?: string | undefined;
  /** URL of a `model-viewer.js` to load instead of the build's own (`viewer-src`). */
  viewerSrc?: string | undefined;
  /** Loads the viewer file and probes WebGL; tests hand in a fake. Defaults to the browser's. */
  viewer?: ViewerService | undefined;
  /** Per element: whether its preview images failed, so every preview of it (page and wizard) draws the charger. */
  previewImages?: PreviewImages | undefined;
  /** Tells the host page about a failure the buyer is shown (the element fires `evc-error`). */
  reportError?: ((error: { code: string; message: string }) => void) | undefined;
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
