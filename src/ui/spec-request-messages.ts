/** SPEC-1, ATTR-5: without `mail-endpoint` spec mode shows a configuration error (on the page and on step 07). */
export const SPEC_REQUEST_UNAVAILABLE =
  'Specification requests cannot be sent from this page: it has no mail endpoint configured. Please contact us instead.';
