import { afterEach, describe, expect, it } from 'vitest';
import { choose } from '../../stores/wizard-choices';
import { allByRole, byRole, cleanup, textOf, update } from '../testing';
import { backButton, descriptionOf, nextButton, renderWizard } from './wizard-testing';

afterEach(cleanup);

const hookLine = (container: HTMLElement) => textOf(container.querySelector('.evc-wizard-aside tr[data-line="hook"] td'));

describe('cable hook colour step (STEP-8, CHOICE-2)', () => {
  it('comes after extras only for a tethered cable with the hook, and Back skips it without one', () => {
    const { container, store } = renderWizard({ step: 'extras' });
    update(() => nextButton(container)?.click());
    expect(store.getState().wizard.step).toBe('payment');
    update(() => backButton(container)?.click());
    expect(store.getState().wizard.step).toBe('extras');

    update(() => choose(store, { type: 'chooseCable', cable: 'tethered_7kw_8_5m' }));
    update(() => byRole(container, 'checkbox', 'Cable hook').click());
    update(() => nextButton(container)?.click());
    expect(store.getState().wizard.step).toBe('hook');
    expect(byRole<HTMLDialogElement>(container, 'dialog', 'Cable hook colour').open).toBe(true);
  });

  it('offers the 11 hook colours as the radio group "Cable hook colour", metallic ones with their extra cost', () => {
    const { container, store } = renderWizard({ step: 'extras' });
    update(() => choose(store, { type: 'chooseCable', cable: 'tethered_7kw_8_5m' }));
    update(() => byRole(container, 'checkbox', 'Cable hook').click());
    update(() => nextButton(container)?.click());
    const group = byRole(container, 'radiogroup', 'Cable hook colour');
    expect(allByRole(group, 'radio')).toHaveLength(11);
    expect(textOf(container.querySelector('.evc-step > p:not(.evc-notice)'))).toBe('The cable hook is £49.00; in a metallic colour it is £54.00.');
    expect(descriptionOf(byRole(group, 'radio', 'Midnight Black'))).toBe('');
    expect(descriptionOf(byRole(group, 'radio', 'Racing Green'))).toBe('');
    expect(descriptionOf(byRole(group, 'radio', 'Sherwood Green'))).toBe('+£5.00');
    expect(hookLine(container)).toBe('£49.00');
    update(() => byRole(group, 'radio', 'Belgravia Blue').click());
    expect(store.getState().configuration.hookColour).toBe('belgravia_blue');
    expect(hookLine(container)).toBe('£54.00');
  });
});
