import type {
  AddOn,
  AddOnId,
  CableOption,
  Catalogue,
  ColourOption,
  InstallationId,
  InstallationOption,
  PaymentType,
} from './catalogue/schema';
import { INSTALLATION_ID_MESSAGE, INSTALLATION_IDS, PAYMENT_TYPE_MESSAGE, PAYMENT_TYPES } from './catalogue/ids';

/**
 * What the buyer chose: ids into the catalogue, never display text. Personal details live in the
 * form values (see forms.ts), not here.
 */
export interface Configuration {
  /** Front fascia: a standard metal, premium wood or limited finish id. */
  front: string;
  body: string;
  cable: string;
  installation: InstallationId;
  surgeProtection: boolean;
  advancedSolar: boolean;
  renewable: boolean;
  cableHook: boolean;
  hookColour: string;
  display: boolean;
  extendedWarranty: boolean;
  paymentType: PaymentType | null;
  offer: string | null;
}

export type FrontKind = 'standard' | 'premium' | 'limited';

/**
 * CHOICE-1 defaults: first front and body colour, standard no-install,
 * socket 7kW cable, no discount, no payment plan, every optional add-on off.
 */
export function defaultConfiguration(catalogue: Catalogue): Configuration {
  const socket7 =
    catalogue.cables.find((cable) => cable.kind === 'socketed' && cable.powerKw === 7) ?? catalogue.cables[0]!;
  return {
    front: catalogue.colours.front.standard[0]!.id,
    body: catalogue.colours.body[0]!.id,
    cable: socket7.id,
    installation: 'no_install',
    surgeProtection: false,
    advancedSolar: false,
    renewable: false,
    cableHook: false,
    hookColour: catalogue.colours.hook[0]!.id,
    display: false,
    extendedWarranty: false,
    paymentType: null,
    offer: null,
  };
}

/** Every front finish, in picker order (standard metals, wood, limited). */
export function frontColours(catalogue: Catalogue): ColourOption[] {
  const { standard, premium, limited } = catalogue.colours.front;
  return [...standard, ...premium, ...limited];
}

export function frontKind(catalogue: Catalogue, id: string): FrontKind | undefined {
  const { standard, premium, limited } = catalogue.colours.front;
  if (standard.some((c) => c.id === id)) return 'standard';
  if (premium.some((c) => c.id === id)) return 'premium';
  if (limited.some((c) => c.id === id)) return 'limited';
  return undefined;
}

function mustFind<T extends { id: string }>(list: readonly T[], id: string, what: string): T {
  const found = list.find((item) => item.id === id);
  if (!found) throw new Error(`Unknown ${what} "${id}"`);
  return found;
}

export const frontColour = (c: Catalogue, id: string) => mustFind(frontColours(c), id, 'front colour');
export const bodyColour = (c: Catalogue, id: string) => mustFind(c.colours.body, id, 'body colour');
export const hookColour = (c: Catalogue, id: string) => mustFind(c.colours.hook, id, 'cable hook colour');
export const cableOption = (c: Catalogue, id: string): CableOption => mustFind(c.cables, id, 'cable');
export const installationOption = (c: Catalogue, id: string): InstallationOption =>
  mustFind(c.installations, id, 'installation');
export const addOn = (c: Catalogue, id: AddOnId): AddOn => mustFind(c.addOns, id, 'add-on');

/** CAT-3: the first three cable options are tethered, the last two socketed. */
export const isTethered = (c: Catalogue, config: Pick<Configuration, 'cable'>) =>
  cableOption(c, config.cable).kind === 'tethered';

export const isHighPower = (c: Catalogue, config: Pick<Configuration, 'cable'>) =>
  cableOption(c, config.cable).powerKw === 22;

export const withInstallation = (c: Catalogue, config: Pick<Configuration, 'installation'>) =>
  installationOption(c, config.installation).includesInstallation;

/** A cable hook applies only to a tethered cable with the hook chosen (CHOICE-2). */
export const hookApplies = (c: Catalogue, config: Pick<Configuration, 'cable' | 'cableHook'>) =>
  config.cableHook && isTethered(c, config);

/** PRICE-2 metallic front: any standard front except Midnight Black (the non-metallic one). */
export const frontIsMetallic = (c: Catalogue, config: Pick<Configuration, 'front'>) => {
  const colour = frontColour(c, config.front);
  return frontKind(c, config.front) === 'standard' && colour.metallic;
};

/**
 * The add-on that stands for a chosen extra, by CHOICE-4:
 * surge protection is three phase for 22kW cables, advanced solar is the second item with
 * installation, a hook in a metallic colour is the metallic hook finish.
 */
export function surgeItem(c: Catalogue, config: Pick<Configuration, 'cable'>): AddOn {
  return addOn(c, isHighPower(c, config) ? 'surge_three' : 'surge_single');
}

export function solarItem(c: Catalogue, config: Pick<Configuration, 'installation'>): AddOn {
  return addOn(c, withInstallation(c, config) ? 'solar' : 'solar_ct');
}

export function hookItem(c: Catalogue, config: Pick<Configuration, 'hookColour'>): AddOn {
  return addOn(c, hookColour(c, config.hookColour).metallic ? 'metallic_hook' : 'hook');
}

export type ConfigurationResult = { ok: true; configuration: Configuration } | { ok: false; error: string };

/** How a message names what it received: a string quoted, a number or boolean as written, an object by its class. */
function received(input: unknown): string {
  if (typeof input === 'string') return `"${input}"`;
  if (typeof input === 'number' || typeof input === 'bigint' || typeof input === 'boolean') return `${input}`;
  if (typeof input === 'object' || typeof input === 'function') {
    return (input && (Object.getPrototypeOf(input) as { constructor?: { name?: string } } | null)?.constructor?.name) ?? 'null';
  }
  return typeof input;
}

/** A field check: the problem with a value, or undefined when it is fine. */
type FieldCheck = (value: unknown) => string | undefined;

const ofType =
  (expected: 'string' | 'boolean'): FieldCheck =>
  (value) =>
    typeof value === expected ? undefined : `Invalid type: Expected ${expected} but received ${received(value)}`;
const oneOf =
  (options: readonly unknown[], message: string): FieldCheck =>
  (value) =>
    options.includes(value) ? undefined : message;
const orNull =
  (check: FieldCheck): FieldCheck =>
  (value) =>
    value === null ? undefined : check(value);

const text = ofType('string');
const flag = ofType('boolean');

/** Every field of a Configuration, in the order `ConfigurationShape` (configuration-shape.ts) checks them. */
const CONFIGURATION_FIELDS: readonly (readonly [keyof Configuration, FieldCheck])[] = [
  ['front', text],
  ['body', text],
  ['cable', text],
  ['installation', oneOf(INSTALLATION_IDS, INSTALLATION_ID_MESSAGE)],
  ['surgeProtection', flag],
  ['advancedSolar', flag],
  ['renewable', flag],
  ['cableHook', flag],
  ['hookColour', text],
  ['display', flag],
  ['extendedWarranty', flag],
  ['paymentType', orNull(oneOf(PAYMENT_TYPES, PAYMENT_TYPE_MESSAGE))],
  ['offer', orNull(text)],
];

/** The structure of a configuration: a copy holding exactly its fields, or the first problem. */
function configurationShape(input: unknown): ConfigurationResult {
  if (!input || typeof input !== 'object') {
    return { ok: false, error: `configuration: Invalid type: Expected Object but received ${received(input)}` };
  }
  const copy: Record<string, unknown> = {};
  for (const [field, check] of CONFIGURATION_FIELDS) {
    if (!(field in input)) return { ok: false, error: `configuration.${field}: Invalid key: Expected "${field}" but received undefined` };
    const value = (input as Record<string, unknown>)[field];
    const problem = check(value);
    if (problem !== undefined) return { ok: false, error: `configuration.${field}: ${problem}` };
    copy[field] = value;
  }
  return { ok: true, configuration: copy as unknown as Configuration };
}

export function parseConfiguration(catalogue: Catalogue, input: unknown): ConfigurationResult {
  const result = configurationShape(input);
  if (!result.ok) return result;
  const config = result.configuration;
  const checks: [keyof Configuration, readonly { id: string }[]][] = [
    ['front', frontColours(catalogue)],
    ['body', catalogue.colours.body],
    ['cable', catalogue.cables],
    ['installation', catalogue.installations],
    ['hookColour', catalogue.colours.hook],
  ];
  for (const [field, list] of checks) {
    const value = config[field];
    if (!list.some((item) => item.id === value)) {
      return { ok: false, error: `configuration.${field}: "${String(value)}" is not in the catalogue` };
    }
  }
  if (config.offer !== null && !catalogue.offers.some((offer) => offer.id === config.offer)) {
    return { ok: false, error: `configuration.offer: "${config.offer}" is not in the catalogue` };
  }
  return { ok: true, configuration: config };
}
