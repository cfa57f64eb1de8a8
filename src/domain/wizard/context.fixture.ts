import { UK_CATALOGUE } from '../catalogue/uk';
import type { Configuration } from '../configuration';
import { defaultConfiguration } from '../configuration';
import type { NavigationContext } from './steps';

type ContextOptions = Partial<Omit<NavigationContext, 'catalogue' | 'configuration'>> & {
  configuration?: Partial<Configuration>;
};

/** A navigation context over the UK catalogue: defaults (socket 7kW, no install) on a large screen, ordering flow. */
export function navigationContext({ configuration = {}, ...options }: ContextOptions = {}): NavigationContext {
  return {
    flow: 'order',
    smallScreen: false,
    offersAvailable: false,
    highPowerConfirmed: false,
    ...options,
    catalogue: UK_CATALOGUE,
    configuration: { ...defaultConfiguration(UK_CATALOGUE), ...configuration },
  };
}

/** Every ordering step applies: small screen, offers, installation, a tethered cable with the hook, monthly plan. */
export const everyOrderStep = navigationContext({
  smallScreen: true,
  offersAvailable: true,
  configuration: {
    cable: 'tethered_7kw_5_5m',
    cableHook: true,
    installation: 'premium_7kw',
    paymentType: 'PAY_MONTHLY',
  },
});
