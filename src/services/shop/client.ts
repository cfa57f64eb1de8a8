import { createStorefrontApiClient } from '@shopify/storefront-api-client';
import type { StorefrontApiClient } from '@shopify/storefront-api-client';
import { checkoutUrlWithFd, mergeDiscountCodes } from '../../domain/cart';
import { VARIANT_PRICES_QUERY } from '../../domain/shop-prices';
import {
  CART_ATTRIBUTES_UPDATE_MUTATION,
  CART_BUYER_IDENTITY_UPDATE_MUTATION,
  CART_CREATE_MUTATION,
  CART_DELIVERY_ADDRESSES_REPLACE_MUTATION,
  CART_DISCOUNT_CODES_UPDATE_MUTATION,
  CART_LINES_ADD_MUTATION,
  CART_LINES_QUERY,
  CART_LINES_REMOVE_MUTATION,
  CART_QUERY,
  PRODUCT_DETAILS_QUERY,
} from './documents';
import type { GraphQLErrorLike } from './errors';
import {
  abortedError,
  cartNotFound,
  configurationError,
  graphQLError,
  httpError,
  mapWarnings,
  networkError,
  ShopError,
  timeoutError,
  unknownError,
  userErrorsError,
} from './errors';
import type {
  AttributeInput,
  Cart,
  CartBuyerIdentityInput,
  CartInput,
  CartLine,
  CartLineInput,
  CartLinePage,
  CartSelectableAddressInput,
  CartUserError,
  CartWarning,
  ProductDetails,
  RawCart,
  ShopImage,
} from './types';

export { DEFAULT_API_VERSION } from './api-version';

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

/** A cart mutation's outcome: the whole cart and the warnings worth showing (CART-4). */
export interface CartResult {
  cart: Cart;
  warnings: ShopError[];
}

export interface AddDiscountCodesOptions {
  /** Codes to drop from the cart's existing ones before the new ones are appended. */
  remove?: readonly string[];
}

/**
 * The Storefront API calls the element makes: the shop's prices (PRICE-6), the installation product
 * (CART-7) and the cart (CART-1, CART-5), with the cart rules of CART-5. Every method rejects with a
 * `ShopError`.
 */
export interface ShopClient {
  /** The URL every call goes to. */
  readonly endpoint: string;

  /**
   * PRICE-6: the answer's `data` to VARIANT_PRICES_QUERY for these variants, read by
   * `parseShopPrices`; their selling plans only when asked for.
   */
  fetchVariantPrices(ids: readonly string[], sellingPlans: boolean): Promise<unknown>;
  /** CART-7: title, description and first media image of a product; null when there is none. */
  fetchProductDetails(id: string): Promise<ProductDetails | null>;

  /** CART-5: null when no cart comes back; otherwise every line page loaded and merged. */
  fetchCart(id: string): Promise<Cart | null>;
  createCart(input?: CartInput): Promise<CartResult>;
  addLines(cartId: string, lines: readonly CartLineInput[]): Promise<CartResult>;
  removeLines(cartId: string, lineIds: readonly string[]): Promise<CartResult>;
  /** CART-5: fetches the cart, removes all its lines, then adds the new ones. */
  replaceLines(cartId: string, lines: readonly CartLineInput[]): Promise<CartResult>;
  /** The cart's attributes become these; none leaves the cart as it is. */
  updateCartAttributes(cartId: string, attributes: readonly AttributeInput[]): Promise<CartResult>;
  updateBuyerIdentity(cartId: string, buyerIdentity: CartBuyerIdentityInput): Promise<CartResult>;
  /** The cart's delivery addresses become exactly these (none clears them). */
  replaceDeliveryAddresses(cartId: string, addresses: readonly CartSelectableAddressInput[]): Promise<CartResult>;
  /** Replaces the cart's discount codes with exactly these. */
  updateDiscountCodes(cartId: string, codes: readonly string[]): Promise<CartResult>;
  /** CART-5: existing cart- and line-level codes, without duplicates, then the new ones. */
  addDiscountCodes(cartId: string, codes: readonly string[], options?: AddDiscountCodesOptions): Promise<CartResult>;
}

type CustomFetchApi = NonNullable<Parameters<typeof createStorefrontApiClient>[0]['customFetchApi']>;

interface MutationPayload {
  cart: RawCart | null;
  userErrors: CartUserError[];
  warnings: CartWarning[];
}

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

/** Lines of a cart page, in order. */
const pageLines = (page: CartLinePage): CartLine[] => page.edges.map((edge) => edge.node);

const firstMediaImage = (product: {
  media: { nodes: { image?: ShopImage | null; previewImage: ShopImage | null }[] };
}): string | null => {
  const [media] = product.media.nodes;
  return media?.image?.url ?? media?.previewImage?.url ?? null;
};

/** Builds the shop client on @shopify/storefront-api-client (ARCH-4). */
export function createShopClient(options: ShopClientOptions): ShopClient {
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

  /** CART-5 paging: the lines after the first page, 250 at a time, merged in order. */
  async function completeCart(raw: RawCart): Promise<Cart> {
    const lines = pageLines(raw.lines);
    let { pageInfo } = raw.lines;
    while (pageInfo.hasNextPage) {
      const data = await run<{ cart: { lines: CartLinePage } | null }>(CART_LINES_QUERY, {
        id: raw.id,
        after: pageInfo.endCursor,
      });
      if (!data.cart) throw unknownError();
      lines.push(...pageLines(data.cart.lines));
      pageInfo = data.cart.lines.pageInfo;
    }
    return {
      ...raw,
      checkoutUrl: checkoutUrlWithFd(raw.checkoutUrl),
      deliveryGroups: raw.deliveryGroups.nodes,
      lines,
    };
  }

  /** A cart mutation: GraphQL errors, then missing data, then user errors reject (CART-5). */
  async function mutate(document: string, root: string, variables: Record<string, unknown>): Promise<CartResult> {
    const data = await run<Record<string, MutationPayload | null>>(document, variables);
    const payload = data[root];
    if (!payload) throw unknownError();
    if (payload.userErrors.length > 0) throw userErrorsError(payload.userErrors);
    if (!payload.cart) throw unknownError();
    return { cart: await completeCart(payload.cart), warnings: mapWarnings(payload.warnings) };
  }

  async function fetchCart(id: string): Promise<Cart | null> {
    const data = await run<{ cart: RawCart | null }>(CART_QUERY, { id });
    return data.cart ? completeCart(data.cart) : null;
  }

  async function requireCart(id: string): Promise<Cart> {
    const cart = await fetchCart(id);
    if (!cart) throw cartNotFound(id);
    return cart;
  }

  /** Mutations run one after another; the last cart stands and every warning is kept. */
  async function inSequence(steps: (() => Promise<CartResult>)[], unchanged: () => Promise<Cart>): Promise<CartResult> {
    const warnings: ShopError[] = [];
    let last: CartResult | undefined;
    for (const step of steps) {
      last = await step();
      warnings.push(...last.warnings);
    }
    return { cart: last ? last.cart : await unchanged(), warnings };
  }

  const client: ShopClient = {
    endpoint: override ?? api.getApiUrl(),

    fetchVariantPrices(ids, sellingPlans) {
      return run<unknown>(VARIANT_PRICES_QUERY, { ids, sellingPlans });
    },

    async fetchProductDetails(id) {
      const data = await run<{
        product: {
          id: string;
          title: string;
          description: string;
          media: { nodes: { image?: ShopImage | null; previewImage: ShopImage | null }[] };
        } | null;
      }>(PRODUCT_DETAILS_QUERY, { id });
      const { product } = data;
      if (!product) return null;
      return { id: product.id, title: product.title, description: product.description, imageUrl: firstMediaImage(product) };
    },

    fetchCart,

    createCart(input = {}) {
      return mutate(CART_CREATE_MUTATION, 'cartCreate', { input });
    },

    addLines(cartId, lines) {
      return mutate(CART_LINES_ADD_MUTATION, 'cartLinesAdd', { cartId, lines });
    },

    removeLines(cartId, lineIds) {
      return mutate(CART_LINES_REMOVE_MUTATION, 'cartLinesRemove', { cartId, lineIds });
    },

    async replaceLines(cartId, lines) {
      const current = await requireCart(cartId);
      const lineIds = current.lines.map((line) => line.id);
      return inSequence(
        [
          ...(lineIds.length > 0 ? [() => client.removeLines(cartId, lineIds)] : []),
          ...(lines.length > 0 ? [() => client.addLines(cartId, lines)] : []),
        ],
        async () => current,
      );
    },

    updateCartAttributes(cartId, attributes) {
      return attributes.length > 0
        ? mutate(CART_ATTRIBUTES_UPDATE_MUTATION, 'cartAttributesUpdate', { cartId, attributes })
        : requireCart(cartId).then((cart) => ({ cart, warnings: [] }));
    },

    updateBuyerIdentity(cartId, buyerIdentity) {
      return mutate(CART_BUYER_IDENTITY_UPDATE_MUTATION, 'cartBuyerIdentityUpdate', { cartId, buyerIdentity });
    },

    replaceDeliveryAddresses(cartId, addresses) {
      return mutate(CART_DELIVERY_ADDRESSES_REPLACE_MUTATION, 'cartDeliveryAddressesReplace', { cartId, addresses });
    },

    updateDiscountCodes(cartId, codes) {
      return mutate(CART_DISCOUNT_CODES_UPDATE_MUTATION, 'cartDiscountCodesUpdate', { cartId, discountCodes: codes });
    },

    async addDiscountCodes(cartId, codes, { remove = [] } = {}) {
      const cart = await requireCart(cartId);
      // Cart-level applications are the cart's codes and its code allocations; line-level ones sit on each line.
      const cartLevel = [
        ...cart.discountCodes,
        ...cart.discountAllocations.flatMap((allocation) => (allocation.code ? [{ code: allocation.code }] : [])),
      ];
      const dropped = new Set(remove.map((code) => code.trim().toLowerCase()));
      const kept = new Set(codes.map((code) => code.trim().toLowerCase()));
      const merged = mergeDiscountCodes({ discountCodes: cartLevel, lines: cart.lines }, codes).filter((code) => {
        const key = code.toLowerCase();
        return kept.has(key) || !dropped.has(key);
      });
      return client.updateDiscountCodes(cartId, merged);
    },
  };
  return client;
}
