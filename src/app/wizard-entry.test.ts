import { afterEach, describe, expect, it, vi } from 'vitest';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { createConfiguratorStore } from '../stores/configurator-store';
import type { UiOptions } from '../ui/options-context';
import type { WizardMountProps, WizardServicesInput } from '../ui/wizard-module';
import { mountWizard } from './wizard-entry';

// What the wizard's UI is rendered with, each time: the mount's first props, then each update's.
const rendered = vi.hoisted(() => [] as WizardMountProps[]);
vi.mock('../ui/wizard-mount', () => ({
  mountWizard: (_container: Element, props: WizardMountProps) => {
    rendered.push(props);
    return { update: (next: WizardMountProps) => void rendered.push(next), unmount() {} };
  },
  mountViewer: () => ({ update() {}, unmount() {} }),
  mountStartAgain: () => ({ update() {}, unmount() {} }),
}));

const store = createConfiguratorStore({ catalogue: UK_CATALOGUE, flow: 'order', storageKey: 'test' });
const OPTIONS: UiOptions = { instanceId: 'evc1', imageCdn: '/cdn' };

function makings(): WizardServicesInput {
  const host = document.body.appendChild(document.createElement('ev-charger-configurator'));
  return { host, options: { mode: 'order', persist: 'none', cart: 'theme', apiVersion: '2026-04' }, catalogue: UK_CATALOGUE };
}

afterEach(() => {
  rendered.length = 0;
  document.body.innerHTML = '';
});

describe('mountWizard: the wizard file completes the page’s options with the services it makes', () => {
  it('makes them once per mount, again only for new makings; the same options object until either changes', () => {
    const first = makings();
    const handle = mountWizard(document.createElement('div'), { store, options: OPTIONS, services: first, open: true });
    handle.update({ store, options: OPTIONS, services: first, open: false });
    const [mounted, closed] = rendered;
    expect(mounted?.options).toMatchObject({ ...OPTIONS, order: { checkoutAvailable: true } });
    expect(closed?.open).toBe(false);
    expect(closed?.options).toBe(mounted?.options);

    const changed = { ...OPTIONS, instanceId: 'evc2' };
    handle.update({ store, options: changed, services: first });
    expect(rendered[2]?.options).toMatchObject(changed);
    expect(rendered[2]?.options.order).toBe(mounted?.options.order);

    handle.update({ store, options: changed, services: makings() });
    expect(rendered[3]?.options.order).toBeDefined();
    expect(rendered[3]?.options.order).not.toBe(mounted?.options.order);
  });

  it('without makings, the options stand as given (tests hand in their own services)', () => {
    const order = { checkoutAvailable: false } as UiOptions['order'];
    mountWizard(document.createElement('div'), { store, options: { ...OPTIONS, order } });
    expect(rendered[0]?.options.order).toBe(order);
    expect(rendered[0]?.options.specRequest).toBeUndefined();
  });
});
