import type { CableOption, Catalogue, InstallationId, InstallationOption } from './catalogue/schema';
import type { Configuration } from './configuration';
import { cableOption, isHighPower, isTethered } from './configuration';
import type { Flow } from './wizard';

/** The extras the buyer ticks on and off (spec §1), by their configuration field. */
export const EXTRAS = [
  'surgeProtection',
  'advancedSolar',
  'renewable',
  'cableHook',
  'display',
  'extendedWarranty',
] as const satisfies readonly (keyof Configuration)[];

export type Extra = (typeof EXTRAS)[number];

export type CableKind = CableOption['kind'];

export type SelectionAction =
  | { type: 'chooseCableKind'; kind: CableKind }
  | { type: 'chooseCable'; cable: string }
  | { type: 'chooseInstallation'; installation: InstallationId }
  | { type: 'toggleExtra'; extra: Extra; on: boolean };

/**
 * The installations offered for the chosen cable, those for its power first: 7kW cables get the
 * 7kW premium and standard installations and no installation; 22kW cables get the 22kW premium
 * installation and, in the ordering flow only, no installation (spec §4, specification-request:
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
 * Spec §4: the cable hook is offered only for tethered cables; advanced solar is not offered for
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
function withChanges(config: Configuration, changes: Partial<Configuration>): Configuration {
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

/**
 * Spec §4 (specification-request): choosing a 7kW cable (the Socketed kind or a 7kW tethered
 * cable) resets installation to no installation, the short step list; choosing the 22kW tethered
 * or socketed cable forces its one installation on (the longer step list), switches surge
 * protection to the three-phase item (derived by `surgeItem`) and clears advanced solar; a
 * socketed cable clears the cable hook. In the ordering flow the cable only has to stay consistent.
 */
export function chooseCable(catalogue: Catalogue, config: Configuration, flow: Flow, cableId: string): Configuration {
  const cable = cableOption(catalogue, cableId);
  const resetInstallation = flow === 'spec-request' && cable.powerKw === 7;
  const chosen = withChanges(config, resetInstallation ? { cable: cable.id, installation: 'no_install' } : { cable: cable.id });
  return normaliseConfiguration(catalogue, chosen, flow);
}

/**
 * Spec §2/§4: "choose Socketed or Tethered, then one of five cable variants": picking a kind
 * selects that kind's first cable; the current cable stays when it is already of that kind.
 */
export function chooseCableKind(catalogue: Catalogue, config: Configuration, flow: Flow, kind: CableKind): Configuration {
  if (cableOption(catalogue, config.cable).kind === kind) return config;
  const first = catalogue.cables.find((cable) => cable.kind === kind);
  if (!first) throw new Error(`The catalogue has no ${kind} cable`);
  return chooseCable(catalogue, config, flow, first.id);
}

/**
 * Spec §4: in Install, no installation turns withInstallation off and installation turns it on
 * (derived from the installation, never stored); an option not offered for the cable is refused.
 */
export function chooseInstallation(
  catalogue: Catalogue,
  config: Configuration,
  flow: Flow,
  installation: InstallationId,
): Configuration {
  const offered = installationOptionsFor(catalogue, config, flow).some((option) => option.id === installation);
  return offered ? normaliseConfiguration(catalogue, withChanges(config, { installation }), flow) : config;
}

/** Spec §4: extras toggle independently; one not offered for the cable is refused. */
export function toggleExtra(catalogue: Catalogue, config: Configuration, flow: Flow, extra: Extra, on: boolean): Configuration {
  return extrasOffered(catalogue, config, flow)[extra] ? withChanges(config, { [extra]: on }) : config;
}

/** One entry point for the stores: every selection goes through the rules above. */
export function applySelection(catalogue: Catalogue, config: Configuration, flow: Flow, action: SelectionAction): Configuration {
  switch (action.type) {
    case 'chooseCableKind':
      return chooseCableKind(catalogue, config, flow, action.kind);
    case 'chooseCable':
      return chooseCable(catalogue, config, flow, action.cable);
    case 'chooseInstallation':
      return chooseInstallation(catalogue, config, flow, action.installation);
    case 'toggleExtra':
      return toggleExtra(catalogue, config, flow, action.extra, action.on);
  }
}
