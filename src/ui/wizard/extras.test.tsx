import { afterEach, describe, expect, it } from 'vitest';
import { choose } from '../../stores/wizard-choices';
import { allByRole, byRole, cleanup, update } from '../testing';
import { continueDisabled, descriptionOf, renderWizard } from './wizard-testing';

afterEach(cleanup);

const checkboxNames = (container: HTMLElement) => allByRole<HTMLInputElement>(container, 'checkbox').map((box) => container.querySelector(`label[for="${box.id}"]`)?.textContent);

describe('options and extras steps (STEP-6, STEP-7, CHOICE-2)', () => {
  it('options for a 7kW cable: single-phase surge protection, advanced solar, renewable energy integration', () => {
    const { container, store } = renderWizard({ step: 'options' });
    expect(checkboxNames(container)).toEqual(['Surge protection', 'Advanced solar', 'Renewable energy integration']);
    expect(descriptionOf(byRole(container, 'checkbox', 'Surge protection'))).toBe('£150.00 Surge Protection single phase');
    expect(descriptionOf(byRole(container, 'checkbox', 'Advanced solar'))).toBe('£46.00 Charges your car from the spare power of your solar panels, measured by a sensor at your meter.');
    expect(descriptionOf(byRole(container, 'checkbox', 'Renewable energy integration'))).toBe("£97.00 Connects the charger to your home's renewable energy system, so your car charges from it when it can.");
    update(() => byRole(container, 'checkbox', 'Surge protection').click());
    expect(store.getState().configuration.surgeProtection).toBe(true);
    expect(byRole<HTMLInputElement>(container, 'checkbox', 'Surge protection').checked).toBe(true);
  });

  it('advanced solar is the second item with installation, and not offered for 22kW, where surge protection is three phase', () => {
    const { container, store } = renderWizard({ step: 'options' });
    update(() => choose(store, { type: 'chooseInstallation', installation: 'premium_7kw' }));
    expect(descriptionOf(byRole(container, 'checkbox', 'Advanced solar'))).toBe('£106.00 Charges your car from the spare power of your solar panels, measured by a sensor at your meter.');
    update(() => choose(store, { type: 'chooseCable', cable: 'tethered_22kw_6_5m' }));
    expect(checkboxNames(container)).toEqual(['Surge protection', 'Renewable energy integration']);
    expect(descriptionOf(byRole(container, 'checkbox', 'Surge protection'))).toBe('£245.00 Surge Protection three phase');
    expect(continueDisabled(container)).toBe(false);
  });

  it('extras: the cable hook only with a tethered cable, then display and extended warranty with prices', () => {
    const { container, store } = renderWizard({ step: 'extras' });
    expect(checkboxNames(container)).toEqual(['Digital display', 'Extended warranty']);
    expect(descriptionOf(byRole(container, 'checkbox', 'Digital display'))).toBe('£88.00');
    expect(descriptionOf(byRole(container, 'checkbox', 'Extended warranty'))).toContain('£121.00');
    update(() => choose(store, { type: 'chooseCable', cable: 'tethered_7kw_5_5m' }));
    expect(checkboxNames(container)).toEqual(['Cable hook', 'Digital display', 'Extended warranty']);
    expect(descriptionOf(byRole(container, 'checkbox', 'Cable hook'))).toContain('£49.00');
    update(() => byRole(container, 'checkbox', 'Digital display').click());
    expect(store.getState().configuration.display).toBe(true);
  });
});
