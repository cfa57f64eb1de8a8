import { beforeAll, describe, expect, it, vi } from 'vitest';
import { define } from './define';
import { elementsRendered, TEST_TIMEOUT_MS, until } from './testing';

const hrefsIn = (element: Element) => [...(element.shadowRoot?.querySelectorAll('[href]') ?? [])].map((link) => link.getAttribute('href') ?? '');

/** The hrefs in the element's shadow root once React has rendered as many links as `expected`. */
async function links(element: Element, expected: number): Promise<string[]> {
  return until(
    () => hrefsIn(element).length === expected && hrefsIn(element),
    () => `${expected} links in <${element.localName}> (it has ${JSON.stringify(hrefsIn(element))})`,
  );
}

describe('elementBase: removed attributes stop counting, and the element mounts in a task of its own', { timeout: TEST_TIMEOUT_MS }, () => {
  beforeAll(() => define());

  it('<ev-charger-contact> hides a line once its attribute is removed, emptied, or its property cleared', async () => {
    document.body.innerHTML =
      '<ev-charger-contact support-email="sales@quartz-charger.example" video-url="https://video.example/c" social-url="https://social.example/q"></ev-charger-contact>';
    const element = document.body.firstElementChild as HTMLElement & { videoUrl?: string };
    expect(await links(element, 3)).toEqual(['mailto:sales@quartz-charger.example', 'https://video.example/c', 'https://social.example/q']);
    element.removeAttribute('support-email');
    expect(await links(element, 2)).toEqual(['https://video.example/c', 'https://social.example/q']);
    element.setAttribute('social-url', '');
    expect(await links(element, 1)).toEqual(['https://video.example/c']);
    element.videoUrl = undefined;
    expect(await links(element, 0)).toEqual([]);
    element.setAttribute('video-url', 'https://video.example/again');
    expect(await links(element, 1)).toEqual(['https://video.example/again']);
    document.body.innerHTML = '';
  });

  it('takes every attribute as data-… too, for pages whose content system keeps only data attributes; the plain one wins', async () => {
    document.body.innerHTML = '<ev-charger-contact data-support-email="sales@quartz-charger.example" data-video-url="https://video.example/c"></ev-charger-contact>';
    const element = document.body.firstElementChild as HTMLElement;
    const shows = (expected: string[]) => until(() => JSON.stringify(hrefsIn(element)) === JSON.stringify(expected), () => `links ${JSON.stringify(expected)} (it has ${JSON.stringify(hrefsIn(element))})`);
    await shows(['mailto:sales@quartz-charger.example', 'https://video.example/c']);
    element.setAttribute('video-url', 'https://video.example/plain');
    await shows(['mailto:sales@quartz-charger.example', 'https://video.example/plain']);
    element.removeAttribute('video-url');
    await shows(['mailto:sales@quartz-charger.example', 'https://video.example/c']);
    element.removeAttribute('data-support-email');
    await shows(['https://video.example/c']);
    document.body.innerHTML = '';
  });

  it('mounts in a task after its upgrade, once, and only while connected (both elements)', async () => {
    // Upgrading (parsing every attribute) leaves the shadow root empty: the mount is a task of its own.
    const timers = vi.spyOn(globalThis, 'setTimeout');
    document.body.innerHTML = '<ev-charger-configurator persist="none" mode="order" image-cdn="https://images.example/evc" support-phone="020 7946 0321"></ev-charger-configurator>';
    const element = document.body.firstElementChild as HTMLElement;
    expect(timers).toHaveBeenCalledTimes(1);
    timers.mockRestore();
    expect(element.shadowRoot?.childNodes).toHaveLength(0);
    expect(element.shadowRoot?.adoptedStyleSheets).toHaveLength(0);
    await elementsRendered();
    expect(element.shadowRoot?.adoptedStyleSheets.length).toBeGreaterThan(0);
    expect(element.shadowRoot?.querySelectorAll('.evc-app')).toHaveLength(1);

    // Made and removed within one task: it never mounts; added again later, it does.
    const brief = document.createElement('ev-charger-configurator');
    brief.setAttribute('persist', 'none');
    document.body.append(brief);
    brief.remove();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(brief.shadowRoot?.childNodes).toHaveLength(0);
    document.body.append(brief);
    await elementsRendered();
    expect(brief.shadowRoot?.querySelectorAll('.evc-app')).toHaveLength(1);
    // Once mounted, an attribute change renders at once (no second mount): the page stays the same element.
    const page = brief.shadowRoot?.querySelector('.evc-app');
    brief.setAttribute('image-cdn', 'https://images.example/other');
    await until(() => brief.shadowRoot?.querySelector('img[src^="https://images.example/other/"]'), 'the preview from the new image CDN');
    expect(brief.shadowRoot?.querySelector('.evc-app')).toBe(page);

    // The contact element shares the base: nothing during its upgrade, its block a task later.
    document.body.innerHTML = '<ev-charger-contact support-phone="020 7946 0321"></ev-charger-contact>';
    const contact = document.body.firstElementChild as HTMLElement;
    expect(contact.shadowRoot?.adoptedStyleSheets).toHaveLength(0);
    await elementsRendered();
    expect(contact.shadowRoot?.adoptedStyleSheets.length).toBeGreaterThan(0);
    document.body.innerHTML = '';
  });
});
