import { afterEach, describe, expect, it, vi } from 'vitest';
import { choose } from '../../stores/wizard-choices';
import { allByRole, byRole, cleanup, textOf, update } from '../testing';
import { continueDisabled, descriptionOf, errorSummary, pressContinue, renderWizard, summaryLinks } from './wizard-testing';

afterEach(cleanup);

const hint = (container: HTMLElement) => textOf(container.querySelector('.evc-wizard-hint'));

describe('installation step (STEP-5, VALID-1)', () => {
  it('offers the 7kW options by name with long name and price; 22kW cables get the 22kW premium one', () => {
    const { container, store } = renderWizard({ step: 'installation' });
    const group = byRole(container, 'radiogroup', 'Choose your installation');
    expect(allByRole(group, 'radio')).toHaveLength(3);
    expect(descriptionOf(byRole(group, 'radio', 'Premium'))).toContain('7kW Premium installation (physical survey)');
    expect(descriptionOf(byRole(group, 'radio', 'Premium'))).toContain('£200.00');
    expect(descriptionOf(byRole(group, 'radio', 'Standard'))).toContain('£425.00');
    expect(byRole<HTMLInputElement>(group, 'radio', 'Standard with no install').checked).toBe(true);

    update(() => choose(store, { type: 'chooseCable', cable: 'socket_22kw' }));
    const radios = allByRole(byRole(container, 'radiogroup', 'Choose your installation'), 'radio');
    expect(radios).toHaveLength(2);
    expect(descriptionOf(byRole(container, 'radio', 'Premium'))).toContain('22kW Premium installation (physical survey)');
    expect(descriptionOf(byRole(container, 'radio', 'Premium'))).toContain('£360.00');
  });

  it("keeps the focused control in view when the shop's descriptions and images arrive above it", () => {
    const { container, store } = renderWizard({ step: 'installation' });
    const noInstall = byRole<HTMLInputElement>(container, 'radio', 'Standard with no install');
    const scrolled = vi.fn();
    noInstall.scrollIntoView = scrolled;
    noInstall.focus();
    update(() => store.getState().actions.setShop({ installationDetails: { premium_7kw: { name: 'Home charger installation', description: 'Fitted by our own engineers.', image: 'https://cdn.example/install_200x200.jpg' } } }));
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' });

    // Focus elsewhere on the page: the step leaves the scroll alone.
    scrolled.mockClear();
    noInstall.blur();
    update(() => store.getState().actions.setShop({ installationDetails: { standard_7kw: { name: 'Standard', description: 'A standard fitting.', image: '' } } }));
    expect(scrolled).not.toHaveBeenCalled();
  });

  it("shows the shop's description and 200x200 image when it gave them", () => {
    const { container, store } = renderWizard({ step: 'installation' });
    update(() =>
      store.getState().actions.setShop({
        installationDetails: { premium_7kw: { name: 'Home charger installation', description: 'Fitted by our own engineers.', image: 'https://cdn.example/install_200x200.jpg' } },
      }),
    );
    const premium = byRole(container, 'radio', 'Premium');
    expect(descriptionOf(premium)).toContain('Fitted by our own engineers.');
    const image = container.querySelector<HTMLImageElement>('.evc-option-image');
    expect(image?.getAttribute('src')).toBe('https://cdn.example/install_200x200.jpg');
    expect([image?.getAttribute('width'), image?.getAttribute('height')]).toEqual(['200', '200']);
    expect(image?.getAttribute('alt')).toBe('Home charger installation');
  });

  it('Continue waits for the chosen variant’s terms: no message on arrival, then the spec’s message in the summary and on the field', () => {
    const { container, store } = renderWizard({ step: 'installation' });
    update(() => byRole(container, 'radio', 'Premium').click());
    expect(continueDisabled(container)).toBe(true);
    expect(textOf(container.querySelector('.evc-step'))).not.toContain('Must accept terms & conditions');
    expect(hint(container)).toBe('');
    pressContinue(container);
    expect(store.getState().wizard.step).toBe('installation');
    expect(summaryLinks(container)).toEqual(['Must accept terms & conditions']);

    const terms = byRole<HTMLInputElement>(container, 'checkbox', /mainland UK and I accept the installation terms/);
    expect(descriptionOf(terms)).toBe('Must accept terms & conditions');
    update(() => byRole(errorSummary(container)!, 'link', 'Must accept terms & conditions').click());
    expect(document.activeElement).toBe(terms);
    update(() => terms.click());
    expect(store.getState().form.installationTerms).toEqual({ premium_7kw: true });
    expect(continueDisabled(container)).toBe(false);
    expect(container.querySelector('.evc-wizard-hint')).toBeNull();

    update(() => terms.click());
    expect(terms.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(terms)).toBe('Must accept terms & conditions');

    // Terms are per variant: another installation asks again.
    update(() => byRole(container, 'radio', 'Standard').click());
    expect(byRole<HTMLInputElement>(container, 'checkbox', /installation terms/).checked).toBe(false);
    expect(continueDisabled(container)).toBe(true);
  });

  it('states the STEP-5 facts: standard install, survey, weekend installation and shipping', () => {
    const { container } = renderWizard({ step: 'installation' });
    update(() => byRole(container, 'radio', 'Premium').click());
    const facts = textOf(container.querySelector('.evc-facts'));
    expect(facts).toContain('up to 15m cable, 4 hours on site, 1.8m install height, 7m trunking, 40A overcurrent protection and a Type A RCD. Mainland UK only.');
    expect(facts).toContain('up to an hour and is usually arranged within two weeks of your order');
    expect(facts).toContain('Weekend installation: £150 including VAT, subject to availability.');
    expect(facts).toContain('Shipping normally within 10 working days.');
    update(() => byRole(container, 'radio', 'Standard with no install').click());
    expect([...container.querySelectorAll('.evc-facts li')].map(textOf)).toEqual(['Shipping normally within 10 working days.']);
  });
});
