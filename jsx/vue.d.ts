// The elements in Vue 3 templates, for vue-tsc: `import type {} from 'ev-charger-configurator/vue';`
// once in the app. Attributes (`shop-domain`) and properties (`:catalog`, `:mail-sender`) are typed
// from the element classes, and `@evc-change` listeners get the event with its typed detail.
import type { EmitFn, HTMLAttributes, ReservedProps } from 'vue';
import type { ConfiguratorProperties, ContactProperties, EvChargerConfigurator, EvChargerContact, EvcEventMap } from 'ev-charger-configurator';

type Listeners<Names extends keyof EvcEventMap> = { [Name in Names]: (event: EvcEventMap[Name]) => void };
/** `evc-change` → `EvcChange`: Vue compiles `@evc-change` to the prop `onEvcChange`. */
type Pascal<Name extends string> = Name extends `${infer Head}-${infer Tail}` ? `${Capitalize<Head>}${Pascal<Tail>}` : Capitalize<Name>;
type ListenerProps<Names extends keyof EvcEventMap> = { [Name in Names as `on${Pascal<Name>}`]?: (event: EvcEventMap[Name]) => void };

/**
 * A custom element as vue-tsc reads a component: `$props` types what the template may bind, `$emit`
 * the `@…` listeners. Neither exists on the element at run time: they are for template checks only.
 */
type ElementComponent<Element extends HTMLElement, Props, Names extends keyof EvcEventMap> = new () => Element & {
  /** @deprecated Template typing only: the element has no `$props`. */
  $props: HTMLAttributes & ReservedProps & Props & ListenerProps<Names>;
  /** @deprecated Template typing only: the element has no `$emit`. */
  $emit: EmitFn<Listeners<Names>>;
};

declare module 'vue' {
  interface GlobalComponents {
    'ev-charger-configurator': ElementComponent<
      EvChargerConfigurator,
      Partial<ConfiguratorProperties> & Partial<Pick<EvChargerConfigurator, 'catalog' | 'mailSender'>>,
      keyof EvcEventMap
    >;
    'ev-charger-contact': ElementComponent<EvChargerContact, Partial<ContactProperties>, 'evc-error'>;
  }
}
