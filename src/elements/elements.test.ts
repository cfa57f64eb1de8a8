import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { define } from './define';
import { defaultConfiguration } from '../domain/configuration';
import type { EvcErrorDetail } from './events';
import { elementsRendered, TEST_TIMEOUT_MS, until } from './testing';

async function mount(html: string) {
  document.body.innerHTML = html;
  await elementsRendered();
  return document.body.firstElementChild as HTMLElement;
}

const shadowText = (element: Element) => element.shadowRoot?.textContent ?? '';

describe('elements (happy-dom)', { timeout: TEST_TIMEOUT_MS }, () => {
  beforeAll(() => define());
  afterEach(() => {
    document.body.innerHTML = '';
    localStorage.clear();
    sessionStorage.clear();
  });

  it('define() twice is harmless', () => {
    expect(() => define()).not.toThrow();
    expect(customElements.get('ev-charger-configurator')).toBeDefined();
    expect(customElements.get('ev-charger-contact')).toBeDefined();
  });

  it('renders the default configuration and its total in an open shadow root', async () => {
    const element = await mount('<ev-charger-configurator persist="none"></ev-charger-configurator>');
    expect(element.shadowRoot).not.toBeNull();
    const text = shadowText(element);
    expect(text).toContain('Customise your charger');
    expect(text).toContain('7kW socket');
    expect(text).toContain('Total£599.00');
  });

  it('an invalid mode shows a visible error inside the element and fires evc-error', async () => {
    const errors: EvcErrorDetail[] = [];
    document.addEventListener('evc-error', (event) => errors.push(event.detail), { once: true });
    const element = await mount('<ev-charger-configurator mode="lease"></ev-charger-configurator>');
    const alert = element.shadowRoot?.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('mode="lease" is not valid: use "order" or "spec-request"');
    await until(() => errors.length > 0, 'the evc-error event'); // fired from an effect, just after the render
    expect(errors).toEqual([{ code: 'invalid-attribute', message: 'mode="lease" is not valid: use "order" or "spec-request"' }]);
  });

  it('an api-version older than the oldest it accepts is a notice and an evc-error; the element works on', async () => {
    const errors: EvcErrorDetail[] = [];
    document.addEventListener('evc-error', (event) => errors.push(event.detail), { once: true });
    const element = await mount('<ev-charger-configurator persist="none" api-version="2025-04"></ev-charger-configurator>');
    const message = 'api-version="2025-04" is not valid: expected a Storefront API version 2025-10 or later';
    const notice = await until(() => element.shadowRoot?.querySelector('[role="status"]'), 'the notice');
    expect(notice.textContent).toContain(message);
    await until(() => errors.length > 0, 'the evc-error event');
    expect(errors).toEqual([{ code: 'invalid-attribute', message }]);
    expect(shadowText(element)).toContain('Total£599.00');
  });

  it('a catalogue object set as a property is validated, naming the first bad field', async () => {
    const element = await mount('<ev-charger-configurator persist="none"></ev-charger-configurator>');
    const errors: EvcErrorDetail[] = [];
    element.addEventListener('evc-error', (event) => errors.push(event.detail));
    (element as HTMLElement & { catalog: unknown }).catalog = { ...UK_CATALOGUE, cables: [{ ...UK_CATALOGUE.cables[0], price: 'free' }] };
    // The catalogue schema loads on demand (catalogue-on-demand.ts), so the answer comes a little later.
    const alert = await until(() => element.shadowRoot?.querySelector('[role="alert"]'), 'the error panel');
    expect(alert.textContent).toContain('catalogue.cables[0].price: must be a number of pence');
    await until(() => errors.length > 0, 'the evc-error event'); // fired from an effect, just after the render
    expect(errors).toEqual([{ code: 'invalid-catalogue', message: 'catalogue.cables[0].price: must be a number of pence' }]);
  });

  it('a valid catalogue object replaces the embedded one', async () => {
    const element = await mount('<ev-charger-configurator persist="none"></ev-charger-configurator>');
    (element as HTMLElement & { catalog: unknown }).catalog = { ...UK_CATALOGUE, baseProduct: { ...UK_CATALOGUE.baseProduct, price: 70000 } };
    await until(() => shadowText(element).includes('Total£700.00'), () => `the total £700.00 (the element shows: ${shadowText(element).slice(0, 200)})`);
    // Once the schema is there, a catalogue object is checked as it is set, without the spinner.
    const loadingLines: Node[] = [];
    const watch = new MutationObserver((records) => {
      for (const added of records.flatMap((record) => [...record.addedNodes])) {
        if (added instanceof Element && (added.matches('.evc-loading') || added.querySelector('.evc-loading'))) loadingLines.push(added);
      }
    });
    watch.observe(element.shadowRoot!, { childList: true, subtree: true });
    (element as HTMLElement & { catalog: unknown }).catalog = { ...UK_CATALOGUE, baseProduct: { ...UK_CATALOGUE.baseProduct, price: 80000 } };
    await until(() => shadowText(element).includes('Total£800.00'), () => `the total £800.00 (the element shows: ${shadowText(element).slice(0, 200)})`);
    watch.disconnect();
    expect(shadowText(element)).toContain('Total£800.00');
    expect(loadingLines).toEqual([]);
  });

  it('restores saved choices and keeps two instances apart', async () => {
    const key = `evc:order:${location.pathname}:a:choices`;
    const configuration = { ...defaultConfiguration(UK_CATALOGUE), front: 'racing_green' };
    localStorage.setItem(key, JSON.stringify({ version: 1, data: { configuration, wizard: { open: false, step: 'cable', highPowerConfirmed: false } } }));
    document.body.innerHTML = '<ev-charger-configurator id="a"></ev-charger-configurator><ev-charger-configurator id="b"></ev-charger-configurator>';
    await elementsRendered();
    const [a, b] = Array.from(document.querySelectorAll('ev-charger-configurator'));
    const chosenFront = (element: Element) => element.shadowRoot?.querySelector<HTMLInputElement>('[part="front-picker"] input:checked')?.value;
    expect(chosenFront(a!)).toBe('racing_green');
    expect(chosenFront(b!)).toBe('midnight_black');
  });

  it('with saved choices, the element shows them from its first page: never the defaults first', async () => {
    const configuration = { ...defaultConfiguration(UK_CATALOGUE), front: 'racing_green' };
    localStorage.setItem(`evc:order:${location.pathname}:#0:choices`, JSON.stringify({ version: 1, data: { configuration, wizard: { open: false, step: 'cable', highPowerConfirmed: false } } }));
    document.body.innerHTML = '<ev-charger-configurator></ev-charger-configurator>';
    const element = document.body.firstElementChild as HTMLElement;
    // Saved state is read back as the store is made (SAVE-1): every front shown on the way is the saved one.
    const shown: (string | undefined)[] = [];
    const watch = new MutationObserver(() => shown.push(element.shadowRoot?.querySelector<HTMLInputElement>('[part="front-picker"] input:checked')?.value));
    watch.observe(element.shadowRoot!, { childList: true, subtree: true, attributes: true });
    await elementsRendered();
    await until(() => shown.includes('racing_green'), () => `the saved front (shown: ${shown.join(', ')})`);
    watch.disconnect();
    expect(shown.filter((front) => front !== undefined && front !== 'racing_green')).toEqual([]);
  });

  it('the contact element hides lines without a value and opens social links in a new tab', async () => {
    const element = await mount('<ev-charger-contact support-phone="0800 123 4567" video-url="https://video.example/c"></ev-charger-contact>');
    const root = element.shadowRoot!;
    expect(root.querySelector('h2')?.textContent).toBe('Contact Us');
    expect(root.textContent).toContain("We're happy to help you at any step along the way. Simply contact us below.");
    expect(root.textContent).toContain('08:00-19:00 Monday to Friday');
    expect(root.querySelector('a[href="tel:08001234567"]')).not.toBeNull();
    expect(root.querySelector('a[href^="mailto:"]')).toBeNull();
    const video = root.querySelector('a[href="https://video.example/c"]');
    expect(video?.getAttribute('target')).toBe('_blank');
    expect(video?.getAttribute('rel')).toContain('noopener');
  });

  it("the Contact Us block brings its stylesheet, after the element's own", async () => {
    const element = await mount('<ev-charger-contact support-phone="0800 123 4567"></ev-charger-contact>');
    const rules = (sheet: CSSStyleSheet | undefined) => [...(sheet?.cssRules ?? [])].map((rule) => rule.cssText).join('\n');
    const [base, contact, ...more] = element.shadowRoot!.adoptedStyleSheets;
    expect(rules(base)).toContain(':host');
    expect(rules(base)).not.toContain('.evc-contact-lines');
    expect(rules(contact)).toContain('.evc-contact-lines');
    expect(more).toEqual([]);
  });
});
