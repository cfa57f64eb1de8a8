// The elements in Svelte 5 markup, for svelte-check: `import type {} from 'ev-charger-configurator/svelte';`
// once in the app. Attributes (`shop-domain`) and properties (`catalog`, `mailSender`) are typed from
// the element classes, and `onevc-change={…}` (or the older `on:evc-change`) gets the typed event.
import type { HTMLAttributes } from 'svelte/elements';
import type { ConfiguratorProperties, ContactProperties, EvChargerConfigurator, EvChargerContact, EvcEventMap } from 'ev-charger-configurator';

type Listener<Name extends keyof EvcEventMap> = ((event: EvcEventMap[Name]) => void) | null | undefined;
/** `shopDomain` → `shop-domain`: Svelte checks every attribute name, the attribute forms included. */
type Kebab<Name extends string> = Name extends `${infer Head}${infer Tail}` ? `${Head extends Lowercase<Head> ? Head : `-${Lowercase<Head>}`}${Kebab<Tail>}` : Name;
type Attributes<Properties> = Properties & { [Name in keyof Properties & string as Kebab<Name>]?: Properties[Name] };
type EventAttributes<Names extends keyof EvcEventMap> = { [Name in Names as `on${Name}` | `on:${Name}`]?: Listener<Name> };

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'ev-charger-configurator': HTMLAttributes<EvChargerConfigurator> &
      Attributes<Partial<ConfiguratorProperties>> &
      Partial<Pick<EvChargerConfigurator, 'catalog' | 'mailSender'>> &
      EventAttributes<keyof EvcEventMap>;
    'ev-charger-contact': HTMLAttributes<EvChargerContact> & Attributes<Partial<ContactProperties>> & EventAttributes<'evc-error'>;
  }
}
