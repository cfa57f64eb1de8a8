// What Svelte markup may not write on the elements (svelte-check cannot expect errors in markup).
import type {} from 'ev-charger-configurator/svelte';
import type { SvelteHTMLElements } from 'svelte/elements';

type Configurator = SvelteHTMLElements['ev-charger-configurator'];
type Contact = SvelteHTMLElements['ev-charger-contact'];

// @ts-expect-error: not one of the modes
export const badMode: Configurator = { mode: 'nonsense' };
// @ts-expect-error: the attribute form is typed as its property is
export const badAttribute: Configurator = { 'shop-domain': 42 };
// @ts-expect-error: a catalogue is a URL or a catalogue object
export const badCatalog: Configurator = { catalog: 42 };
// @ts-expect-error: the checkout event's detail has no requestId
export const badEvent: Configurator = { 'onevc-checkout': (event) => event.detail.requestId };
// @ts-expect-error: the contact element has no mode
export const badContact: Contact = { mode: 'order' };
// @ts-expect-error: the contact element sends no evc-change
export const badContactEvent: Contact = { 'onevc-change': () => undefined };
export const good: Configurator = { 'shop-domain': 'example.myshopify.com', 'data-mode': 'spec-request', 'onevc-step': (event) => event.detail.step };
