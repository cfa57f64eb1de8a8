import { beforeAll, describe, expect, it } from 'vitest';
import { define } from './define';
import { TEST_TIMEOUT_MS, until } from './testing';

const hrefsIn = (element: Element) => [...(element.shadowRoot?.querySelectorAll('[href]') ?? [])].map((link) => link.getAttribute('href') ?? '');

/** The hrefs in the element's shadow root once React has rendered as many links as `expected`. */
async function links(element: Element, expected: number): Promise<string[]> {
  return until(
    () => hrefsIn(element).length === expected && hrefsIn(element),
    () => `${expected} links in <${element.localName}> (it has ${JSON.stringify(hrefsIn(element))})`,
  );
}

describe('forgetRemovedAttribute: an attribute removed or emptied at runtime stops counting (issue 7)', { timeout: TEST_TIMEOUT_MS }, () => {
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
});
