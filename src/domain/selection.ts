import type { Catalogue, InstallationOption } from './catalogue/schema';
import type { Configuration } from './configuration';
import { cableOption, isHighPower, isTethered } from './configuration';
import type { Flow } from './wizard';

/** The extras the buyer ticks on and off (STEP-6, STEP-7), by their configuration field. */
export const EXTRAS = [
  'surgeProtection',
  'advancedSolar',
  'renewable',
  'cableHook',
  'display',
  'extendedWarranty',
] as const satisfies readonly (keyof Configuration)[];

export type Extra = (typeof EXTRAS)[number];

/**
 * The installations offered for the chosen cable, those for its power first: 7kW cables get the
 * 7kW premium and standard installations and no installation; 22kW cables get the 22kW premium
 * installation and, in the ordering flow only, no installation (CHOICE-3; specification request:
 * "For the longer cables only one installation option is offered").
 */
export function installationOptionsFor(catalogue: Catalogue, config: Configuration, flow: Flow): InstallationOption[] {
  const { powerKw } = cableOption(catalogue, config.cable);
  const forPower = catalogue.installations.filter((option) => option.powerKw === powerKw);
  const installationForced = flow === 'spec-request' && powerKw === 22;
  const forAny = installationForced ? [] : catalogue.installations.filter((option) => option.powerKw === null);
  return [...forPower, ...forAny];
}

/**
 * CHOICE-2: the cable hook is offered only for tethered cables; advanced solar is not offered for
 * the long (22kW) cables; renewable energy integration belongs to the ordering flow's options
 * step (the specification-request flow lists five extras and its e-mail has no line for it).
 */
export function extrasOffered(catalogue: Catalogue, config: Configuration, flow: Flow): Record<Extra, boolean> {
  return {
    surgeProtection: true,
    advancedSolar: !isHighPower(catalogue, config),
    renewable: flow === 'order',
    cableHook: isTethered(catalogue, config),
    display: true,
    extendedWarranty: true,
  };
}

/** The same configuration object when nothing changes, so stores can skip a no-op update. */
export function withChanges(config: Configuration, changes: Partial<Configuration>): Configuration {
  const changed = (Object.keys(changes) as (keyof Configuration)[]).some((key) => changes[key] !== config[key]);
  return changed ? { ...config, ...changes } : config;
}

/**
 * Keeps a configuration within what its cable offers, after any change in either flow: an
 * installation not offered is replaced by the first offered one, an extra not offered is switched off.
 */
export function normaliseConfiguration(catalogue: Catalogue, config: Configuration, flow: Flow): Configuration {
  const installations = installationOptionsFor(catalogue, config, flow);
  const first = installations[0];
  if (!first) throw new Error(`The catalogue offers no installation for the cable "${config.cable}"`);
  const offered = extrasOffered(catalogue, config, flow);
  const changes: Partial<Configuration> = {};
  if (!installations.some((option) => option.id === config.installation)) changes.installation = first.id;
  for (const extra of EXTRAS) {
    if (config[extra] && !offered[extra]) changes[extra] = false;
  }
  return withChanges(config, changes);
}
