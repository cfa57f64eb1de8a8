import { afterEach, describe, expect, it } from 'vitest';
import { SHARED_CODES_CATALOGUE } from '../../domain/catalogue/shared-codes.fixture';
import { choose, chooseExtra, choosePaymentType } from '../../stores/wizard-choices';
import { updateForm } from '../../stores/form-answers';
import { allByRole, byRole, cleanup, render, statusTexts, textOf, update } from '../testing';
import { Wizard } from '../Wizard';
import { HIGH_POWER_TITLE } from './HighPowerDialog';
import { fakeOrderServices, nextButton, renderWizard } from './wizard-testing';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

const click = (element: HTMLElement) => update(() => element.click());

function renderSpecWizard(step: 'cable' | 'installation' = 'cable') {
  const rendered = render(<Wizard />, { flow: 'spec-request', options: { specRequest: async () => ({ ok: true, requestId: 'r' }) } });
  update(() => {
    rendered.store.getState().actions.openWizard();
    rendered.store.setState((state) => ({ wizard: { ...state.wizard, step } }));
  });
  return rendered;
}

describe('choices that change others say so, in a polite live region beside them', () => {
  it('spec-request: a 22kW cable announces the £360 installation and the £245 surge protection', () => {
    const { container, store } = renderSpecWizard();
    update(() => chooseExtra(store, 'surgeProtection', true));
    click(byRole(container, 'radio', 'Tethered'));
    expect(statusTexts(container)).toEqual([]);
    click(byRole(container, 'radio', '22kW with 6.5m cable'));
    expect(statusTexts(container)).toContain(
      'Installation is now 22kW Premium installation (physical survey), £360.00, to match a 22kW charger. ' +
        'Surge protection is now Surge Protection three phase, £245.00, to match a 22kW charger.',
    );
  });

  it('spec-request: a socket announces that the cable hook and advanced solar are removed', () => {
    const { container, store } = renderSpecWizard();
    click(byRole(container, 'radio', 'Tethered'));
    update(() => {
      chooseExtra(store, 'cableHook', true);
      chooseExtra(store, 'advancedSolar', true);
    });
    click(byRole(container, 'radio', 'Socketed'));
    expect(statusTexts(container).join(' ')).toContain('The cable hook is removed: it comes with a tethered cable only, and 7kW socket is a socket.');
    click(byRole(container, 'radio', '22kW socket'));
    expect(statusTexts(container).join(' ')).toContain('Advanced solar is removed: it is not available with a 22kW charger.');
  });

  it('order: a 22kW cable announces the surge protection it switches to', () => {
    const { container, store } = renderWizard({ step: 'cable' });
    update(() => chooseExtra(store, 'surgeProtection', true));
    click(byRole(container, 'radio', '22kW with 6.5m cable'));
    expect(byRole<HTMLDialogElement>(container, 'dialog', HIGH_POWER_TITLE).open).toBe(true);
    expect(statusTexts(container)).toContain('Surge protection is now Surge Protection three phase, £245.00, to match a 22kW charger.');
  });
});

describe('wording', () => {
  it('the last Continue of the ordering flow is "Continue to checkout"; the others stay "Continue"', () => {
    const { container, goTo } = renderWizard({ order: fakeOrderServices() });
    expect(textOf(nextButton(container))).toBe('Continue');
    goTo('payment');
    expect(textOf(nextButton(container))).toBe('Continue');
    goTo('contact');
    expect(textOf(nextButton(container))).toBe('Continue to checkout');
    expect(allByRole(container, 'button', 'Continue to checkout')).toHaveLength(1);
  });

  it('a hook in a metallic colour is the summary line "Cable hook (metallic finish)"', () => {
    const { container, store } = renderWizard({ step: 'hook' });
    update(() => {
      choose(store, { type: 'chooseCable', cable: 'tethered_7kw_5_5m' });
      chooseExtra(store, 'cableHook', true);
      store.getState().actions.setConfiguration({ ...store.getState().configuration, hookColour: 'nova_bronze' });
    });
    const rows = [...container.querySelectorAll('.evc-summary tbody tr')].map((row) => textOf(row));
    expect(rows).toContain('Cable hook (metallic finish)£54.00');
    expect(rows.join(' ')).not.toMatch(/Metallic Cable Hook Finish/);
  });

  it('pay in 3 has one heading and one description', () => {
    const { container } = renderWizard({ step: 'payment' });
    const option = byRole(container, 'radio', 'Pay in 3').closest('.evc-option');
    expect(textOf(option).match(/pay in 3|interest.free/gi)).toEqual(['Pay in 3', 'interest-free']);
  });

  it('advanced solar and renewable energy integration each say what they are', () => {
    const { container } = renderWizard({ step: 'options' });
    expect(textOf(byRole(container, 'checkbox', 'Advanced solar').closest('.evc-option'))).toMatch(/spare power of your solar panels/);
    expect(textOf(byRole(container, 'checkbox', 'Renewable energy integration').closest('.evc-option'))).toMatch(/renewable energy system/);
  });

  it('both flows say advanced solar is not available "with a 22kW charger"', () => {
    const order = renderWizard({ step: 'options' });
    update(() => choose(order.store, { type: 'chooseCable', cable: 'socket_22kw' }));
    expect(textOf(order.container)).toContain('Advanced solar is not available with a 22kW charger.');
    cleanup();
    const spec = renderSpecWizard();
    update(() => choose(spec.store, { type: 'chooseCable', cable: 'socket_22kw' }));
    update(() => spec.store.setState((state) => ({ wizard: { ...state.wizard, step: 'extras' } })));
    expect(textOf(spec.container)).toContain('Advanced solar is not available with a 22kW charger.');
  });
});

describe('small screens: the itemised summary on the last step before checkout', () => {
  it('shows every line and the partner discount from the contact e-mail beside the contact step', () => {
    const { container, store } = renderWizard({ step: 'contact', smallScreen: true, order: fakeOrderServices(), catalogue: SHARED_CODES_CATALOGUE });
    update(() => choosePaymentType(store, 'PAY_NOW'));
    update(() => updateForm(store, { email: 'ada@partner-one.example' }));
    const summary = container.querySelector('.evc-step .evc-summary');
    expect(summary).not.toBeNull();
    expect(textOf(summary)).toContain('Partner Discount-£100.00');
    expect(textOf(summary?.querySelector('[data-total]'))).toBe('£499.00');
  });

  it('large screens keep the one summary beside the step', () => {
    const { container } = renderWizard({ step: 'contact', order: fakeOrderServices() });
    expect(container.querySelectorAll('.evc-summary')).toHaveLength(1);
    expect(container.querySelector('.evc-step .evc-summary')).toBeNull();
  });
});

describe('small screens: the hook colour is chosen in sight of the preview', () => {
  it('the hook step shows the preview with the hook in the chosen colour; large screens keep it beside the step', () => {
    const { container, store, goTo } = renderWizard({ smallScreen: true });
    update(() => {
      choose(store, { type: 'chooseCable', cable: 'tethered_7kw_5_5m' });
      chooseExtra(store, 'cableHook', true);
    });
    goTo('hook');
    const preview = container.querySelector('.evc-step figure.evc-preview');
    expect(preview).not.toBeNull();
    click(byRole(byRole(container, 'radiogroup', 'Cable hook colour'), 'radio', 'Racing Green'));
    const hook = [...(preview?.querySelectorAll<HTMLImageElement>('img[data-view="hook"]') ?? [])].filter((image) => !image.hidden);
    expect(hook.map((image) => image.getAttribute('src'))).toEqual([expect.stringContaining('hook_quartz_racing_green')]);
    expect(textOf(preview?.querySelector('figcaption'))).toContain('Racing Green');
    cleanup();
    const large = renderWizard({ step: 'hook' });
    expect(large.container.querySelector('.evc-step figure.evc-preview')).toBeNull();
    expect(large.container.querySelectorAll('figure.evc-preview')).toHaveLength(1);
  });
});
