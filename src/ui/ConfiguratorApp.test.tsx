import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateForm } from '../stores/form-answers';
import { choose } from '../stores/wizard-choices';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import type { Configuration } from '../domain/configuration';
import { UNAVAILABLE_REASON, withShopPrices } from '../domain/shop-prices';
import { ConfiguratorApp } from './ConfiguratorApp';
import type { ShareOptions } from './options-context';
import { allByRole, byRole, chooseColour, cleanup, render, statusTexts, TEST_CDN, textOf, update, updateAsync } from './testing';

afterEach(cleanup);

const total = (container: HTMLElement) => textOf(container.querySelector('.evc-app > .evc-layout [data-total]'));
const caption = (container: HTMLElement) => [...container.querySelectorAll('figcaption dd')].map(textOf);
const visibleFront = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLImageElement>('figure img[data-view="front"]')].filter((image) => !image.hidden).map((image) => image.getAttribute('src'));

function fakeShare(copied: boolean) {
  const links: Configuration[] = [];
  const share: ShareOptions = {
    link: async (configuration) => {
      links.push(configuration);
      return `https://shop.example/charger#evc=${configuration.front}`;
    },
    copy: vi.fn(async () => copied),
  };
  return { share, links };
}

describe('configurator page: colour pickers (PAGE-2)', () => {
  it('choosing a front and a body updates the preview, the colour summary and the total', () => {
    const { container, store } = render(<ConfiguratorApp notices={[]} />);
    expect(total(container)).toBe('£599.00');
    chooseColour(container, 'Front', 'Racing Green');
    expect(store.getState().configuration.front).toBe('racing_green');
    expect(visibleFront(container)).toEqual([`${TEST_CDN}/front_quartz_racing_green.png?width=800&height=1000`]);
    expect(caption(container)).toEqual(['Racing Green', 'Midnight Black']);
    expect(total(container)).toBe('£621.00');
    chooseColour(container, 'Body', 'Windsor Grey');
    expect(caption(container)).toEqual(['Racing Green', 'Windsor Grey']);
    expect(total(container)).toBe('£669.00');
    expect(byRole<HTMLInputElement>(byRole(container, 'radiogroup', 'Front'), 'radio', 'Racing Green').checked).toBe(true);
  });

  it('a wood front costs the premium finish', () => {
    const { container } = render(<ConfiguratorApp notices={[]} />);
    chooseColour(container, 'Front', 'French Walnut');
    expect(caption(container)[0]).toBe('French Walnut');
    expect(total(container)).toBe('£693.00');
  });
});

describe('configurator page: headline, spec table and Continue', () => {
  it('invites the visitor to customise and lists the specification in a captioned table', () => {
    const { container } = render(<ConfiguratorApp notices={[]} />);
    expect(textOf(container.querySelector('h2'))).toBe('Customise your charger');
    const table = byRole(container, 'table', 'Specification');
    const rows = [...table.querySelectorAll('tbody tr')].map((row) => [textOf(row.querySelector('th')), textOf(row.querySelector('td'))]);
    expect(rows).toEqual([
      ['Socket', 'Type 2'],
      ['Tethered cable lengths', '5.5 m, 8.5 m (7 kW) and 6.5 m (22 kW)'],
      ['Charging power', '7 kW single phase and 22 kW three phase'],
    ]);
    expect(table.querySelector('th')?.getAttribute('scope')).toBe('row');
  });

  it('Continue is the full-width primary button and opens the wizard', () => {
    const { container, store } = render(<ConfiguratorApp notices={[]} />);
    const [pageContinue] = allByRole(container, 'button', 'Continue');
    expect(pageContinue?.classList.contains('evc-primary-button')).toBe(true);
    expect(pageContinue?.getAttribute('part')).toBe('primary-button');
    update(() => pageContinue?.click());
    expect(store.getState().wizard.open).toBe(true);
  });
});

describe('configurator page: Share this configuration', () => {
  it('copies a link for the current choices and confirms it', async () => {
    const { share, links } = fakeShare(true);
    const { container } = render(<ConfiguratorApp notices={[]} />, { options: { share } });
    chooseColour(container, 'Front', 'Cashmere');
    await updateAsync(() => byRole(container, 'button', 'Share this configuration').click());
    expect(links.map((configuration) => configuration.front)).toEqual(['cashmere']);
    expect(share.copy).toHaveBeenCalledWith('https://shop.example/charger#evc=cashmere');
    expect(statusTexts(container)).toContain('Link copied to the clipboard.');
    expect(byRole<HTMLInputElement>(container, 'textbox', 'Link to this configuration').value).toBe('https://shop.example/charger#evc=cashmere');
  });

  it('shows the link to copy by hand where the clipboard is refused', async () => {
    const { share } = fakeShare(false);
    const { container } = render(<ConfiguratorApp notices={[]} />, { options: { share } });
    await updateAsync(() => byRole(container, 'button', 'Share this configuration').click());
    expect(statusTexts(container)).toContain('Copy the link below to share this configuration.');
    expect(byRole<HTMLInputElement>(container, 'textbox', 'Link to this configuration').readOnly).toBe(true);
  });

  it('puts the link away once the choices change', async () => {
    const { share } = fakeShare(true);
    const { container } = render(<ConfiguratorApp notices={[]} />, { options: { share } });
    await updateAsync(() => byRole(container, 'button', 'Share this configuration').click());
    chooseColour(container, 'Body', 'Alpine White');
    expect(allByRole(container, 'textbox', 'Link to this configuration')).toEqual([]);
    expect(statusTexts(container)).not.toContain('Link copied to the clipboard.');
  });

  it('says so when the link cannot be made (its file did not load), and makes it on the next press', async () => {
    let attempts = 0;
    const share: ShareOptions = {
      link: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('share-link.js did not load');
        return 'https://shop.example/charger#evc=again';
      },
      copy: async () => true,
    };
    const { container } = render(<ConfiguratorApp notices={[]} />, { options: { share } });
    await updateAsync(() => byRole(container, 'button', 'Share this configuration').click());
    expect(statusTexts(container)).toContain('The link could not be made. Press the button to try again.');
    expect(allByRole(container, 'textbox', 'Link to this configuration')).toEqual([]);
    await updateAsync(() => byRole(container, 'button', 'Share this configuration').click());
    expect(statusTexts(container)).toContain('Link copied to the clipboard.');
  });

  it('is absent when the page gives no way to share', () => {
    const { container } = render(<ConfiguratorApp notices={[]} />);
    expect(allByRole(container, 'button', 'Share this configuration')).toEqual([]);
  });
});

describe('configurator page: Start again', () => {
  const startAgain = (container: HTMLElement) => byRole(container, 'button', 'Start again');
  const dialog = (container: HTMLElement) => byRole<HTMLDialogElement>(container, 'dialog', 'Start again?');

  it('asks first, in a dialog from the wizard file; "Keep my choices" keeps them', async () => {
    const { container, store } = render(<ConfiguratorApp notices={[]} />);
    chooseColour(container, 'Front', 'Racing Green');
    expect(allByRole(container, 'dialog')).toEqual([]);
    await updateAsync(() => startAgain(container).click());
    expect(dialog(container).open).toBe(true);
    expect(textOf(dialog(container))).toContain('goes back to the default choices');
    update(() => byRole(dialog(container), 'button', 'Keep my choices').click());
    expect(dialog(container).open).toBe(false);
    expect(store.getState().configuration.front).toBe('racing_green');
    expect(statusTexts(container)).not.toContain('Your choices are back to the defaults.');
  });

  it('confirmed, goes back to the defaults and says so', async () => {
    const { container, store } = render(<ConfiguratorApp notices={[]} />);
    chooseColour(container, 'Front', 'Racing Green');
    chooseColour(container, 'Body', 'Windsor Grey');
    update(() => updateForm(store, { email: 'buyer@example.com' }));
    await updateAsync(() => startAgain(container).click());
    update(() => byRole(dialog(container), 'button', 'Yes, start again').click());
    expect(dialog(container).open).toBe(false);
    expect(store.getState().configuration.front).toBe('midnight_black');
    expect(store.getState().form.email).toBe('');
    expect(caption(container)).toEqual(['Midnight Black', 'Midnight Black']);
    expect(total(container)).toBe('£599.00');
    expect(statusTexts(container)).toContain('Your choices are back to the defaults.');
    chooseColour(container, 'Front', 'Cashmere');
    expect(statusTexts(container)).not.toContain('Your choices are back to the defaults.');
  });

  it('says so when the wizard file cannot be loaded, with "Try again" and "Close"', async () => {
    const loadWizard = vi.fn().mockRejectedValue(new Error('The wizard could not be loaded: offline'));
    const reportError = vi.fn();
    const { container } = render(<ConfiguratorApp notices={[]} />, { options: { loadWizard, reportError } });
    update(() => startAgain(container).click());
    await updateAsync(() => new Promise((resolve) => setTimeout(resolve)));
    const alert = container.querySelector<HTMLElement>('.evc-start-again [role="alert"]')!;
    expect(textOf(alert.querySelector('p'))).toBe('Start again could not be opened.');
    expect(reportError).toHaveBeenCalledWith({ code: 'start-again-load-failed', message: 'The wizard could not be loaded: offline' });
    update(() => byRole(alert, 'button', 'Try again').click());
    await updateAsync(() => new Promise((resolve) => setTimeout(resolve)));
    expect(loadWizard).toHaveBeenCalledTimes(2);
    update(() => byRole(container, 'button', 'Close').click());
    expect(container.querySelector('.evc-start-again [role="alert"]')).toBeNull();
  });
});


describe('configurator page: finishes the shop cannot sell', () => {
  it('a colour whose finish the shop reports unavailable cannot be chosen, with the reason read with it', () => {
    const { container, store } = render(<ConfiguratorApp notices={[]} />);
    const metallicBody = UK_CATALOGUE.addOns.find((addOn) => addOn.id === 'metallic_body')!.variantId;
    const list = { prices: {}, unavailable: [metallicBody], sellingPlans: {} };
    update(() => store.getState().actions.applyShopPrices({ ok: true, list, catalogue: withShopPrices(UK_CATALOGUE, list) }));
    const body = byRole(container, 'radiogroup', 'Body');
    const grey = byRole<HTMLInputElement>(body, 'radio', 'Windsor Grey');
    expect(grey.disabled).toBe(true);
    expect(textOf(container.querySelector(`#${CSS.escape(grey.getAttribute('aria-describedby') ?? 'none')}`))).toBe(`+£48.00 ${UNAVAILABLE_REASON}`);
    expect(byRole<HTMLInputElement>(body, 'radio', 'Midnight Black').disabled).toBe(false);
    // The front's metallic finish is another variant: still on sale.
    expect(byRole<HTMLInputElement>(byRole(container, 'radiogroup', 'Front'), 'radio', 'Windsor Grey').disabled).toBe(false);
  });
});

describe('configurator page behind the wizard', () => {
  it('keeps the choices it had while the wizard is open, and shows the current ones behind the direct-debit step (GoCardless shows the page)', () => {
    const { container, store } = render(<ConfiguratorApp notices={[]} />);
    update(() => store.getState().actions.openWizard());
    update(() => choose(store, { type: 'chooseCable', cable: 'tethered_22kw_6_5m' }));
    update(() => choose(store, { type: 'chooseInstallation', installation: 'premium_22kw' }));
    expect(total(container)).toBe('£599.00');
    update(() => store.setState((state) => ({ wizard: { ...state.wizard, step: 'directDebit' } })));
    // £599 + £295 cable + £360 installation.
    expect(total(container)).toBe('£1,254.00');
    expect(textOf(container.querySelector('.evc-app > .evc-layout .evc-summary'))).toContain('22kW with 6.5m cable');
  });
});
