import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_REQUEST_UNAVAILABLE } from '../ui/spec-request-messages';
import { define } from './define';
import type { EvcErrorDetail } from './events';
import { elementsRendered, TEST_TIMEOUT_MS, until } from './testing';

/** Mounts the element and waits for its page, which comes in a background render after a loading line. */
async function mount(html: string): Promise<HTMLElement> {
  document.body.innerHTML = html;
  await elementsRendered();
  return document.body.firstElementChild as HTMLElement;
}

const shown = (element: Element) => element.shadowRoot?.textContent ?? '';

describe('spec-request mode: mail-endpoint and mailSender (SPEC-1, ATTR-2)', { timeout: TEST_TIMEOUT_MS }, () => {
  beforeAll(() => define());
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('without either, the page shows the configuration error and fires evc-error', async () => {
    const errors: EvcErrorDetail[] = [];
    const listener = (event: CustomEvent<EvcErrorDetail>) => errors.push(event.detail);
    document.addEventListener('evc-error', listener);
    const element = await mount('<ev-charger-configurator mode="spec-request" persist="none"></ev-charger-configurator>');
    await until(() => errors.some((error) => error.code === 'invalid-configuration'), 'the invalid-configuration evc-error'); // fired from an effect
    document.removeEventListener('evc-error', listener);
    expect(shown(element)).toContain(SPEC_REQUEST_UNAVAILABLE);
    expect(errors).toContainEqual({ code: 'invalid-configuration', message: SPEC_REQUEST_UNAVAILABLE });
  });

  it('with mail-endpoint, or a mailSender set as a property: no error', async () => {
    // The notice is drawn with the page, so once the page is there its absence means something.
    const withEndpoint = await mount('<ev-charger-configurator mode="spec-request" mail-endpoint="/api/spec-request" persist="none"></ev-charger-configurator>');
    expect(withEndpoint.shadowRoot?.querySelector('.evc-app')).not.toBeNull();
    expect(shown(withEndpoint)).not.toContain(SPEC_REQUEST_UNAVAILABLE);
    const element = await mount('<ev-charger-configurator mode="spec-request" persist="none"></ev-charger-configurator>');
    expect(shown(element)).toContain(SPEC_REQUEST_UNAVAILABLE); // until the sender is set
    const sender = async () => ({ requestId: 'host-1' });
    (element as HTMLElement & { mailSender?: unknown }).mailSender = sender;
    await until(() => !shown(element).includes(SPEC_REQUEST_UNAVAILABLE), 'the configuration error to go once the mailSender is set');
    expect((element as HTMLElement & { mailSender?: unknown }).mailSender).toBe(sender);
    expect(shown(element)).not.toContain(SPEC_REQUEST_UNAVAILABLE);
    expect(element.shadowRoot?.querySelector('.evc-app')).not.toBeNull();
  });
});
