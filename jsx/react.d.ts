// The elements in React 19's JSX, for TypeScript: `import type {} from 'ev-charger-configurator/react';`
// once in the app. Attributes (`shop-domain`) and properties (`shopDomain`, `catalog`, `mailSender`)
// both work, and React 19 listens for the events through props named `on` + the event's name.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { ConfiguratorProperties, ContactProperties, EvChargerConfigurator, EvChargerContact, EvcEventMap } from 'ev-charger-configurator';

type EventProps<Names extends keyof EvcEventMap> = { [Name in Names as `on${Name}`]?: (event: EvcEventMap[Name]) => void };
type ElementProps<Element extends HTMLElement> = DetailedHTMLProps<HTMLAttributes<Element>, Element>;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'ev-charger-configurator': ElementProps<EvChargerConfigurator> &
        Partial<ConfiguratorProperties> &
        Partial<Pick<EvChargerConfigurator, 'catalog' | 'mailSender'>> &
        EventProps<keyof EvcEventMap>;
      'ev-charger-contact': ElementProps<EvChargerContact> & Partial<ContactProperties> & EventProps<'evc-error'>;
    }
  }
}
