import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { defaultConfiguration } from '../domain/configuration';
import { sharePayloadIn } from '../domain/share';
import { encodeSharedConfiguration } from '../domain/share-write';
import { readSharePayload, sharedConfiguration } from '../domain/share-read';
import { define } from './define';
import type { EvcErrorDetail } from './events';
import { SHARE_LINK_NOTICE } from '../app/share-link';
import { elementsRendered, TEST_TIMEOUT_MS, until } from './testing';

async function mount(html: string): Promise<HTMLElement[]> {
  document.body.innerHTML = html;
  await elementsRendered();
  return Array.from(document.querySelectorAll<HTMLElement>('ev-charger-configurator'));
}

/** The link is taken out of the URL from an effect, just after the page that used it is drawn. */
const linkForgotten = () => until(() => !location.hash.includes('evc='), () => `the share link to leave the URL (it is ${location.hash})`);

const link = (target: string, changes = {}) => encodeSharedConfiguration({ target, configuration: { ...defaultConfiguration(UK_CATALOGUE), ...changes } });
const openPage = (hash: string) => history.replaceState(null, '', `/product${hash}`);
const chosen = (host: Element, part: string) => host.shadowRoot?.querySelector<HTMLInputElement>(`[part="${part}"] input:checked`)?.value;
const notices = (host: Element) => [...(host.shadowRoot?.querySelectorAll('[part="notice"] li') ?? [])].map((item) => item.textContent);

describe('share links on the page', { timeout: TEST_TIMEOUT_MS }, () => {
  const errors: EvcErrorDetail[] = [];
  const onError = (event: Event) => errors.push((event as CustomEvent<EvcErrorDetail>).detail);
  beforeAll(() => {
    define();
    document.addEventListener('evc-error', onError);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
    localStorage.clear();
    errors.length = 0;
    openPage('');
  });

  it('restores the link’s choices over saved ones and takes the link out of the URL, keeping the rest', async () => {
    const saved = { configuration: { ...defaultConfiguration(UK_CATALOGUE), front: 'cashmere' }, wizard: { open: false, step: 'cable', highPowerConfirmed: false } };
    localStorage.setItem('evc:order:/product:#0:choices', JSON.stringify({ version: 1, data: saved }));
    openPage(`#design&evc=${link('#0', { front: 'racing_green', body: 'windsor_grey' })}`);
    const [host] = await mount('<ev-charger-configurator></ev-charger-configurator>');
    await linkForgotten();
    expect(chosen(host!, 'front-picker')).toBe('racing_green');
    expect(chosen(host!, 'body-picker')).toBe('windsor_grey');
    expect(location.hash).toBe('#design');
    expect(errors).toEqual([]);
  });

  it('applies only to the configurator it names (by id, else by position)', async () => {
    openPage(`#evc=${link('b', { front: 'alpine_white' })}`);
    const [a, b] = await mount('<ev-charger-configurator id="a" persist="none"></ev-charger-configurator><ev-charger-configurator id="b" persist="none"></ev-charger-configurator>');
    await linkForgotten(); // else the first link's effect could take the second link out of the URL
    expect(chosen(a!, 'front-picker')).toBe('midnight_black');
    expect(chosen(b!, 'front-picker')).toBe('alpine_white');

    openPage(`#evc=${link('#1', { body: 'purple_spirit' })}`);
    const [first, second] = await mount('<ev-charger-configurator persist="none"></ev-charger-configurator><ev-charger-configurator persist="none"></ev-charger-configurator>');
    await linkForgotten();
    expect(chosen(first!, 'body-picker')).toBe('midnight_black');
    expect(chosen(second!, 'body-picker')).toBe('purple_spirit');
  });

  it('a bad link shows a notice on the configurator it names, fires evc-error, and changes nothing', async () => {
    openPage(`#evc=${link('b', { front: 'no_such_colour' })}`);
    const [a, b] = await mount('<ev-charger-configurator id="a" persist="none"></ev-charger-configurator><ev-charger-configurator id="b" persist="none"></ev-charger-configurator>');
    await linkForgotten(); // the effect that does so then fires evc-error
    expect(notices(a!)).toEqual([]);
    expect(notices(b!)).toEqual([SHARE_LINK_NOTICE]);
    expect(chosen(b!, 'front-picker')).toBe('midnight_black');
    expect(errors).toEqual([{ code: 'invalid-share-link', message: expect.stringContaining('configuration.front: "no_such_colour" is not in the catalogue') }]);
    expect(location.hash).toBe('');
  });

  it('an unreadable link is reported once, by the first configurator, even when both read it', async () => {
    openPage('#evc=%%%not-a-link');
    // A document that refuses replaceState keeps the link, so the second configurator reads it too.
    vi.spyOn(history, 'replaceState').mockImplementation(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    const [first, second] = await mount('<ev-charger-configurator persist="none"></ev-charger-configurator><ev-charger-configurator persist="none"></ev-charger-configurator>');
    await until(() => errors.length > 0, 'the evc-error event'); // fired from an effect, just after the page is drawn
    // Both have drawn their page and run their effects with the link still in the URL.
    await until(() => second!.shadowRoot?.querySelector('[part="front-picker"]'), 'the second configurator’s page');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(location.hash).toBe('#evc=%%%not-a-link');
    expect(notices(first!)).toEqual([SHARE_LINK_NOTICE]);
    expect(notices(second!)).toEqual([]);
    expect(errors.map((error) => error.code)).toEqual(['invalid-share-link']);
  });

  it('"Share this configuration" gives this page’s URL with this element’s choices', async () => {
    openPage('#design');
    const [, host] = await mount('<ev-charger-configurator persist="none"></ev-charger-configurator><ev-charger-configurator persist="none"></ev-charger-configurator>');
    const root = host!.shadowRoot!;
    const red = await until(() => root.querySelector<HTMLInputElement>('[part="front-picker"] input[value="maranello_red"]'), 'the Maranello Red front');
    red.click();
    await until(() => red.checked, 'Maranello Red to be chosen');
    (await until(() => [...root.querySelectorAll('button')].find((button) => button.textContent === 'Share this configuration'), 'the "Share this configuration" button')).click();
    const url = (await until(() => root.querySelector<HTMLInputElement>('.evc-share-field input')?.value, 'the share link in its field')) ?? '';
    expect(url.startsWith(`${location.origin}/product#design&evc=`)).toBe(true);
    const decoded = sharedConfiguration(UK_CATALOGUE, 'order', readSharePayload(sharePayloadIn(new URL(url).hash)!));
    expect(decoded).toMatchObject({ ok: true, target: '#1', configuration: { front: 'maranello_red' } });
  });
});
