import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateForm } from '../../stores/form-answers';
import { allByRole, byRole, cleanup, textOf, update } from '../testing';
import { mountWizard } from '../wizard-mount';
import { UK_CATALOGUE } from '../../domain/catalogue/uk';
import { createConfiguratorStore } from '../../stores/configurator-store';
import { memoryStorage } from '../../stores/persistence';
import { wizardNavigation } from '../../stores/wizard-navigation';
import { DIALOG_STYLES } from '../page-dialogs';
import { WIZARD_STYLES } from '../Wizard';
import { backButton, nextButton, renderWizard } from './wizard-testing';

afterEach(cleanup);

describe('wizard layout (STEP-3)', () => {
  it('large screens: preview and price summary on the left, the step indicator, no price header', () => {
    const { container } = renderWizard();
    const aside = container.querySelector('.evc-wizard-aside');
    expect(aside?.querySelector('figure')).not.toBeNull();
    expect(aside?.querySelector('[part="summary"]')).not.toBeNull();
    // PREVIEW-7: images are 200x250 times the scale; the wizard's preview is at scale 1.
    expect(aside?.querySelector('img[data-view="front"]')?.getAttribute('width')).toBe('200');
    const indicator = container.querySelector('[part="steps"] [aria-current="step"]');
    expect(textOf(indicator)).toBe('Power & cable');
    expect(container.querySelector('.evc-price-header')).toBeNull();
    expect(container.querySelector('[part="step-count"]')).toBeNull();
  });

  it("small screens: the price header 'Charge Point / {cable name}' with the total, and 'Step N of M'", () => {
    const { container, store } = renderWizard({ smallScreen: true });
    expect(textOf(container.querySelector('.evc-price-header'))).toBe('Charge Point / 7kW socket£599.00');
    expect(textOf(container.querySelector('.evc-price-header span'))).toBe('Charge Point / 7kW socket');
    expect(textOf(container.querySelector('[part="step-count"]'))).toBe('Step 1 of 7');
    expect(container.querySelector('.evc-wizard-aside')).toBeNull();
    expect(container.querySelector('[part="steps"]')).toBeNull();
    update(() => byRole(container, 'radio', '7kW with 8.5m cable').click());
    expect(textOf(container.querySelector('.evc-price-header span'))).toBe('Charge Point / 7kW with 8.5m cable');
    expect(textOf(container.querySelector('.evc-price-header strong'))).toBe('£698.00');
    expect(store.getState().smallScreen).toBe(true);
  });

  it('the price summary step applies on small screens only, and shows the full summary', () => {
    const { container, store } = renderWizard({ smallScreen: true, step: 'extras' });
    update(() => nextButton(container)?.click());
    expect(store.getState().wizard.step).toBe('summary');
    expect(byRole<HTMLDialogElement>(container, 'dialog', 'Price summary').open).toBe(true);
    expect(container.querySelector('.evc-step [part="summary"] [data-total]')).not.toBeNull();
    update(() => wizardNavigation(store).setSmallScreen(false));
    expect(store.getState().wizard.step).toBe('extras');
  });

  it('Back on the first step closes the wizard; "Need help?" opens Contact Us', () => {
    const { container, store } = renderWizard();
    update(() => byRole(container, 'button', 'Need help?').click());
    expect(byRole<HTMLDialogElement>(container, 'dialog', 'Contact Us').open).toBe(true);
    update(() => backButton(container)?.click());
    expect(store.getState().wizard.open).toBe(false);
    expect(allByRole(container, 'dialog').filter((dialog) => (dialog as HTMLDialogElement).open)).toEqual([]);
  });
});

describe('mountWizard', () => {
  it("adopts the dialogs' and the wizard's stylesheets on the container's shadow root once, after the page's sheets", () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const pageSheet = new CSSStyleSheet();
    shadow.adoptedStyleSheets = [pageSheet];
    const store = createConfiguratorStore({ catalogue: UK_CATALOGUE, flow: 'order', storageKey: 'mount-test', storage: { choices: memoryStorage(), personal: memoryStorage() } });
    const handles = [0, 1].map(() => {
      const container = document.createElement('div');
      shadow.append(container);
      let handle: ReturnType<typeof mountWizard> | undefined;
      update(() => {
        handle = mountWizard(container, { store, options: { instanceId: 'mount', imageCdn: '/cdn' } });
      });
      return handle;
    });
    expect(shadow.adoptedStyleSheets).toHaveLength(1 + DIALOG_STYLES.length + WIZARD_STYLES.length);
    expect(shadow.adoptedStyleSheets[0]).toBe(pageSheet);
    const [, dialogSheet, wizardSheet] = shadow.adoptedStyleSheets;
    expect([...(dialogSheet?.cssRules ?? [])].some((rule) => rule.cssText.includes('.evc-modal'))).toBe(true);
    expect([...(wizardSheet?.cssRules ?? [])].some((rule) => rule.cssText.includes('.evc-wizard-panes'))).toBe(true);
    for (const handle of handles) update(() => handle?.unmount());
  });
});

describe('evc-step (EVENT-3: the wizard opens or moves)', () => {
  it('tells the host page the step shown as the wizard opens, moves, closes and opens again; a choice that keeps the step says nothing', () => {
    const onStep = vi.fn();
    const { container, store } = renderWizard({ options: { onStep } });
    expect(onStep.mock.calls.map(([detail]) => detail)).toEqual([{ flow: 'order', step: 'cable', index: 0, count: 6 }]);
    update(() => nextButton(container)?.click());
    expect(onStep).toHaveBeenLastCalledWith({ flow: 'order', step: 'installation', index: 1, count: 6 });
    update(() => updateForm(store, { email: 'sam@home.example' }));
    expect(onStep).toHaveBeenCalledTimes(2);
    update(() => store.getState().actions.closeWizard());
    update(() => store.getState().actions.openWizard());
    expect(onStep).toHaveBeenCalledTimes(3);
    expect(onStep).toHaveBeenLastCalledWith({ flow: 'order', step: 'installation', index: 1, count: 6 });
  });
});
