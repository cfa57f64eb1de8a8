/**
 * The Storefront API version the documents are validated against (hydrogen-react's schema); spec §7's
 * versions are past Shopify's support window. A module of its own, so the page's attribute table
 * can default to it without the shop client.
 */
export const DEFAULT_API_VERSION = '2026-04';
