/**
 * The Storefront API version the element pins, and the oldest it accepts: a refilled cart's address
 * needs `cartDeliveryAddressesReplace`, which came in 2025-10. The documents are validated against
 * Shopify's published schemas of both. A module of its own, so the page's attribute table can use
 * them without the shop client.
 */
export const DEFAULT_API_VERSION = '2026-04';
export const OLDEST_API_VERSION = '2025-10';
