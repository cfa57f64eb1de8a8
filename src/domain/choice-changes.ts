import type { Catalogue } from './catalogue/schema';
import type { Configuration } from './configuration';
import { cableOption, hookApplies, installationOption, isHighPower, solarItem, surgeItem, withInstallation } from './configuration';
import { formatPence } from './money';

/**
 * What a cable or installation choice changed besides itself, each with why, in the buyer's words
 * (CHOICE-7; CHOICE-5: a 22kW cable forces its installation and the three-phase surge protection and clears
 * advanced solar; a socket drops the cable hook; a 7kW cable resets installation in the specification
 * flow). Empty when the choice changed nothing else, or when neither the cable nor the installation moved.
 */
export function choiceChanges(catalogue: Catalogue, before: Configuration, after: Configuration): string[] {
  const cableMoved = before.cable !== after.cable;
  if (!cableMoved && before.installation === after.installation) return [];
  const highPower = isHighPower(catalogue, after);
  const charger = highPower ? 'a 22kW charger' : 'a 7kW charger';
  const changes: string[] = [];
  if (cableMoved && before.installation !== after.installation) {
    const installation = installationOption(catalogue, after.installation);
    changes.push(
      installation.includesInstallation
        ? `Installation is now ${installation.longName}, ${formatPence(installation.price)}, to match ${charger}.`
        : `Installation is now ${installation.longName}, to match ${charger}: you can choose one on the installation step.`,
    );
  }
  const surge = surgeItem(catalogue, after);
  if (before.surgeProtection && after.surgeProtection && surgeItem(catalogue, before).id !== surge.id) {
    changes.push(`Surge protection is now ${surge.name}, ${formatPence(surge.price)}, to match ${charger}.`);
  }
  if (before.advancedSolar && !after.advancedSolar) {
    changes.push(`Advanced solar is removed: it is not available with ${charger}.`);
  } else if (after.advancedSolar && solarItem(catalogue, before).id !== solarItem(catalogue, after).id) {
    const solar = solarItem(catalogue, after);
    const reason = withInstallation(catalogue, after) ? 'the item fitted with installation' : 'the item without installation';
    changes.push(`Advanced solar is now ${formatPence(solar.price)}, ${reason}.`);
  }
  if (hookApplies(catalogue, before) && !hookApplies(catalogue, after)) {
    changes.push(`The cable hook is removed: it comes with a tethered cable only, and ${cableOption(catalogue, after.cable).name} is a socket.`);
  }
  return changes;
}
