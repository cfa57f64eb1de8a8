import { parseConfiguration } from '../domain/configuration';
import type { FormValues } from '../domain/forms';
import { defaultFormValues } from '../domain/forms';
import type { VerifiedPartner } from '../domain/partner';
import { verificationCurrent } from '../domain/partner';
import { normaliseConfiguration } from '../domain/selection';
import { stepsFor } from '../domain/wizard/steps';
import { parseWalkedSteps } from '../domain/wizard/navigation';
import type { SavedChoices, SavedState, StoreOptions } from './configurator-store';
import { choicesKey, personalKey } from './configurator-store';
import { readSaved } from './persistence';

/**
 * Reading an element's saved state back (SAVE-1), before its store is made: in `share-link.js`, which
 * the page loads only when something was saved for the element (app/share-link.ts), so a first
 * visit carries none of it.
 */
export function restoreSaved(options: StoreOptions): SavedState {
  return { choices: readChoices(options), personal: readPersonal(options) };
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
    const specRequest = {
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
