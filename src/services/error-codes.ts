import type { OrderFailureCode } from './order-services';

/** EVENT-6: the codes the elements report of their own, each described in the manifest (elements/manifest.ts). */
export type EvcElementErrorCode =
  | 'invalid-attribute'
  | 'invalid-catalogue'
  | 'invalid-configuration'
  | 'invalid-share-link'
  | 'elements-load-failed'
  | 'contact-load-failed'
  | 'wizard-load-failed'
  | 'wizard-unavailable'
  | 'viewer-load-failed'
  | 'model-load-failed'
  | 'start-again-load-failed'
  | 'preview-images-failed'
  | 'shop-prices-failed'
  | 'spec_request_invalid'
  | 'spec_request_failed';

/** EVENT-6: the element's own codes, the shop's and the direct-debit handler's, and the partner-discount handler's behind a prefix. */
export type EvcErrorCode = EvcElementErrorCode | OrderFailureCode | `partner-discount-${string}`;

export interface EvcErrorDetail {
  code: EvcErrorCode;
  message: string;
}
