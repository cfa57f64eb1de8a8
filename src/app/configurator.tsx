import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Catalogue } from '../domain/catalogue/schema';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { totalsDetail } from '../domain/pricing';
import type { HostMailSender } from '../services/spec-request';
import type { PricedCatalogueResult } from '../services/shop-prices';
import { SPEC_REQUEST_UNAVAILABLE } from '../ui/spec-request-messages';
import type { ConfiguratorStore } from '../stores/configurator-store';
import { createConfiguratorStore, selectTotals } from '../stores/configurator-store';
import { ConfiguratorApp } from '../ui/ConfiguratorApp';
import { ErrorPanel } from '../ui/ErrorPanel';
import type { PreviewImages, UiOptions } from '../ui/options-context';
import { UiOptionsContext } from '../ui/options-context';
import { Spinner } from '../ui/Spinner';
import { StoreContext } from '../ui/store-context';
import type { EvcErrorDetail, EvcStepDetail } from './events';
import { emit } from './events';
import type { CatalogueModule } from './on-demand-modules';
import type { ConfiguratorOptions } from '../services/attribute-contract';
import type { WizardServicesInput } from '../ui/wizard-module';
import { loadCatalogueModule, loadShopPricesModule, loadWizardModule } from './on-demand';
import { storageFor, storageKeyFor } from './saved-state';
import { useSharedLink, useShareLink } from './share-link';
import { shopPricesTarget } from './shop-prices';
import { createWizardLoader } from '../services/wizard';
import { isWizardModule } from '../ui/wizard-module';

/** The element's attributes, parsed, as the app reads them: every one in the attribute table (ATTR-1). */
export type ConfiguratorSettings = ConfiguratorOptions;

/** What the element hands its app: itself, its attributes parsed, its properties. */
export interface ConfiguratorProps {
  /** The element: events are fired from it; its document (the page's URL, storage) and its place among the page's configurators. */
  host: HTMLElement;
  options: ConfiguratorSettings;
  /** Bad attributes, as the buyer reads them: a fatal one stops the configurator, the others are notices. */
  errors: readonly { message: string; fatal?: true | undefined }[];
  /** The `catalog` property's object form. */
  catalogObject: unknown;
  /** The `mailSender` property. */
  mailSender: HostMailSender | undefined;
}

/** The catalogue in use: the embedded one at once, a merchant's once loaded and validated. */
export type CatalogueState =
  | { status: 'ready'; catalogue: Catalogue }
  | { status: 'loading' }
  | { status: 'error'; message: string; retry?: () => void };

const EMBEDDED: CatalogueState = { status: 'ready', catalogue: UK_CATALOGUE };

/** The catalogue file once loaded, for every configurator on the page. */
let catalogueModule: CatalogueModule | undefined;

/** Fires the contract's events as the store changes. */
function bindEvents(store: ConfiguratorStore, host: HTMLElement): () => void {
  return store.subscribe((state, previous) => {
    // Choices, the e-mail and a verified partner (its discount) only: the shop's price answer is no choice; the next totals carry it.
    if (state.configuration !== previous.configuration || state.form.email !== previous.form.email || state.form.verifiedPartner !== previous.form.verifiedPartner) {
      emit(host, 'evc-change', { configuration: state.configuration, totals: totalsDetail(selectTotals(state), state.configuration) });
    }
  });
}

/** An element's preview images: once one fails, its previews draw the charger, and the host page hears of it once. */
function previewImagesOf(host: HTMLElement): PreviewImages {
  const images: PreviewImages = {
    failed: false,
    fail(src) {
      if (images.failed) return;
      images.failed = true;
      emit(host, 'evc-error', { code: 'preview-images-failed', message: `The preview images could not be loaded from ${new URL(src).origin}: the charger is drawn instead.` });
    },
  };
  return images;
}

let instances = 0;

/** A wizard file named by `wizard-src`, loaded once for every configurator on the page. */
const wizardLoader = createWizardLoader(isWizardModule);

export const LOADING = (
  <div className="evc-loading">
    <Spinner label="Loading the charger options…" />
  </div>
);

/**
 * The app root of one `<ev-charger-configurator>`: its catalogue, its store (saved state, a share
 * link's choices, the shop's prices), the UI's options and services, and the events the host page hears.
 */
export function Configurator(props: ConfiguratorProps) {
  const object = props.catalogObject ?? undefined;
  const url = props.options.catalogUrl;
  const merchant = object !== undefined || url !== undefined;
  const [module, setModule] = useState(() => catalogueModule);
  // Why the catalogue file did not load; "Try again" clears it, and the file is asked for again.
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    if (!merchant || module || failure) return;
    let current = true;
    loadCatalogueModule().then(
      (loaded) => current && setModule((catalogueModule = loaded)),
      (error: unknown) => current && setFailure(`catalogue: ${(error as Error).message}`),
    );
    return () => {
      current = false;
    };
  }, [merchant, module, failure]);

  if (!merchant) return <ConfiguratorWith {...props} catalogueState={EMBEDDED} />;
  if (module) return <module.MerchantCatalogue object={object} url={url}>{(state) => <ConfiguratorWith {...props} catalogueState={state} />}</module.MerchantCatalogue>;
  return <ConfiguratorWith {...props} catalogueState={failure ? { status: 'error', message: failure, retry: () => setFailure(undefined) } : { status: 'loading' }} />;
}

/** The element with its catalogue's state: the spinner, the error panel, or the page. */
function ConfiguratorWith({ host, options, errors, mailSender, catalogueState }: ConfiguratorProps & { catalogueState: CatalogueState }) {
  const catalogue = catalogueState.status === 'ready' ? catalogueState.catalogue : undefined;

  const fatal = errors.filter((error) => error.fatal).map((error) => error.message);
  if (catalogueState.status === 'error') fatal.push(catalogueState.message);
  const notices = errors.filter((error) => !error.fatal).map((error) => error.message);
  const problems = [...fatal, ...notices].join('\n');

  // A share link's reader loads on demand: the store waits for it, so the link's choices show first.
  const sharedLink = useSharedLink(host);
  const pricesTarget = useMemo(() => shopPricesTarget(options), [options]);
  const store = useMemo(
    () =>
      catalogue && sharedLink.ready
        ? createConfiguratorStore({
            catalogue,
            flow: options.mode,
            storageKey: storageKeyFor(host, options.mode),
            storage: storageFor(host.ownerDocument.defaultView, options.persist),
            shopPrices: pricesTarget !== undefined,
            verifiedPartnerDiscounts: !!options.partnerEndpoint,
          })
        : undefined,
    [catalogue, sharedLink.ready, options.mode, options.persist, options.partnerEndpoint, host, pricesTarget],
  );

  // The shop is the source of truth: its prices replace the catalogue's as soon as it answers. What
  // asks it is a file of its own, loaded once the page has rendered; when that file cannot be
  // loaded, the figures stay the catalogue's, called indicative, as when the shop cannot be asked.
  useEffect(() => {
    if (!store || !catalogue || !pricesTarget) return;
    let current = true;
    void loadShopPricesModule()
      .then(
        ({ shopPrices }) => shopPrices(catalogue, pricesTarget),
        (error: unknown): PricedCatalogueResult => ({ ok: false, error: (error as Error).message }),
      )
      .then((answer) => {
        if (!current) return;
        store.getState().actions.applyShopPrices(answer);
        // The summary says the prices are indicative; the host page hears why.
        if (!answer.ok) emit(host, 'evc-error', { code: 'shop-prices-failed', message: answer.error });
      });
    return () => {
      current = false;
    };
  }, [store, catalogue, pricesTarget, host]);

  useEffect(() => (store ? bindEvents(store, host) : undefined), [store, host]);
  const shareLink = useShareLink(host, store, sharedLink);

  const { wizardSrc } = options;
  const loadWizard = useMemo(() => (wizardSrc ? () => wizardLoader(wizardSrc) : loadWizardModule), [wizardSrc]);
  const [instanceId] = useState(() => `evc${++instances}`);
  // Failures the UI shows the buyer reach the host page as evc-error (EVENT-1, ERR-1).
  const reportError = useCallback((detail: EvcErrorDetail) => emit(host, 'evc-error', detail), [host]);
  const [previewImages] = useState(() => previewImagesOf(host));
  // ATTR-5: without `direct-debit-endpoint` the monthly plan is hidden.
  const monthlyPlanAvailable = Boolean(options.directDebitEndpoint);
  // The shop client, lead capture and the spec-request sender are used by the wizard alone: its file makes them from this (app/wizard-entry.ts).
  const wizardServices = useMemo<WizardServicesInput | undefined>(
    () => (catalogue ? { host, options, catalogue, mailSender } : undefined),
    [host, options, catalogue, mailSender],
  );
  // The host's `mailSender` wins over `mail-endpoint`; with neither, spec mode cannot send.
  const specRequestUnavailable = options.mode === 'spec-request' && !mailSender && !options.mailEndpoint;
  const onRequestSent = useCallback((detail: { requestId: string }) => emit(host, 'evc-request-sent', detail), [host]);
  const onStep = useCallback((detail: EvcStepDetail) => emit(host, 'evc-step', detail), [host]);
  // The element's options carry what the UI shows (image CDN, contact lines, model and viewer files).
  const uiOptions = useMemo<UiOptions>(
    () => ({
      ...options,
      instanceId,
      reportError,
      previewImages,
      share: shareLink.share,
      loadWizard,
      monthlyPlanAvailable,
      onRequestSent,
      onStep,
    }),
    [options, instanceId, reportError, previewImages, shareLink.share, loadWizard, monthlyPlanAvailable, onRequestSent, onStep],
  );

  useEffect(() => {
    if (specRequestUnavailable) emit(host, 'evc-error', { code: 'invalid-configuration', message: SPEC_REQUEST_UNAVAILABLE });
  }, [specRequestUnavailable, host]);

  useEffect(() => {
    if (!problems) return;
    for (const message of problems.split('\n')) {
      emit(host, 'evc-error', { code: message.startsWith('catalogue') ? 'invalid-catalogue' : 'invalid-attribute', message });
    }
  }, [problems, host]);

  if (fatal.length > 0) {
    const retry = catalogueState.status === 'error' ? catalogueState.retry : undefined;
    return <ErrorPanel title="This configurator cannot start" messages={fatal} retry={retry} phone={options.supportPhone} email={options.supportEmail} />;
  }
  if (!store) return LOADING;
  return (
    <StoreContext.Provider value={store}>
      <UiOptionsContext.Provider value={uiOptions}>
        <ConfiguratorApp
          notices={[...notices, ...(specRequestUnavailable ? [SPEC_REQUEST_UNAVAILABLE] : []), ...(shareLink.notice ? [shareLink.notice] : [])]}
          services={wizardServices}
        />
      </UiOptionsContext.Provider>
    </StoreContext.Provider>
  );
}
