import { afterEach, describe, expect, it, vi } from 'vitest';
import { choose, chooseExtra, chooseHookColour } from '../stores/wizard-choices';
import { Preview } from './Preview';
import { byRole, cleanup, render, TEST_CDN, textOf, update, updateAsync } from './testing';
import { wizardNavigation } from '../stores/wizard-navigation';

afterEach(cleanup);

const images = (container: HTMLElement) => [...container.querySelectorAll<HTMLImageElement>('figure img')];
const shown = (container: HTMLElement) => images(container).filter((image) => !image.hidden);
const shownSrc = (container: HTMLElement) => shown(container).map((image) => image.getAttribute('src'));
const colourUrl = (view: string, slug: string) => `${TEST_CDN}/${view}_quartz_${slug}.png?width=800&height=1000`;
const cableUrl = (image: string) => `${TEST_CDN}/${image}.png?width=400&height=600`;
const idle = () => updateAsync(() => new Promise((resolve) => setTimeout(resolve, 60)));

describe('Preview (PREVIEW-1..7)', () => {
  it('renders only the chosen front and body, loaded eagerly, and preloads every other layer without rendering it', async () => {
    const asked: string[] = [];
    const setSrc = vi.spyOn(HTMLImageElement.prototype, 'src', 'set').mockImplementation(function (this: HTMLImageElement, value: string) {
      if (!this.isConnected) asked.push(value);
      this.setAttribute('src', value);
    });
    const { container } = render(<Preview />);
    expect(shownSrc(container)).toEqual([colourUrl('front', 'midnight_black'), colourUrl('side', 'midnight_black')]);
    expect(images(container)).toEqual(shown(container));
    expect(shown(container).map((image) => image.alt)).toEqual(['Front: Midnight Black', 'Body: Midnight Black']);
    expect(shown(container).every((image) => image.getAttribute('loading') === 'eager')).toBe(true);
    // Fronts with and without the display, bodies, hooks and the three tethered cables, less the two shown.
    const others = 16 + 16 + 11 + 11 + 3 - 2;
    for (let tries = 0; tries < 200 && asked.length < others; tries += 1) await idle();
    setSrc.mockRestore();
    expect(asked).toHaveLength(others);
    expect(new Set(asked).size).toBe(others);
    expect(asked).toContain(colourUrl('front', 'racing_green'));
    expect(asked).toContain(cableUrl('cable/tethered_6_5m'));
    expect(asked).not.toContain(colourUrl('front', 'midnight_black'));
    expect(images(container)).toHaveLength(2);
  });

  it('keeps a layer once shown, so choosing back swaps without a new image', () => {
    const { container, store } = render(<Preview />);
    const [front] = shown(container);
    update(() => store.getState().actions.chooseFront('racing_green'));
    expect(shownSrc(container)[0]).toBe(colourUrl('front', 'racing_green'));
    expect(images(container)).toContain(front);
    expect(front?.hidden).toBe(true);
    update(() => store.getState().actions.chooseFront('midnight_black'));
    expect(shown(container)[0]).toBe(front);
  });

  it('swaps the visible layers when colours are chosen, keeping the earlier ones hidden in place', () => {
    const { container, store } = render(<Preview />);
    const before = images(container);
    update(() => store.getState().actions.chooseFront('racing_green'));
    update(() => store.getState().actions.chooseBody('windsor_grey'));
    expect(shownSrc(container)).toEqual([colourUrl('front', 'racing_green'), colourUrl('side', 'windsor_grey')]);
    expect(images(container)).toEqual(expect.arrayContaining(before));
    expect(before.every((image) => image.hidden)).toBe(true);
  });

  it.each([
    [undefined, ['300', '375'], ['150', '225']],
    [1, ['200', '250'], ['100', '150']],
  ])('has fixed sizes at scale %s (200x250 and 100x150 times the scale)', (scale, colour, cable) => {
    const { container, store } = render(<Preview scale={scale} />);
    for (const tethered of ['tethered_7kw_5_5m', 'tethered_7kw_8_5m', 'tethered_22kw_6_5m']) update(() => choose(store, { type: 'chooseCable', cable: tethered }));
    const size = (image: HTMLImageElement) => [image.getAttribute('width'), image.getAttribute('height')];
    const [colourLayers, cableLayers] = [
      images(container).filter((image) => image.dataset['view'] !== 'cable'),
      images(container).filter((image) => image.dataset['view'] === 'cable'),
    ];
    expect(colourLayers.every((image) => size(image).join() === colour.join())).toBe(true);
    expect(cableLayers.map(size)).toEqual([cable, cable, cable]);
  });

  it("uses the 'vision' prefix when the digital display is chosen", () => {
    const { container, store } = render(<Preview />);
    update(() => chooseExtra(store, 'display', true));
    expect(shownSrc(container)[0]).toBe(colourUrl('vision', 'midnight_black'));
    expect(shown(container)[0]?.alt).toBe('Front with digital display: Midnight Black');
    expect(shown(container).filter((image) => image.dataset['view'] === 'front')).toEqual([]);
    // In the stacking order: fronts, vision fronts, bodies.
    expect(images(container).map((image) => image.dataset['view'])).toEqual(['front', 'vision', 'side']);
  });

  it.each([
    ['tethered_7kw_5_5m', 'cable/tethered_5_5m'],
    ['tethered_7kw_8_5m', 'cable/tethered_8_5m'],
    ['tethered_22kw_6_5m', 'cable/tethered_6_5m'],
    ['socket_7kw', undefined],
    ['socket_22kw', undefined],
  ])('shows the tethered-cable image for %s only when tethered', (cable, image) => {
    const { container, store } = render(<Preview />);
    update(() => choose(store, { type: 'chooseCable', cable }));
    const cables = shown(container).filter((layer) => layer.dataset['view'] === 'cable');
    expect(cables.map((layer) => layer.getAttribute('src'))).toEqual(image ? [cableUrl(image)] : []);
  });

  it('shows the cable hook only past the installation step, wizard open or closed', () => {
    const { container, store } = render(<Preview />);
    const { actions } = store.getState();
    const hook = () => shown(container).filter((image) => image.dataset['view'] === 'hook').map((image) => image.getAttribute('src'));
    update(() => {
      choose(store, { type: 'chooseCable', cable: 'tethered_7kw_8_5m' });
      chooseExtra(store, 'cableHook', true);
      chooseHookColour(store, 'nova_bronze');
      actions.openWizard();
    });
    expect(hook()).toEqual([]);
    update(() => void wizardNavigation(store).goNext());
    expect(store.getState().wizard.step).toBe('installation');
    expect(hook()).toEqual([]);
    update(() => void wizardNavigation(store).goNext());
    expect(store.getState().wizard.step).toBe('options');
    expect(hook()).toEqual([colourUrl('hook', 'nova_bronze')]);
    update(() => actions.closeWizard());
    expect(hook()).toEqual([colourUrl('hook', 'nova_bronze')]);
    update(() => chooseExtra(store, 'cableHook', false));
    expect(hook()).toEqual([]);
  });

  it('is a figure captioned by the colour summary, naming the hook when it applies', () => {
    const { container, store } = render(<Preview />);
    update(() => store.getState().actions.chooseFront('sorong_teak'));
    const caption = byRole(container, 'figure', /Sorong Teak/).querySelector('figcaption');
    expect([...(caption?.querySelectorAll('dt, dd') ?? [])].map(textOf)).toEqual(['Front', 'Sorong Teak', 'Body', 'Midnight Black']);
    update(() => {
      choose(store, { type: 'chooseCable', cable: 'tethered_7kw_5_5m' });
      chooseExtra(store, 'cableHook', true);
    });
    expect([...container.querySelectorAll('figcaption dd')].map(textOf)).toEqual(['Sorong Teak', 'Midnight Black', 'Midnight Black']);
    expect([...container.querySelectorAll('figcaption dt')].map(textOf)).toEqual(['Front', 'Body', 'Cable hook']);
  });
});

describe('Preview without images: the charger drawn', () => {
  const drawing = (container: HTMLElement) => container.querySelector<SVGSVGElement>('svg[role="img"]');
  async function drawn(container: HTMLElement): Promise<SVGSVGElement> {
    for (let tries = 0; tries < 100 && !drawing(container); tries += 1) await idle();
    const svg = drawing(container);
    if (!svg) throw new Error('no drawing');
    return svg;
  }
  const failures = () => {
    const calls: string[] = [];
    return { calls, previewImages: { failed: false, fail: (src: string) => void calls.push(src) } };
  };

  it('draws the charger with no image CDN, named by its colours, and follows a colour change', async () => {
    const { container, store } = render(<Preview />, { options: { imageCdn: '' } });
    const svg = await drawn(container);
    expect(images(container)).toEqual([]);
    expect(svg.getAttribute('aria-label')).toBe('Drawing of the charger: Midnight Black front, Midnight Black body');
    expect([svg.getAttribute('width'), svg.getAttribute('height')]).toEqual(['300', '375']);
    update(() => store.getState().actions.chooseFront('racing_green'));
    expect(drawing(container)?.getAttribute('aria-label')).toBe('Drawing of the charger: Racing Green front, Midnight Black body');
    expect(drawing(container)?.querySelector('[data-part="front"]')?.getAttribute('fill')).toBe('#1f4a35');
    // The caption stays.
    expect([...container.querySelectorAll('figcaption dd')].map(textOf)).toEqual(['Racing Green', 'Midnight Black']);
  });

  it('fills a wood front with a pattern whose id is its own, and no inline style', async () => {
    const { container, store } = render(<Preview />, { options: { imageCdn: '' } });
    update(() => store.getState().actions.chooseFront('french_walnut'));
    const svg = await drawn(container);
    const fill = svg.querySelector('[data-part="front"]')?.getAttribute('fill') ?? '';
    const id = /^url\(#([\w-]+)\)$/.exec(fill)?.[1];
    expect(svg.querySelector(`pattern[id="${id}"]`)?.getAttribute('data-finish')).toBe('wood');
    expect(svg.querySelectorAll('[style], style')).toHaveLength(0);
    const other = render(<Preview />, { options: { imageCdn: '' } });
    update(() => other.store.getState().actions.chooseFront('french_walnut'));
    const otherId = (await drawn(other.container)).querySelector('pattern')?.id;
    expect(otherId).toBeTruthy();
    expect(otherId).not.toBe(id);
  });

  it('draws instead once a shown image fails, and says so once for the element', async () => {
    const { calls, previewImages } = failures();
    const { container } = render(<Preview />, { options: { previewImages } });
    const [front, side] = shown(container);
    update(() => {
      front?.dispatchEvent(new Event('error'));
      side?.dispatchEvent(new Event('error'));
    });
    await drawn(container);
    expect(images(container)).toEqual([]);
    expect(calls).toHaveLength(1);
    expect([colourUrl('front', 'midnight_black'), colourUrl('side', 'midnight_black')]).toContain(calls[0]);
  });

  it('ignores a hidden image that fails until it is chosen again', async () => {
    const { calls, previewImages } = failures();
    const { container, store } = render(<Preview />, { options: { previewImages } });
    update(() => store.getState().actions.chooseFront('racing_green'));
    update(() => store.getState().actions.chooseFront('midnight_black'));
    const green = images(container).find((image) => image.getAttribute('src') === colourUrl('front', 'racing_green'));
    expect(green?.hidden).toBe(true);
    update(() => void green?.dispatchEvent(new Event('error')));
    expect(drawing(container)).toBeNull();
    expect(calls).toEqual([]);
    update(() => store.getState().actions.chooseFront('racing_green'));
    await drawn(container);
    expect(calls).toEqual([colourUrl('front', 'racing_green')]);
  });

  it("starts drawn when the element's images failed before (the wizard's preview after the page's)", async () => {
    const { container } = render(<Preview />, { options: { previewImages: { failed: true, fail: () => undefined } } });
    await drawn(container);
    expect(images(container)).toEqual([]);
  });
});
