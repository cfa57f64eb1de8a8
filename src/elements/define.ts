import { EvChargerConfigurator } from './configurator-element';
import { EvChargerContact } from './contact-element';

export const ELEMENTS = {
  'ev-charger-configurator': EvChargerConfigurator,
  'ev-charger-contact': EvChargerContact,
} as const;

/**
 * Registers the elements; a name already registered (the script loaded twice, or another copy of
 * it) is left as it is, so loading twice is harmless.
 */
export function define(registry: CustomElementRegistry | undefined = globalThis.customElements): void {
  if (!registry) return;
  for (const [name, constructor] of Object.entries(ELEMENTS)) {
    if (!registry.get(name)) registry.define(name, constructor);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'ev-charger-configurator': EvChargerConfigurator;
    'ev-charger-contact': EvChargerContact;
  }
}
