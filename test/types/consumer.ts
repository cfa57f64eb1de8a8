// A TypeScript page using the shipped declarations (dist/index.d.ts, through the package's
// "exports"): every attribute property is typed, so none of these is TS2339.
import type { Catalogue } from 'ev-charger-configurator';
import { EvChargerConfigurator, EvChargerContact } from 'ev-charger-configurator';

const el = document.createElement('ev-charger-configurator');
el.mode = 'order';
el.mode = 'spec-request';
// @ts-expect-error: not one of the modes
el.mode = 'nonsense';
el.shopDomain = 'example.myshopify.com';
el.persist = 'session';
el.cart = 'theme';
el.imageCdn = 'https://cdn.example/images';
const domain: string | undefined = el.shopDomain;
const mode: 'order' | 'spec-request' | undefined = el.mode;

declare const catalogue: Catalogue;
el.catalog = 'https://merchant.example/catalogue.json';
el.catalog = catalogue;
// @ts-expect-error: a catalogue is a URL or a catalogue object
el.catalog = 42;
const loaded: string | Catalogue | undefined = el.catalog;

el.mailSender = async (request) => ({ requestId: request.idempotencyKey });

const contact: EvChargerContact = document.createElement('ev-charger-contact');
contact.supportPhone = '0800 123 4567';
contact.supportEmail = 'sales@merchant.example';
contact.videoUrl = 'https://video.example/channel';
contact.socialUrl = 'https://social.example/page';
// @ts-expect-error: the contact element has no mode
contact.mode = 'order';

const created: EvChargerConfigurator = new EvChargerConfigurator();
created.partnerEndpoint = '/api/partner-discount';
created.termsUrl = 'https://merchant.example/terms';
created.financeTermsUrl = 'https://merchant.example/finance-terms';
created.privacyUrl = 'https://merchant.example/privacy';

// The events bubble to the document and the window: listeners there are typed too.
window.addEventListener('evc-checkout', (event) => {
  const url: string = event.detail.checkoutUrl;
  // @ts-expect-error: the checkout event's detail has no requestId
  void event.detail.requestId;
  return url;
});
document.addEventListener('evc-error', (event) => event.detail.code);

export const used = [domain, mode, loaded, created];
