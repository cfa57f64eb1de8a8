import { createStorefrontApiClient } from '@shopify/storefront-api-client';
import type { StorefrontApiClient } from '@shopify/storefront-api-client';
import { VARIANT_PRICES_QUERY } from '../../domain/shop-prices';
import type { GraphQLErrorLike } from './errors';
import { abortedError, configurationError, graphQLError, httpError, networkError, ShopError, timeoutError, unknownError } from './errors';

/** CART-6: the user-agent string is cut to this many characters. */
export const USER_AGENT_MAX_LENGTH = 500;

export interface ShopClientOptions {
  /** The shop's domain (`shop-domain`), e.g. `example.myshopify.com`. */
  storeDomain?: string | undefined;
  /**
   * A full GraphQL URL (`storefront-endpoint`) used instead of the one derived from the domain;
   * it may be plain http:// on loopback, which the domain route never is.
   */
  storefrontEndpoint?: string | undefined;
  apiVersion: string;
  /** The public Storefront access token (`storefront-token`). */
  publicAccessToken: string | undefined;
  fetch?: typeof fetch;
  /** CART-5: no timeout unless one is given. */
  timeoutMs?: number | undefined;
  /** Sent as Accept-Language; `*` when not given (CART-6). */
  language?: string | undefined;
  /**
   * Sent as User-Agent, cut to 500 characters (CART-6). Only where the caller may set it, on
   * a server: browsers keep their own user-agent and drop the header, so elements leave it out.
   */
  userAgent?: string | undefined;
  /** Aborts every call in flight, e.g. when the element leaves the page. */
  signal?: AbortSignal | undefined;
}

/**
 * The one way the element asks the Storefront API anything (ARCH-4): the price query, the product
 * details and the cart all go through `query`, with the same headers, API version, timeout and errors.
 */
export interface Storefront {
  /** The URL every call goes to. */
  readonly endpoint: string;
  /** One GraphQL call: its data, or a `ShopError` saying why there is none (CART-5). */
  query<T>(document: string, variables?: Record<string, unknown>): Promise<T>;
}

type CustomFetchApi = NonNullable<Parameters<typeof createStorefrontApiClient>[0]['customFetchApi']>;

interface Endpoint {
  /** What the SDK is given: it always builds https://{domain}/api/{version}/graphql.json. */
  storeDomain: string;
  /** Where calls really go, when that is not the SDK's URL. */
  override: string | undefined;
}

/** CART-9: a storefront access token and a domain (or a full endpoint) are required. */
function resolveEndpoint(options: ShopClientOptions): Endpoint {
  if (!options.publicAccessToken?.trim()) {
    throw configurationError('Shop configuration: a storefront access token (storefront-token) is required.');
  }
  const endpoint = options.storefrontEndpoint?.trim();
  if (endpoint) {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch (error) {
      throw new ShopError('CONFIGURATION', `Shop configuration: storefront-endpoint "${endpoint}" is not a URL.`, { cause: error });
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw configurationError(`Shop configuration: storefront-endpoint "${endpoint}" must be an http(s) URL.`);
    }
    return { storeDomain: options.storeDomain?.trim() || url.host, override: url.href };
  }
  const domain = options.storeDomain?.trim();
  if (!domain) {
    throw configurationError('Shop configuration: a shop domain (shop-domain) or a storefront endpoint (storefront-endpoint) is required.');
  }
  return { storeDomain: domain, override: undefined };
}

const isAbortLike = (error: unknown) =>
  error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');

/** The Storefront API on @shopify/storefront-api-client (ARCH-4); the cart's calls build on it (client.ts). */
export function createStorefront(options: ShopClientOptions): Storefront {
  const { storeDomain, override } = resolveEndpoint(options);
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const { timeoutMs } = options;

  /**
   * What the transport learnt about each call, keyed by the call's own signal: the SDK turns a
   * thrown error into plain text, and a body cut short by the timeout into a bare message.
   */
  const calls = new WeakMap<AbortSignal, { failure?: ShopError; timeout?: AbortSignal }>();

  const transport: CustomFetchApi = async (url, init = {}) => {
    const timeout = timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined;
    const call = init.signal ? calls.get(init.signal) : undefined;
    if (call) call.timeout = timeout;
    const signals = [init.signal, options.signal, timeout].filter((signal): signal is AbortSignal => signal !== undefined);
    try {
      return await fetchImpl(override ?? url, { ...init, signal: signals.length > 0 ? AbortSignal.any(signals) : null });
    } catch (error) {
      const failure =
        timeout?.aborted && timeoutMs
          ? timeoutError(timeoutMs, error)
          : options.signal?.aborted || isAbortLike(error)
            ? abortedError(error)
            : networkError(error);
      if (call) call.failure = failure;
      throw failure;
    }
  };

  let api: StorefrontApiClient;
  try {
    api = createStorefrontApiClient({
      storeDomain,
      apiVersion: options.apiVersion,
      publicAccessToken: options.publicAccessToken!.trim(),
      clientName: 'ev-charger-configurator',
      customFetchApi: transport,
    });
  } catch (error) {
    throw new ShopError('CONFIGURATION', `Shop configuration: ${(error as Error).message}`, { cause: error });
  }

  const headers: Record<string, string> = {
    'Accept-Language': options.language?.trim() || '*',
    ...(options.userAgent ? { 'User-Agent': options.userAgent.slice(0, USER_AGENT_MAX_LENGTH) } : {}),
  };

  /** One GraphQL call: its data, or a ShopError saying why there is none (CART-5). */
  async function run<T>(document: string, variables?: Record<string, unknown>): Promise<T> {
    // A signal per call, never aborted itself, names the call to the transport.
    const signal = new AbortController().signal;
    const call: { failure?: ShopError; timeout?: AbortSignal } = {};
    calls.set(signal, call);
    const response = await api.request<T>(document, { variables, headers, signal });
    if (call.failure) throw call.failure;
    const { errors, data } = response;
    if (errors) {
      const graphQLErrors = errors.graphQLErrors as GraphQLErrorLike[] | undefined;
      if (graphQLErrors && graphQLErrors.length > 0) throw graphQLError(graphQLErrors);
      const status = errors.networkStatusCode;
      if (status !== undefined && (status < 200 || status > 299)) throw httpError(status);
      if (call.timeout?.aborted && timeoutMs) throw timeoutError(timeoutMs, errors.message);
      throw unknownError(errors.message);
    }
    if (data === undefined || data === null) throw unknownError();
    return data;
  }

  return { endpoint: override ?? api.getApiUrl(), query: run };
}

/**
 * PRICE-6: the `data` of VARIANT_PRICES_QUERY for these variants, for `parseShopPrices`; their selling
 * plans only when asked for.
 */
export const fetchVariantPrices = (storefront: Storefront, ids: readonly string[], sellingPlans: boolean): Promise<unknown> =>
  storefront.query<unknown>(VARIANT_PRICES_QUERY, { ids, sellingPlans });
