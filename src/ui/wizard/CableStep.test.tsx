import { afterEach, describe, expect, it } from 'vitest';
import { allByRole, byRole, cleanup, textOf, update } from '../testing';
import { HIGH_POWER_TITLE } from './HighPowerDialog';
import { continueDisabled, descriptionOf, fakeOrderServices, nextButton, renderWizard, settle, wizardDialog } from './wizard-testing';

afterEach(cleanup);

const DETAILS = { premium_7kw: { name: 'Home charger installation', description: 'Fitted by our engineers.', image: 'https://cdn.example/install_200x200.jpg' } };

describe('power & cable step (STEP-4)', () => {
  it('offers the five options as radios named by option name, grouped Tethered and Socketed, with prices', () => {
    const { container } = renderWizard();
    expect(byRole<HTMLDialogElement>(container, 'dialog', 'Power & cable').open).toBe(true);
    const tethered = byRole(container, 'radiogroup', 'Tethered');
    const socketed = byRole(container, 'radiogroup', 'Socketed');
    for (const name of ['7kW with 5.5m cable', '7kW with 8.5m cable', '22kW with 6.5m cable']) expect(byRole(tethered, 'radio', name)).toBeTruthy();
    for (const name of ['7kW socket', '22kW socket']) expect(byRole(socketed, 'radio', name)).toBeTruthy();
    expect(allByRole(tethered, 'radio')).toHaveLength(3);
    expect(allByRole(socketed, 'radio')).toHaveLength(2);
    expect(descriptionOf(byRole(tethered, 'radio', '7kW with 8.5m cable'))).toContain('£99.00');
    expect(descriptionOf(byRole(socketed, 'radio', '22kW socket'))).toContain('£195.00');
    expect(byRole<HTMLInputElement>(socketed, 'radio', '7kW socket').checked).toBe(true);
    expect(textOf(wizardDialog(container))).toContain('22 kW charging needs a three-phase supply');
  });

  it('a 22kW choice opens the confirmation and hides Continue; "Go back" restores the previous cable', () => {
    const { container, store } = renderWizard({ order: fakeOrderServices() });
    update(() => byRole(container, 'radio', '7kW with 8.5m cable').click());
    update(() => byRole(container, 'radio', '22kW socket').click());
    const dialog = byRole<HTMLDialogElement>(container, 'dialog', HIGH_POWER_TITLE);
    expect(dialog.open).toBe(true);
    expect(textOf(dialog)).toContain('three-phase supply');
    expect(nextButton(container)).toBeNull();
    update(() => byRole(dialog, 'button', 'Go back').click());
    expect(store.getState().configuration.cable).toBe('tethered_7kw_8_5m');
    expect(dialog.open).toBe(false);
    expect(continueDisabled(container)).toBe(false);
    expect(store.getState().wizard.step).toBe('cable');
  });

  it('"Continue" in the confirmation moves on to installation and fetches the product details', async () => {
    const order = fakeOrderServices({ installationDetails: async () => DETAILS });
    const { container, store } = renderWizard({ order });
    update(() => byRole(container, 'radio', '22kW with 6.5m cable').click());
    const dialog = byRole<HTMLDialogElement>(container, 'dialog', HIGH_POWER_TITLE);
    update(() => byRole(dialog, 'button', 'Continue').click());
    await settle();
    expect(store.getState().wizard.step).toBe('installation');
    expect(store.getState().configuration.cable).toBe('tethered_22kw_6_5m');
    expect(store.getState().shop.installationDetails).toEqual(DETAILS);
    expect(byRole<HTMLDialogElement>(container, 'dialog', 'Installation').open).toBe(true);
  });

  it('Continue on the first step fetches the installation details; a failure is reported and the step still moves', async () => {
    const order = fakeOrderServices();
    const { container, store } = renderWizard({ order });
    update(() => nextButton(container)?.click());
    await settle();
    expect(order.installationDetails).toHaveBeenCalledTimes(1);
    expect(store.getState().wizard.step).toBe('installation');

    const failing = fakeOrderServices({ installationDetails: async () => Promise.reject(new Error('offline')) });
    const second = renderWizard({ order: failing });
    update(() => nextButton(second.container)?.click());
    await settle();
    expect(second.store.getState().wizard.step).toBe('installation');
    expect(second.reportError).toHaveBeenCalledWith({ code: 'UNKNOWN_ERROR', message: 'The installation details could not be loaded.' });
    expect(byRole(second.container, 'radio', 'Premium')).toBeTruthy();
  });
});
