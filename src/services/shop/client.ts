import { checkoutUrlWithFd, mergeDiscountCodes } from '../../domain/cart';
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
import type { ShopError } from './errors';
import { cartNotFound, mapWarnings, unknownError, userErrorsError } from './errors';
import type { ShopClientOptions, Storefront } from './storefront';
import { createStorefront } from './storefront';
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
export type { ShopClientOptions } from './storefront';
export { USER_AGENT_MAX_LENGTH } from './storefront';

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
 * The Storefront calls of the ordering wizard on the one Storefront transport (storefront.ts, where
 * the page's price query goes too): the installation product (CART-7) and the cart (CART-1), with the
 * cart rules of CART-5. Every method rejects with a `ShopError`.
 */
export interface ShopClient extends Storefront {
  /** CART-7: title, description and first media image of a product; null when there is none. */
  fetchProductDetails(id: string): Promise<ProductDetails | null>;

  createCart(input?: CartInput): Promise<CartResult>;
  /** CART-5: fetches the cart, removes all its lines, then adds the new ones. */
  replaceLines(cartId: string, lines: readonly CartLineInput[]): Promise<CartResult>;
  /** The cart's attributes become these; none leaves the cart as it is. */
  updateCartAttributes(cartId: string, attributes: readonly AttributeInput[]): Promise<CartResult>;
  updateBuyerIdentity(cartId: string, buyerIdentity: CartBuyerIdentityInput): Promise<CartResult>;
  /** The cart's delivery addresses become exactly these (none clears them). */
  replaceDeliveryAddresses(cartId: string, addresses: readonly CartSelectableAddressInput[]): Promise<CartResult>;
  /** CART-5: existing cart- and line-level codes, without duplicates, then the new ones. */
  addDiscountCodes(cartId: string, codes: readonly string[], options?: AddDiscountCodesOptions): Promise<CartResult>;
}

interface MutationPayload {
  cart: RawCart | null;
  userErrors: CartUserError[];
  warnings: CartWarning[];
}

/** Lines of a cart page, in order. */
const pageLines = (page: CartLinePage): CartLine[] => page.edges.map((edge) => edge.node);

const firstMediaImage = (product: {
  media: { nodes: { image?: ShopImage | null; previewImage: ShopImage | null }[] };
}): string | null => {
  const [media] = product.media.nodes;
  return media?.image?.url ?? media?.previewImage?.url ?? null;
};

/** Builds the shop client on the Storefront transport (ARCH-4). */
export function createShopClient(options: ShopClientOptions): ShopClient {
  const storefront = createStorefront(options);
  const run = storefront.query;

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

  /** CART-5: the cart with every line page loaded and merged; CART_NOT_FOUND when none comes back. */
  async function requireCart(id: string): Promise<Cart> {
    const data = await run<{ cart: RawCart | null }>(CART_QUERY, { id });
    if (!data.cart) throw cartNotFound(id);
    return completeCart(data.cart);
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

  return {
    ...storefront,

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

    createCart(input = {}) {
      return mutate(CART_CREATE_MUTATION, 'cartCreate', { input });
    },

    async replaceLines(cartId, lines) {
      const current = await requireCart(cartId);
      const lineIds = current.lines.map((line) => line.id);
      return inSequence(
        [
          ...(lineIds.length > 0 ? [() => mutate(CART_LINES_REMOVE_MUTATION, 'cartLinesRemove', { cartId, lineIds })] : []),
          ...(lines.length > 0 ? [() => mutate(CART_LINES_ADD_MUTATION, 'cartLinesAdd', { cartId, lines })] : []),
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
      return mutate(CART_DISCOUNT_CODES_UPDATE_MUTATION, 'cartDiscountCodesUpdate', { cartId, discountCodes: merged });
    },
  };
}
