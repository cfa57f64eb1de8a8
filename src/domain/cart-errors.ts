/** The shop's cart errors and warnings as the element's client codes, each with a sentence for the buyer (CART-4). */

/** Client error codes (CART-4). */
export const CLIENT_ERROR_CODES = [
  'INVALID',
  'NOT_SUPPORTED',
  'PRESENT',
  'TOO_LONG',
  'INVALID_FOR_COUNTRY',
  'INVALID_FOR_COUNTRY_AND_PROVINCE',
  'INVALID_PROVINCE_IN_COUNTRY',
  'LINE_ITEM_NOT_FOUND',
  'NOT_ENOUGH_IN_STOCK',
  'GREATER_THAN_OR_EQUAL_TO',
] as const;

export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** CART-4: the Storefront `CartErrorCode` values with their own client code; all others are INVALID. */
const USER_ERROR_CODES: Readonly<Record<string, ClientErrorCode>> = {
  ADDRESS_FIELD_CONTAINS_EMOJIS: 'NOT_SUPPORTED',
  ADDRESS_FIELD_CONTAINS_HTML_TAGS: 'NOT_SUPPORTED',
  ADDRESS_FIELD_CONTAINS_URL: 'NOT_SUPPORTED',
  ADDRESS_FIELD_DOES_NOT_MATCH_EXPECTED_PATTERN: 'NOT_SUPPORTED',
  ADDRESS_FIELD_IS_REQUIRED: 'PRESENT',
  ADDRESS_FIELD_IS_TOO_LONG: 'TOO_LONG',
  INVALID_ZIP_CODE_FOR_COUNTRY: 'INVALID_FOR_COUNTRY',
  INVALID_ZIP_CODE_FOR_PROVINCE: 'INVALID_FOR_COUNTRY_AND_PROVINCE',
  INVALID_MERCHANDISE_LINE: 'LINE_ITEM_NOT_FOUND',
  MAXIMUM_EXCEEDED: 'NOT_ENOUGH_IN_STOCK',
  MINIMUM_NOT_MET: 'GREATER_THAN_OR_EQUAL_TO',
  PROVINCE_NOT_FOUND: 'INVALID_PROVINCE_IN_COUNTRY',
  NOTE_TOO_LONG: 'TOO_LONG',
};

/** CART-4: the Storefront `CartWarningCode` values with a client code. */
const WARNING_CODES: Readonly<Record<string, ClientErrorCode>> = {
  MERCHANDISE_NOT_ENOUGH_STOCK: 'NOT_ENOUGH_IN_STOCK',
  MERCHANDISE_OUT_OF_STOCK: 'NOT_ENOUGH_IN_STOCK',
  PAYMENTS_GIFT_CARDS_UNAVAILABLE: 'NOT_SUPPORTED',
};

/** CART-4 user-error mapping; a missing or unknown code is INVALID. */
export function mapUserError(code: string | null | undefined): ClientErrorCode {
  return (code && Object.hasOwn(USER_ERROR_CODES, code) ? USER_ERROR_CODES[code] : undefined) ?? 'INVALID';
}

/**
 * CART-4 warning mapping: three warnings have a code; any other (such as a
 * duplicate delivery address) is advisory and gives undefined: nothing the buyer must act on.
 */
export function mapWarning(code: string | null | undefined): ClientErrorCode | undefined {
  return code && Object.hasOwn(WARNING_CODES, code) ? WARNING_CODES[code] : undefined;
}

const BUYER_MESSAGES: Readonly<Record<ClientErrorCode, string>> = {
  INVALID: 'Something in your order could not be accepted. Please check your details and try again.',
  NOT_SUPPORTED: 'Some of what you entered cannot be used here. Please check it and try again.',
  PRESENT: 'A required detail is missing. Please fill it in and try again.',
  TOO_LONG: 'Some of what you entered is too long. Please shorten it and try again.',
  INVALID_FOR_COUNTRY: 'That postcode does not match the country. Please check it.',
  INVALID_FOR_COUNTRY_AND_PROVINCE: 'That postcode does not match the region. Please check it.',
  INVALID_PROVINCE_IN_COUNTRY: 'That region was not found in the country you chose. Please check it.',
  LINE_ITEM_NOT_FOUND: 'An item in your order could not be found in the basket. Please try again.',
  NOT_ENOUGH_IN_STOCK: 'Sorry, part of your order is out of stock or not available in that quantity.',
  GREATER_THAN_OR_EQUAL_TO: 'An item in your order is below its minimum quantity.',
};

/** Plain English for the buyer, one message per client code. */
export function buyerMessage(code: ClientErrorCode): string {
  return BUYER_MESSAGES[code];
}
