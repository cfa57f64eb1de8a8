import { expect } from 'chai';
import { after, before, describe, it } from './mocha';
import { loadElements, waitFor } from './page';

/**
 * Puts an element in the page and waits until React has rendered into its shadow root (the
 * configurator's page comes in a background render, after a loading line).
 */
async function mount(tag: string): Promise<{ host: HTMLElement; root: ShadowRoot }> {
  const host = document.createElement(tag);
  document.body.append(host);
  const root = await waitFor(() => host.shadowRoot, `${tag} to attach a shadow root`);
  await waitFor(() => root.childElementCount > 0 && !root.querySelector('.evc-loading'), `${tag} to render`);
  return { host, root };
}

function radios(root: ShadowRoot): HTMLInputElement[] {
  return [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
}

// BUILD-1: one classic script defines every element.
describe('dist/ev-charger-configurator.js', () => {
  let firstLoadErrors: unknown[] = [];
  const mounted: HTMLElement[] = [];

  before(async () => {
    firstLoadErrors = await loadElements();
  });

  after(() => {
    for (const host of mounted) host.remove();
  });

  it('loads without errors and defines both elements', () => {
    expect(firstLoadErrors).to.deep.equal([]);
    expect(customElements.get('ev-charger-configurator'), 'ev-charger-configurator').to.be.a('function');
    expect(customElements.get('ev-charger-contact'), 'ev-charger-contact').to.be.a('function');
  });

  // STYLE-1: constructable stylesheets in an open shadow root, no <style> tags.
  it('renders <ev-charger-configurator> into an open shadow root with adopted styles only', async () => {
    const { host, root } = await mount('ev-charger-configurator');
    mounted.push(host);
    expect(root.mode).to.equal('open');
    expect(root.adoptedStyleSheets.length).to.be.greaterThan(0);
    expect(root.querySelectorAll('style')).to.have.length(0);
  });

  it('can be loaded a second time without errors', async () => {
    const defined = customElements.get('ev-charger-configurator');
    expect(await loadElements()).to.deep.equal([]);
    expect(customElements.get('ev-charger-configurator')).to.equal(defined);
  });

  it('works from a <script type="module"> too, which has no currentScript', async () => {
    expect(await loadElements('module')).to.deep.equal([]);
  });

  // SAVE-2, ARCH-3: each element has its own store; two elements on one page never share state.
  it('renders two instances that keep their own choices', async () => {
    const first = await mount('ev-charger-configurator');
    const second = await mount('ev-charger-configurator');
    mounted.push(first.host, second.host);

    const untouched = radios(second.root).map((radio) => radio.checked);
    expect(radios(first.root).map((radio) => radio.checked)).to.deep.equal(untouched);
    const index = radios(first.root).findIndex((radio) => !radio.checked);
    expect(index, 'an unchosen option to click').to.be.at.least(0);

    radios(first.root)[index]?.click();
    await waitFor(() => radios(first.root)[index]?.checked, 'the first instance to take the choice');
    expect(radios(second.root).map((radio) => radio.checked)).to.deep.equal(untouched);
  });
});
