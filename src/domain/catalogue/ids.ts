/**
 * The fixed id lists of a configuration (CAT-1..9), as plain values: the page's script checks saved and
 * shared configurations against them without loading the catalogue schema (schema.ts, which travels
 * in its own file and is loaded only when a merchant catalogue must be validated).
 */
export const INSTALLATION_IDS = ['premium_7kw', 'standard_7kw', 'no_install', 'premium_22kw'] as const;

export const PAYMENT_TYPES = ['PAY_NOW', 'PAY_PAYPAL', 'PAY_MONTHLY'] as const;

/** The messages of a bad id, shared by the catalogue schema and the configuration check. */
export const INSTALLATION_ID_MESSAGE = 'must be a known installation id';
export const PAYMENT_TYPE_MESSAGE = 'must be PAY_NOW, PAY_PAYPAL or PAY_MONTHLY';
