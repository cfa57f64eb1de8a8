import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_REQUEST_UNAVAILABLE } from '../ui/spec-request-messages';
import { define } from './define';
import type { EvcErrorDetail } from './events';

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

async function mount(html: string): Promise<HTMLElement> {
  document.body.innerHTML = html;
  const element = document.body.firstElementChild as HTMLElement;
  // The page comes in a background render after a loading line.
  const loading = () => (element.shadowRoot?.childElementCount ?? 0) === 0 || Boolean(element.shadowRoot?.querySelector('.evc-loading'));
  for (let tries = 0; tries < 100 && loading(); tries += 1) await settle();
  await settle();
  return element;
}

describe('spec-request mode: mail-endpoint and mailSender (DESIGN, issue 5)', () => {
  beforeAll(() => define());
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('without either, the page shows the configuration error and fires evc-error', async () => {
    const errors: EvcErrorDetail[] = [];
    const listener = (event: CustomEvent<EvcErrorDetail>) => errors.push(event.detail);
    document.addEventListener('evc-error', listener);
    const element = await mount('<ev-charger-configurator mode="spec-request" persist="none"></ev-charger-configurator>');
    document.removeEventListener('evc-error', listener);
    expect(element.shadowRoot?.textContent).toContain(SPEC_REQUEST_UNAVAILABLE);
    expect(errors).toContainEqual({ code: 'invalid-configuration', message: SPEC_REQUEST_UNAVAILABLE });
  });

  it('with mail-endpoint, or a mailSender set as a property: no error', async () => {
    const withEndpoint = await mount('<ev-charger-configurator mode="spec-request" mail-endpoint="/api/spec-request" persist="none"></ev-charger-configurator>');
    expect(withEndpoint.shadowRoot?.textContent).not.toContain(SPEC_REQUEST_UNAVAILABLE);
    const element = await mount('<ev-charger-configurator mode="spec-request" persist="none"></ev-charger-configurator>');
    const sender = async () => ({ requestId: 'host-1' });
    (element as HTMLElement & { mailSender?: unknown }).mailSender = sender;
    await settle();
    expect((element as HTMLElement & { mailSender?: unknown }).mailSender).toBe(sender);
    expect(element.shadowRoot?.textContent).not.toContain(SPEC_REQUEST_UNAVAILABLE);
  });
});
