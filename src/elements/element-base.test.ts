import { createElement, useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { define } from './define';
import { elementBase } from './element-base';
import { EvChargerConfigurator } from './configurator-element';
import { EvChargerContact } from './contact-element';
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

/** A component that shows its `label` and `note` props, and a count kept in React state (lost when its tree is unmounted). */
function Counter({ label, note }: { label?: string; note?: string }) {
  const [count, setCount] = useState(0);
  return createElement('button', { type: 'button', onClick: () => setCount(count + 1) }, `${label ?? 'none'} ${count}${note ?? ''}`);
}

/** The text `element` renders, once it is `expected`. */
const shows = (element: Element, expected: string) =>
  until(
    () => element.shadowRoot?.textContent === expected,
    () => `"${expected}" in <${element.localName}> (it shows "${element.shadowRoot?.textContent ?? ''}")`,
  );

describe('elementBase: the class @r2wc/react-to-web-component makes, extended', { timeout: TEST_TIMEOUT_MS }, () => {
  it("both elements are r2wc's classes: its render and props stand on the prototype chain", () => {
    for (const element of [EvChargerConfigurator, EvChargerContact]) {
      const chain: object[] = [];
      for (let proto: object | null = element.prototype; proto; proto = Object.getPrototypeOf(proto) as object | null) chain.push(proto);
      expect(chain.some((proto) => Object.getOwnPropertySymbols(proto).includes(Symbol.for('r2wc.render')))).toBe(true);
    }
  });

  it('a move within one task keeps the React tree (its state), where r2wc alone unmounts it', async () => {
    customElements.define('evc-test-move', elementBase(Counter, ['label'], []));
    document.body.innerHTML = '<div id="first"><evc-test-move label="kept"></evc-test-move></div><div id="second"></div>';
    const element = document.querySelector('evc-test-move') as HTMLElement;
    await shows(element, 'kept 0');
    element.shadowRoot?.querySelector('button')?.click();
    await shows(element, 'kept 1');
    document.getElementById('second')?.append(element);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(element.shadowRoot?.textContent).toBe('kept 1');
    // Removed for good, it unmounts a task later; added again, it starts afresh.
    element.remove();
    await until(() => element.shadowRoot?.childNodes.length === 0, 'the tree unmounted');
    document.body.append(element);
    await shows(element, 'kept 0');
    document.body.innerHTML = '';
  });

  it('properties set before the element was defined are applied once it is connected, and then mirror the attribute', async () => {
    const element = document.createElement('evc-test-early') as HTMLElement & { label?: string };
    element.label = 'early';
    document.body.append(element);
    customElements.define('evc-test-early', elementBase(Counter, ['label'], []));
    await shows(element, 'early 0');
    expect(element.getAttribute('label')).toBe('early');
    expect(Object.prototype.hasOwnProperty.call(element, 'label')).toBe(false);
    element.label = 'later';
    await shows(element, 'later 0');
    document.body.innerHTML = '';
  });

  it('a property cleared while only its data- twin is set leaves the twin in force', async () => {
    customElements.define('evc-test-twin', elementBase(Counter, ['label', 'note'], []));
    document.body.innerHTML = '<evc-test-twin data-label="twin"></evc-test-twin>';
    const element = document.body.firstElementChild as HTMLElement & { label?: string };
    await shows(element, 'twin 0');
    element.shadowRoot?.querySelector('button')?.click();
    await shows(element, 'twin 1');
    element.label = undefined;
    // Rendered again with what the element holds now: the twin's label, not none.
    element.setAttribute('note', '!');
    await until(() => element.shadowRoot?.textContent?.endsWith('!'), 'the note');
    expect(element.shadowRoot?.textContent).toBe('twin 1!');
    document.body.innerHTML = '';
  });
});
