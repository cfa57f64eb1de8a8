import r2wc from '@r2wc/react-to-web-component';
import { useEffect, useMemo, useState } from 'react';
import type { Catalogue } from '../domain/catalogue/schema';
import { parseCatalogue } from '../domain/catalogue/schema';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { priceConfiguration, totalsDetail } from '../domain/pricing';
import { stepCount, stepIndex } from '../domain/wizard';
import { loadCatalogue } from '../services/catalogue';
import type { ConfiguratorStore } from '../stores/configurator-store';
import { createConfiguratorStore, navigationContext } from '../stores/configurator-store';
import type { StorageTargets } from '../stores/persistence';
import { ConfiguratorApp } from '../ui/ConfiguratorApp';
import { ErrorPanel } from '../ui/ErrorPanel';
import { UiOptionsContext } from '../ui/options-context';
import { StoreContext } from '../ui/store-context';
import { CONFIGURATOR_STYLES } from '../ui/styles';
import type { ConfiguratorOptions, PersistMode, RawAttributes } from './attributes';
import { CONFIGURATOR_ATTRIBUTES, parseConfiguratorAttributes } from './attributes';
import { emit } from './events';
import { adoptStyles } from './styles';

type CatalogueState =
  | { status: 'ready'; catalogue: Catalogue }
  | { status: 'loading' }
  | { status: 'error'; message: string };

/** Props r2wc hands over: the attributes, the shadow root, and the object form of `catalog`. */
type RootProps = RawAttributes & { container?: HTMLElement; catalogObject?: unknown };

/** Attributes whose bad value leaves nothing safe to show (DESIGN: never a wrong flow). */
const FATAL_ATTRIBUTES = new Set(['mode', 'cart', 'catalog']);

function storageFor(view: Window | null, persist: PersistMode): StorageTargets {
  const attempt = (get: () => Storage | undefined) => {
    try {
      return get();
    } catch {
      return undefined; // sandboxed frames throw on access
    }
  };
  const session = attempt(() => view?.sessionStorage);
  const choices = persist === 'local' ? attempt(() => view?.localStorage) : persist === 'session' ? session : undefined;
  return { choices, personal: persist === 'none' ? undefined : session };
}

/**
 * Saved state is keyed by page, mode and the element's id (or its position among the
 * configurators on the page), so two instances on one page never restore each other's state.
 */
function storageKeyFor(host: HTMLElement, mode: string): string {
  const document = host.ownerDocument;
  const position = Array.from(document.querySelectorAll<HTMLElement>('ev-charger-configurator')).indexOf(host);
  const name = host.id || `#${Math.max(position, 0)}`;
  return `${mode}:${document.defaultView?.location.pathname ?? ''}:${name}`;
}

function useCatalogue(options: ConfiguratorOptions, catalogObject: unknown): CatalogueState {
  const url = options.catalogUrl;
  const fromObject = useMemo<CatalogueState | undefined>(() => {
    if (catalogObject === undefined || catalogObject === null) return undefined;
    const result = parseCatalogue(catalogObject);
    return result.ok ? { status: 'ready', catalogue: result.catalogue } : { status: 'error', message: result.error };
  }, [catalogObject]);
  const [loaded, setLoaded] = useState<{ url: string; state: CatalogueState } | undefined>();

  useEffect(() => {
    if (fromObject || !url) return;
    const controller = new AbortController();
    void loadCatalogue(url, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      setLoaded({
        url,
        state: result.ok ? { status: 'ready', catalogue: result.catalogue } : { status: 'error', message: result.error },
      });
    });
    return () => controller.abort();
  }, [url, fromObject]);

  if (fromObject) return fromObject;
  if (!url) return { status: 'ready', catalogue: UK_CATALOGUE };
  return loaded?.url === url ? loaded.state : { status: 'loading' };
}

/** Fires the contract's events from the host as the store changes. */
function bindEvents(store: ConfiguratorStore, host: HTMLElement): () => void {
  return store.subscribe((state, previous) => {
    if (state.configuration !== previous.configuration || state.form.email !== previous.form.email || state.shop.basePrice !== previous.shop.basePrice) {
      const totals = priceConfiguration(state.catalogue, state.configuration, { email: state.form.email, basePrice: state.shop.basePrice });
      emit(host, 'evc-change', { configuration: state.configuration, totals: totalsDetail(totals, state.configuration) });
    }
    const moved = state.wizard.step !== previous.wizard.step || (state.wizard.open && !previous.wizard.open);
    if (state.wizard.open && moved) {
      const context = navigationContext(state);
      emit(host, 'evc-step', {
        flow: state.flow,
        step: state.wizard.step,
        index: stepIndex(context, state.wizard.step),
        count: stepCount(context),
      });
    }
  });
}

let instances = 0;

function ConfiguratorRoot(props: RootProps) {
  const host = (props.container as unknown as ShadowRoot).host as HTMLElement;
  const base = host.ownerDocument.baseURI;
  const attributeKey = CONFIGURATOR_ATTRIBUTES.map((name) => props[name] ?? '').join('\u0000');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- attributeKey stands for every attribute
  const { options, errors } = useMemo(() => parseConfiguratorAttributes(props, base), [attributeKey, base]);
  const catalogueState = useCatalogue(options, props.catalogObject);
  const catalogue = catalogueState.status === 'ready' ? catalogueState.catalogue : undefined;

  const fatal = errors.filter((error) => FATAL_ATTRIBUTES.has(error.attribute)).map((error) => error.message);
  if (catalogueState.status === 'error') fatal.push(catalogueState.message);
  const notices = errors.filter((error) => !FATAL_ATTRIBUTES.has(error.attribute)).map((error) => error.message);
  const problems = [...fatal, ...notices].join('\n');

  const store = useMemo(
    () =>
      catalogue
        ? createConfiguratorStore({
            catalogue,
            flow: options.mode,
            storageKey: storageKeyFor(host, options.mode),
            storage: storageFor(host.ownerDocument.defaultView, options.persist),
          })
        : undefined,
    [catalogue, options.mode, options.persist, host],
  );

  useEffect(() => (store ? bindEvents(store, host) : undefined), [store, host]);

  const { imageCdn, supportPhone, supportEmail, videoUrl, socialUrl } = options;
  const [instanceId] = useState(() => `evc${++instances}`);
  const uiOptions = useMemo(
    () => ({ instanceId, imageCdn, supportPhone, supportEmail, videoUrl, socialUrl }),
    [instanceId, imageCdn, supportPhone, supportEmail, videoUrl, socialUrl],
  );

  useEffect(() => {
    if (!problems) return;
    for (const message of problems.split('\n')) {
      emit(host, 'evc-error', { code: message.startsWith('catalogue') ? 'invalid-catalogue' : 'invalid-attribute', message });
    }
  }, [problems, host]);

  if (fatal.length > 0) return <ErrorPanel title="This configurator cannot start" messages={fatal} />;
  if (!store) {
    return (
      <p className="evc-loading" role="status">
        Loading the charger options…
      </p>
    );
  }
  return (
    <StoreContext.Provider value={store}>
      <UiOptionsContext.Provider value={uiOptions}>
        <ConfiguratorApp notices={notices} />
      </UiOptionsContext.Provider>
    </StoreContext.Provider>
  );
}

const PROPS = Object.fromEntries(CONFIGURATOR_ATTRIBUTES.map((name) => [name, 'string'])) as Record<
  (typeof CONFIGURATOR_ATTRIBUTES)[number],
  'string'
>;

const Base = r2wc(ConfiguratorRoot, { shadow: 'open', props: PROPS });

/** r2wc's registered symbols for its props bag and re-render, used to pass `catalog` as an object. */
const PROPS_SYMBOL = Symbol.for('r2wc.props');
const RENDER_SYMBOL = Symbol.for('r2wc.render');

/**
 * `<ev-charger-configurator>`: the configurator and ordering wizard.
 *
 * @event evc-change - `{ configuration, totals }` when any choice changes
 * @event evc-step - `{ flow, step, index, count }` when the wizard opens or moves
 * @event evc-checkout - `{ cartId, checkoutUrl, totals }` before redirecting to checkout (cancelable)
 * @event evc-request-sent - `{ requestId }` when a spec request was accepted
 * @event evc-error - `{ code, message }` for any failure the buyer is shown
 */
export class EvChargerConfigurator extends (Base as unknown as { new (): HTMLElement }) {
  constructor() {
    super();
    if (this.shadowRoot) adoptStyles(this.shadowRoot, CONFIGURATOR_STYLES);
    // A `catalog` set on the element before this script defined it shadows the accessor: re-apply it.
    if (Object.hasOwn(this, 'catalog')) {
      const early = (this as { catalog?: unknown }).catalog;
      delete (this as { catalog?: unknown }).catalog;
      this.catalog = early;
    }
  }

  /** A catalogue URL (string, mirrored to the attribute) or a catalogue object (validated). */
  get catalog(): unknown {
    const bag = (this as unknown as Record<symbol, Record<string, unknown>>)[PROPS_SYMBOL];
    return bag?.['catalogObject'] ?? this.getAttribute('catalog') ?? undefined;
  }

  set catalog(value: unknown) {
    const self = this as unknown as Record<symbol, unknown>;
    const bag = self[PROPS_SYMBOL] as Record<string, unknown>;
    if (typeof value === 'string') {
      bag['catalogObject'] = undefined;
      this.setAttribute('catalog', value);
      return;
    }
    bag['catalogObject'] = value ?? undefined;
    if (value === undefined || value === null) this.removeAttribute('catalog');
    if (this.isConnected) (self[RENDER_SYMBOL] as () => void).call(this);
  }
}
