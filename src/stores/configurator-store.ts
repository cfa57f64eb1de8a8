import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Catalogue, InstallationId, Offer } from '../domain/catalogue/schema';
import type { Configuration } from '../domain/configuration';
import { defaultConfiguration, parseConfiguration } from '../domain/configuration';
import type { FormValues } from '../domain/forms';
import type { InstallationInfo } from '../domain/installation-info';
import { defaultFormValues } from '../domain/forms';
import type { Totals } from '../domain/pricing';
import { priceConfiguration } from '../domain/pricing';
import type { VerifiedPartner } from '../domain/partner';
import { partnerContext, verificationCurrent } from '../domain/partner';
import type { ShopPriceList } from '../domain/shop-availability';
import type { PricedCatalogueResult } from '../services/shop-prices';
import type { SpecRequestProblem } from '../domain/spec-request';
import { normaliseConfiguration } from '../domain/selection';
import type { Flow, NavigationContext, StepName } from '../domain/wizard/steps';
import { stepsFor } from '../domain/wizard/steps';
import { normaliseStep, parseWalkedSteps } from '../domain/wizard/navigation';
import type { StorageTargets } from './persistence';
import { forget, readSaved, writeSaved } from './persistence';
// Not './spec-request': its request schema is the wizard's, loaded with the wizard.
import { requestFingerprint } from './spec-request-content';

export interface WizardState {
  open: boolean;
  step: StepName;
  /** MOVE-7: the 22kW confirmation was answered "continue" for the current cable. */
  highPowerConfirmed: boolean;
}

/**
 * Where the figures the buyer sees come from: the shop's current prices, or (without a shop, or
 * when it could not be asked) the catalogue's, which the page then calls indicative.
 */
export type PriceSource =
  | { source: 'pending' }
  | { source: 'shop'; list: ShopPriceList }
  | { source: 'catalogue'; shopFailed: boolean };


/**
 * What the shop told us. Only the cart id is saved (with the choices, so a reload keeps the same
 * cart); the rest is fetched again.
 */
export interface ShopState {
  prices: PriceSource;
  offers: Offer[];
  installationDetails: Partial<Record<InstallationId, InstallationInfo>>;
  cartId: string | null;
}

/**
 * The specification request of step 07. The idempotency key is made once per request and
 * saved with the choices, so a retry or a reload resends the same key and the relay sends one
 * message; once sent, the saved request id makes a reload show the confirmation, not send again.
 * A request changed after it was accepted is sent again as an amendment of it, never shown as sent
 * before that.
 */
export interface SpecRequestState {
  /** The key of the request being sent; dropped when what the request says changes. */
  idempotencyKey: string | null;
  /** The id the relay gave the last accepted request. */
  sentRequestId: string | null;
  /** What the request says changed since `sentRequestId` was accepted: the next send amends it. */
  changedSinceSent: boolean;
  /** What the relay refused, by field; shown on the step at fault until the next send. */
  problems: SpecRequestProblem[];
}

export interface ConfiguratorActions {
  chooseFront(id: string): void;
  chooseBody(id: string): void;
  setShop(changes: Partial<ShopState>): void;
  /**
   * The shop's answer to the price query (or a cart's): its prices replace the catalogue's
   * everywhere, and a discount whose code it refused is no longer shown.
   */
  applyShopPrices(answer: PricedCatalogueResult): void;
  openWizard(): void;
  closeWizard(): void;
  /** "Start again": defaults, and every saved trace of this element removed. */
  reset(): void;
  /**
   * Any change of choices (the wizard's, by the selection rules in stores/wizard-choices.ts; a share
   * link's, already validated): normalised for the flow, with what follows from it.
   */
  setConfiguration(configuration: Configuration): void;
}

export interface ConfiguratorState {
  catalogue: Catalogue;
  flow: Flow;
  configuration: Configuration;
  /** The cable before a 22kW choice, so "go back" in the confirmation dialog can return to it. */
  previousCable: string | null;
  form: FormValues;
  wizard: WizardState;
  shop: ShopState;
  specRequest: SpecRequestState;
  smallScreen: boolean;
  /** With `partner-endpoint`: only a verified partner (`form.verifiedPartner`) gives a partner discount, never the e-mail alone. */
  verifiedPartnerDiscounts: boolean;
  actions: ConfiguratorActions;
}

export interface StoreOptions {
  catalogue: Catalogue;
  flow: Flow;
  /** Distinguishes this element's saved state from other elements' on the same origin. */
  storageKey: string;
  storage?: StorageTargets;
  /** True when a shop will be asked for its prices; until it answers, the figures are pending. */
  shopPrices?: boolean;
  /** True with `partner-endpoint`: a partner discount needs a verified one-time code. */
  verifiedPartnerDiscounts?: boolean;
}

export type ConfiguratorStore = StoreApi<ConfiguratorState>;

interface SavedChoices {
  configuration: Configuration;
  wizard: WizardState;
  cartId: string | null;
  /** Optional: choices saved before the specification request existed have none. */
  specRequest?: { idempotencyKey: string | null; sentRequestId: string | null; changedSinceSent?: boolean };
}

type SavedSpecRequest = Omit<SpecRequestState, 'problems'>;

/** Personal details saved for the session; the date of birth is never written (SAVE-1). */
type SavedPersonal = Omit<FormValues, 'dob'>;

const choicesKey = (key: string) => `evc:${key}:choices`;
const personalKey = (key: string) => `evc:${key}:personal`;

export function navigationContext(state: Pick<ConfiguratorState, 'flow' | 'catalogue' | 'configuration' | 'smallScreen' | 'shop' | 'wizard'>): NavigationContext {
  return {
    flow: state.flow,
    catalogue: state.catalogue,
    configuration: state.configuration,
    smallScreen: state.smallScreen,
    offersAvailable: state.shop.offers.length > 0,
    highPowerConfirmed: state.wizard.highPowerConfirmed,
  };
}

const NONE: readonly string[] = [];

/** The variants the shop answered it cannot sell now; none before it answered (the same list each time). */
export const selectUnavailableVariants = ({ shop }: { shop: Pick<ShopState, 'prices'> }): readonly string[] =>
  shop.prices.source === 'shop' ? shop.prices.list.unavailable : NONE;

function firstStep(flow: Flow): StepName {
  return stepsFor(flow)[0].name;
}

function readChoices(options: StoreOptions): SavedChoices | undefined {
  const { catalogue, flow } = options;
  return readSaved(options.storage?.choices, choicesKey(options.storageKey), (data) => {
    if (typeof data !== 'object' || data === null) return undefined;
    const saved = data as Partial<SavedChoices>;
    const parsed = parseConfiguration(catalogue, saved.configuration);
    const wizard = saved.wizard;
    if (!parsed.ok || typeof wizard !== 'object' || wizard === null) return undefined;
    const known = stepsFor(flow).some((step) => step.name === wizard.step);
    if (!known || typeof wizard.open !== 'boolean' || typeof wizard.highPowerConfirmed !== 'boolean') return undefined;
    const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
    const cartId = text(saved.cartId);
    const specRequest: SavedSpecRequest = {
      idempotencyKey: text(saved.specRequest?.idempotencyKey),
      sentRequestId: text(saved.specRequest?.sentRequestId),
      changedSinceSent: saved.specRequest?.changedSinceSent === true,
    };
    return { configuration: normaliseConfiguration(catalogue, parsed.configuration, flow), wizard, cartId, specRequest };
  });
}

function readPersonal(options: StoreOptions): FormValues | undefined {
  return readSaved(options.storage?.personal, personalKey(options.storageKey), (data) => {
    if (typeof data !== 'object' || data === null) return undefined;
    const defaults = defaultFormValues();
    const merged: Record<string, unknown> = { ...defaults };
    for (const [field, value] of Object.entries(data)) {
      // Only known fields of the right type survive; dob is never restored.
      if (field === 'dob' || field === 'wizardSteps' || !(field in defaults)) continue;
      const expected = typeof defaults[field as keyof FormValues];
      if (typeof value === expected && value !== null) merged[field] = value;
    }
    const saved = data as Partial<Record<keyof FormValues, unknown>>;
    merged['wizardSteps'] = parseWalkedSteps(options.flow, saved.wizardSteps);
    // A partner verification counts until it expires.
    const verified = saved.verifiedPartner as VerifiedPartner | undefined;
    if (verified && verificationCurrent(verified, Date.now())) merged['verifiedPartner'] = verified;
    return merged as unknown as FormValues;
  });
}

export const NO_SPEC_REQUEST: SpecRequestState = { idempotencyKey: null, sentRequestId: null, changedSinceSent: false, problems: [] };

/**
 * What a change to what the specification request says does besides: a key made for the old
 * content is dropped (the relay would answer the new content with the old one's answer), an
 * accepted request becomes due for amendment, and the wizard leaves the submission step, so the
 * changed request is sent from step 06's Continue and never shown as sent before.
 */
export function requestChange(before: ConfiguratorState, after: ConfiguratorState): Partial<ConfiguratorState> {
  if (before.flow !== 'spec-request' || requestFingerprint(before) === requestFingerprint(after)) return {};
  const { specRequest, wizard } = after;
  const changes = { specRequest: { ...specRequest, idempotencyKey: null, changedSinceSent: specRequest.sentRequestId !== null } };
  // Step 06 always applies and comes right before the submission.
  return wizard.step === 'submission' ? { ...changes, wizard: { ...wizard, step: 'details' } } : changes;
}

/**
 * One store per element instance (SAVE-2). Actions call the pure
 * domain functions; derived values (totals, "can continue") are selectors, never stored.
 */
export function createConfiguratorStore(options: StoreOptions): ConfiguratorStore {
  const { catalogue, flow } = options;
  const saved = readChoices(options);
  const savedForm = readPersonal(options);

  const store = createStore<ConfiguratorState>()((set, get) => {
    const setConfiguration = (configuration: Configuration) => {
      const state = get();
      if (configuration === state.configuration) return;
      const normalised = normaliseConfiguration(catalogue, configuration, flow);
      const wizard = { ...state.wizard };
      if (normalised.cable !== state.configuration.cable) wizard.highPowerConfirmed = false;
      const nextState = { ...state, configuration: normalised, wizard };
      wizard.step = normaliseStep(navigationContext(nextState), wizard.step);
      set({
        configuration: normalised,
        wizard,
        previousCable: normalised.cable !== state.configuration.cable ? state.configuration.cable : state.previousCable,
        ...requestChange(state, nextState),
      });
    };

    const actions: ConfiguratorActions = {
      chooseFront: (id) => setConfiguration({ ...get().configuration, front: id }),
      chooseBody: (id) => setConfiguration({ ...get().configuration, body: id }),
      setShop: (changes) => set((state) => ({ shop: { ...state.shop, ...changes } })),
      applyShopPrices: (answer) =>
        set((state) => ({
          catalogue: answer.ok ? answer.catalogue : catalogue,
          shop: { ...state.shop, prices: answer.ok ? { source: 'shop', list: answer.list } : { source: 'catalogue', shopFailed: true } },
        })),
      openWizard: () => set((state) => ({ wizard: { ...state.wizard, open: true } })),
      closeWizard: () => set((state) => ({ wizard: { ...state.wizard, open: false } })),
      reset: () => {
        set({
          configuration: normaliseConfiguration(catalogue, defaultConfiguration(catalogue), flow),
          previousCable: null,
          form: defaultFormValues(),
          wizard: { open: false, step: firstStep(flow), highPowerConfirmed: false },
          shop: { ...get().shop, cartId: null },
          specRequest: NO_SPEC_REQUEST,
        });
        // After the state change, whose subscriber saves the defaults.
        forget(options.storage?.choices, choicesKey(options.storageKey));
        forget(options.storage?.personal, personalKey(options.storageKey));
      },
      setConfiguration,
    };

    return {
      catalogue,
      flow,
      configuration: saved?.configuration ?? normaliseConfiguration(catalogue, defaultConfiguration(catalogue), flow),
      previousCable: null,
      form: savedForm ?? defaultFormValues(),
      wizard: saved?.wizard ?? { open: false, step: firstStep(flow), highPowerConfirmed: false },
      // Offers are the catalogue's (a merchant catalogue lists them; the embedded one has none).
      shop: {
        prices: options.shopPrices ? { source: 'pending' } : { source: 'catalogue', shopFailed: false },
        offers: catalogue.offers,
        installationDetails: {},
        cartId: saved?.cartId ?? null,
      },
      specRequest: { ...NO_SPEC_REQUEST, ...saved?.specRequest },
      smallScreen: false,
      verifiedPartnerDiscounts: options.verifiedPartnerDiscounts === true,
      actions,
    };
  });

  store.subscribe((state, previous) => {
    const request = state.specRequest;
    if (state.configuration !== previous.configuration || state.wizard !== previous.wizard || state.shop.cartId !== previous.shop.cartId || request !== previous.specRequest) {
      writeSaved(options.storage?.choices, choicesKey(options.storageKey), {
        configuration: state.configuration,
        wizard: state.wizard,
        cartId: state.shop.cartId,
        specRequest: { idempotencyKey: request.idempotencyKey, sentRequestId: request.sentRequestId, changedSinceSent: request.changedSinceSent },
      } satisfies SavedChoices);
    }
    if (state.form !== previous.form) {
      const { dob: _dob, ...personal } = state.form;
      writeSaved(options.storage?.personal, personalKey(options.storageKey), personal satisfies SavedPersonal);
    }
  });
  return store;
}

/** The last totals worked out for each configuration object, shared by every reader of a store. */
const totalsCache = new WeakMap<Configuration, { catalogue: Catalogue; email: string; verified: VerifiedPartner | undefined; totals: Totals }>();

/**
 * Totals for the current choices, memoised on the inputs: React's external-store hook sees a stable
 * object between changes, and the summaries, the price header and the evc-change event of one
 * change share one computation.
 */
export function selectTotals(state: ConfiguratorState): Totals {
  const { catalogue, configuration } = state;
  const verified = state.form.verifiedPartner;
  const email = state.form.email;
  const last = totalsCache.get(configuration);
  if (last && last.catalogue === catalogue && last.email === email && last.verified === verified) return last.totals;
  // The e-mail and, with `partner-endpoint`, the verified partner decide the partner discount.
  const totals = priceConfiguration(catalogue, configuration, partnerContext(state.form, state.verifiedPartnerDiscounts));
  totalsCache.set(configuration, { catalogue, email, verified, totals });
  return totals;
}
