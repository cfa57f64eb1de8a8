// A React 19 app in TypeScript using the elements' JSX (ev-charger-configurator/react).
import type {} from 'ev-charger-configurator/react';
import type { Catalogue } from 'ev-charger-configurator';

declare const catalogue: Catalogue;

export const page = (
  <>
    <ev-charger-configurator
      mode="spec-request"
      shopDomain="example.myshopify.com"
      shop-domain="example.myshopify.com"
      catalog={catalogue}
      mailSender={async (request) => ({ requestId: request.idempotencyKey })}
      onevc-checkout={(event) => event.detail.checkoutUrl}
      onevc-error={(event) => event.detail.code}
    />
    <ev-charger-contact supportPhone="0800 123 4567" onevc-error={(event) => event.detail.message} />
  </>
);

// @ts-expect-error: not one of the modes
export const badMode = <ev-charger-configurator mode="nonsense" />;
// @ts-expect-error: the checkout event's detail has no requestId
export const badEvent = <ev-charger-configurator onevc-checkout={(event) => event.detail.requestId} />;
// @ts-expect-error: the contact element has no mode
export const badContact = <ev-charger-contact mode="order" />;
