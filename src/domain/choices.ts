import type { CableOption, Catalogue, InstallationId } from './catalogue/schema';
import type { Configuration } from './configuration';
import { cableOption } from './configuration';
import type { Extra } from './selection';
import { extrasOffered, installationOptionsFor, normaliseConfiguration, withChanges } from './selection';
import type { Flow } from './wizard';

/** The buyer's choices in the wizard, each kept within the rules of selection.ts. */

export type CableKind = CableOption['kind'];

export type SelectionAction =
  | { type: 'chooseCableKind'; kind: CableKind }
  | { type: 'chooseCable'; cable: string }
  | { type: 'chooseInstallation'; installation: InstallationId }
  | { type: 'toggleExtra'; extra: Extra; on: boolean };

/**
 * CHOICE-5 (specification request): choosing a 7kW cable (the Socketed kind or a 7kW tethered
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
 * STEP-4, CHOICE-5: "choose Socketed or Tethered, then one of five cable variants": picking a kind
 * selects that kind's first cable; the current cable stays when it is already of that kind.
 */
export function chooseCableKind(catalogue: Catalogue, config: Configuration, flow: Flow, kind: CableKind): Configuration {
  if (cableOption(catalogue, config.cable).kind === kind) return config;
  const first = catalogue.cables.find((cable) => cable.kind === kind);
  if (!first) throw new Error(`The catalogue has no ${kind} cable`);
  return chooseCable(catalogue, config, flow, first.id);
}

/**
 * CHOICE-5: in Install, no installation turns withInstallation off and installation turns it on
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

/** CHOICE-6: extras toggle independently; one not offered for the cable is refused. */
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
