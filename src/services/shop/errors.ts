import type { ClientErrorCode } from '../../domain/cart-errors';
import { buyerMessage, mapUserError, mapWarning } from '../../domain/cart-errors';
import type { CartUserError, CartWarning } from './types';

/** Failures of the call itself rather than of the cart, each with its own buyer message. */
export const SHOP_FAILURE_CODES = ['CONFIGURATION', 'NETWORK_ERROR', 'TIMEOUT', 'ABORTED', 'HTTP_ERROR', 'GRAPHQL_ERROR', 'UNKNOWN_ERROR', 'CART_NOT_FOUND'] as const;

export type ShopFailureCode = (typeof SHOP_FAILURE_CODES)[number];

export type ShopErrorCode = ClientErrorCode | ShopFailureCode;

const FAILURE_MESSAGES: Readonly<Record<ShopFailureCode, string>> = {
  CONFIGURATION: 'Checkout is not set up on this page yet. Please contact us to order.',
  NETWORK_ERROR: 'We could not reach the shop. Please check your connection and try again.',
  TIMEOUT: 'The shop took too long to answer. Please try again.',
  ABORTED: 'The request to the shop was cancelled.',
  HTTP_ERROR: 'The shop could not take your request just now. Please try again.',
  GRAPHQL_ERROR: 'The shop could not understand our request. Please try again later or contact us.',
  UNKNOWN_ERROR: 'Something went wrong with the shop. Please try again.',
  CART_NOT_FOUND: 'Your basket has expired. Please try again to start a new one.',
};

const isFailureCode = (code: ShopErrorCode): code is ShopFailureCode => Object.hasOwn(FAILURE_MESSAGES, code);

export interface ShopErrorOptions {
  field?: readonly string[] | null;
  retryable?: boolean;
  /** HTTP status of a failed call. */
  status?: number;
  /** The Storefront API's own code (a `CartErrorCode` or `CartWarningCode`). */
  shopCode?: string | null;
  /** The id a warning is about (a cart line, for stock warnings). */
  target?: string | null;
  /** Every user error of a mutation, for an error standing for several. */
  errors?: readonly ShopError[];
  cause?: unknown;
}

/**
 * A shop failure with the client code of CART-4, plain English for the buyer, the input field
 * it concerns and whether trying again may help.
 */
export class ShopError extends Error {
  override readonly name = 'ShopError';
  readonly code: ShopErrorCode;
  readonly buyerMessage: string;
  readonly field: readonly string[] | null;
  readonly retryable: boolean;
  readonly status: number | undefined;
  readonly shopCode: string | null;
  readonly target: string | null;
  /** Every user error behind this one (CART-4), first included; empty for other failures. */
  readonly errors: readonly ShopError[];

  constructor(code: ShopErrorCode, message: string, options: ShopErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.buyerMessage = isFailureCode(code) ? FAILURE_MESSAGES[code] : buyerMessage(code);
    this.field = options.field ?? null;
    this.retryable = options.retryable ?? false;
    this.status = options.status;
    this.shopCode = options.shopCode ?? null;
    this.target = options.target ?? null;
    this.errors = options.errors ?? [];
  }
}

/** CART-5 message for data missing from an answer. */
export const UNKNOWN_ERROR_MESSAGE = 'an unknown error has occurred.';

export const unknownError = (cause?: unknown) => new ShopError('UNKNOWN_ERROR', UNKNOWN_ERROR_MESSAGE, { cause });

/** CART-5: statuses outside 200–299 fail; 429 and 5xx may pass on a later try. */
export const httpError = (status: number) =>
  new ShopError('HTTP_ERROR', `Request failed with status code ${status}`, {
    status,
    retryable: status === 429 || status >= 500,
  });

export const networkError = (cause?: unknown) => new ShopError('NETWORK_ERROR', 'Network Error', { retryable: true, cause });

export const abortedError = (cause?: unknown) => new ShopError('ABORTED', 'Request aborted', { cause });

export const timeoutError = (timeoutMs: number, cause?: unknown) =>
  new ShopError('TIMEOUT', `timeout of ${timeoutMs}ms exceeded`, { retryable: true, cause });

export const cartNotFound = (cartId: string) =>
  new ShopError('CART_NOT_FOUND', `Cart ${cartId} was not found; it may have expired.`);

export const configurationError = (message: string) => new ShopError('CONFIGURATION', message);

export interface GraphQLErrorLike {
  message: string;
  extensions?: { code?: string; [key: string]: unknown };
}

/**
 * CART-5: a failed mutation with GraphQL errors rejects with those errors as text: the errors
 * as JSON, so nothing the API said is lost. Throttling is the one GraphQL error worth retrying.
 */
export const graphQLError = (errors: readonly GraphQLErrorLike[]) =>
  new ShopError('GRAPHQL_ERROR', JSON.stringify(errors), {
    retryable: errors.some((error) => error.extensions?.code === 'THROTTLED'),
  });

/** CART-4 user-error mapping: one error carrying all of them, the first one's code and field. */
export function userErrorsError(userErrors: readonly CartUserError[]): ShopError {
  const all = userErrors.map(
    (error) => new ShopError(mapUserError(error.code), error.message, { field: error.field, shopCode: error.code }),
  );
  const [first] = all;
  return new ShopError(first!.code, userErrors.map((error) => error.message).join('; '), {
    field: first!.field,
    shopCode: first!.shopCode,
    errors: all,
  });
}

/**
 * CART-4 warning mapping. Warnings without a code (discount notices, duplicate
 * addresses) are advisory and left out, as `mapWarning` decides.
 */
export function mapWarnings(warnings: readonly CartWarning[]): ShopError[] {
  return warnings.flatMap((warning) => {
    const code = mapWarning(warning.code);
    return code ? [new ShopError(code, warning.message, { target: warning.target, shopCode: warning.code })] : [];
  });
}
