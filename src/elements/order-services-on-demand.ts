import type { OrderFailure, OrderServices } from '../ui/order-services';
import { toOrderFailure } from '../ui/order-services';
import type { ConfiguratorOptions } from './attributes';
import type { OrderServicesInput } from './order-services';

/**
 * The shop client is part of the wizard file (`wizard.js`, loaded when the buyer first presses
 * Continue), not of the page's script: this is what that file exports for it.
 */
export interface OrderServicesModule {
  createOrderServices(input: OrderServicesInput): OrderServices;
}

export function hasOrderServices(module: unknown): module is OrderServicesModule {
  return typeof (module as Partial<OrderServicesModule> | null)?.createOrderServices === 'function';
}

/** DESIGN `shop-domain`: the Storefront cart needs a token and a domain or endpoint, the theme cart nothing. */
export function checkoutAvailable(options: Pick<ConfiguratorOptions, 'cart' | 'shopDomain' | 'storefrontEndpoint' | 'storefrontToken'>): boolean {
  if (options.cart === 'theme') return true;
  return Boolean((options.shopDomain || options.storefrontEndpoint) && options.storefrontToken);
}

const NOT_LOADED = 'The checkout could not be loaded. Please check your connection and try again.';

/**
 * `OrderServices` whose calls wait for the real ones from `load` (the wizard file, already there
 * once the wizard shows). A failed load rejects like any other failure and is tried again on the
 * next call; lead capture still never rejects (spec §7.2).
 */
export function orderServicesOnDemand(available: boolean, load: () => Promise<OrderServices>, directDebit = false): OrderServices {
  let loading: Promise<OrderServices> | undefined;
  const services = async (): Promise<OrderServices> => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const failure = (error: unknown): OrderFailure => toOrderFailure(error, NOT_LOADED);
  return {
    checkoutAvailable: available,
    async installationDetails() {
      const real = await services().catch((error: unknown) => Promise.reject(failure(error)));
      return real.installationDetails();
    },
    async captureLead(configuration, form) {
      const real = await services().catch(() => undefined);
      await real?.captureLead(configuration, form);
    },
    async checkout(request) {
      const real = await services().catch((error: unknown) => Promise.reject(failure(error)));
      return real.checkout(request);
    },
    directDebit: directDebit
      ? {
          async start(configuration, form) {
            const real = await services().catch((error: unknown) => Promise.reject(failure(error)));
            if (!real.directDebit) throw failure(new Error('no direct-debit service'));
            return real.directDebit.start(configuration, form);
          },
          async open(flow, callbacks) {
            const real = await services().catch((error: unknown) => Promise.reject(failure(error)));
            if (!real.directDebit) throw failure(new Error('no direct-debit service'));
            return real.directDebit.open(flow, callbacks);
          },
        }
      : undefined,
  };
}
