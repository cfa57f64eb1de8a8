/** ESM entry for bundler users: the element classes, `define()` and the event types. */
export { define, ELEMENTS } from './elements/define';
export { EvChargerConfigurator } from './elements/configurator-element';
export { EvChargerContact } from './elements/contact-element';
export type {
  EvcChangeDetail,
  EvcCheckoutDetail,
  EvcErrorDetail,
  EvcEventMap,
  EvcRequestSentDetail,
  EvcStepDetail,
} from './elements/events';
export type { TotalsDetail } from './domain/pricing';
export type { Configuration } from './domain/configuration';
export type { Catalogue } from './domain/catalogue/schema';
export type { ConfiguratorProperties, ContactProperties } from './elements/attributes';
