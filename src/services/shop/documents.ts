/**
 * Every Storefront API document the shop service sends (CART-5..7), held as data and
 * built from one fragment per shape. Field lists are what the element reads, without deprecated
 * fields (docs/decisions/cart-fields-read.md); tests validate each document against the 2026-04 schema.
 */

/** CART-6: page size for images, variants and cart lines. */
export const PAGE_SIZE = 250;
/** CART-6: delivery groups fetched with a cart. */
export const DELIVERY_GROUPS_FIRST = 10;
/** CART-6: default size of product and collection lists. */
export const DEFAULT_LIST_SIZE = 20;
/** CART-6: default sort key of product and collection lists. */
export const DEFAULT_SORT_KEY = 'ID';

const FRAGMENTS: Readonly<Record<string, string>> = {
  Money: /* GraphQL */ `
    fragment Money on MoneyV2 {
      amount
      currencyCode
    }`,
  Image: /* GraphQL */ `
    fragment Image on Image {
      id
      url
      altText
      width
      height
    }`,
  ProductVariant: /* GraphQL */ `
    fragment ProductVariant on ProductVariant {
      id
      title
      price { ...Money }
      compareAtPrice { ...Money }
      weight
      availableForSale
      sku
      image { ...Image }
      product { id handle title }
      selectedOptions { name value }
      unitPrice { ...Money }
      unitPriceMeasurement {
        measuredType
        quantityUnit
        quantityValue
        referenceUnit
        referenceValue
      }
    }`,
  Product: /* GraphQL */ `
    fragment Product on Product {
      id
      availableForSale
      createdAt
      updatedAt
      descriptionHtml
      description
      handle
      productType
      title
      vendor
      publishedAt
      onlineStoreUrl
      options { id name optionValues { name } }
      images(first: ${PAGE_SIZE}) {
        pageInfo { hasNextPage endCursor }
        nodes { ...Image }
      }
      variants(first: ${PAGE_SIZE}) {
        pageInfo { hasNextPage endCursor }
        nodes { ...ProductVariant }
      }
    }`,
  ProductDetails: /* GraphQL */ `
    fragment ProductDetails on Product {
      id
      title
      description
      media(first: 1) {
        nodes {
          ... on MediaImage { image { ...Image } }
          previewImage { ...Image }
        }
      }
    }`,
  Collection: /* GraphQL */ `
    fragment Collection on Collection {
      id
      handle
      title
      description
      descriptionHtml
      updatedAt
      image { ...Image }
    }`,
  Shop: /* GraphQL */ `
    fragment Shop on Shop {
      name
      description
      moneyFormat
      paymentSettings { enabledPresentmentCurrencies }
      primaryDomain { host sslEnabled url }
    }`,
  ShopPolicy: /* GraphQL */ `
    fragment ShopPolicy on ShopPolicy {
      id
      title
      url
      body
    }`,
  MailingAddress: /* GraphQL */ `
    fragment MailingAddress on MailingAddress {
      address1
      address2
      city
      company
      country
      countryCodeV2
      firstName
      lastName
      formatted
      formattedArea
      latitude
      longitude
      name
      phone
      province
      provinceCode
      zip
    }`,
  CartDiscountAllocation: /* GraphQL */ `
    fragment CartDiscountAllocation on CartDiscountAllocation {
      discountedAmount { ...Money }
      targetType
      discountApplication {
        targetType
        allocationMethod
        targetSelection
        value {
          ...Money
          ... on PricingPercentageValue { percentage }
        }
      }
      ... on CartCodeDiscountAllocation { code }
      ... on CartAutomaticDiscountAllocation { title }
      ... on CartCustomDiscountAllocation { title }
    }`,
  CartLine: /* GraphQL */ `
    fragment CartLine on BaseCartLine {
      id
      quantity
      attributes { key value }
      merchandise { ...ProductVariant }
      cost {
        totalAmount { ...Money }
        subtotalAmount { ...Money }
        amountPerQuantity { ...Money }
        compareAtAmountPerQuantity { ...Money }
      }
      discountAllocations { ...CartDiscountAllocation }
    }`,
  CartLinePage: /* GraphQL */ `
    fragment CartLinePage on BaseCartLineConnection {
      pageInfo { hasNextPage endCursor }
      edges {
        cursor
        node { ...CartLine }
      }
    }`,
  AppliedGiftCard: /* GraphQL */ `
    fragment AppliedGiftCard on AppliedGiftCard {
      id
      lastCharacters
      amountUsed { ...Money }
      balance { ...Money }
      presentmentAmountUsed { ...Money }
    }`,
  CartBuyerIdentity: /* GraphQL */ `
    fragment CartBuyerIdentity on CartBuyerIdentity {
      countryCode
      email
      phone
      preferences {
        delivery {
          coordinates { latitude longitude countryCode }
          deliveryMethod
          pickupHandle
        }
        wallet
      }
    }`,
  CartDeliveryOption: /* GraphQL */ `
    fragment CartDeliveryOption on CartDeliveryOption {
      code
      deliveryMethodType
      description
      estimatedCost { ...Money }
      handle
      title
    }`,
  CartDeliveryAddress: /* GraphQL */ `
    fragment CartDeliveryAddress on CartDeliveryAddress {
      firstName
      lastName
      name
      company
      address1
      address2
      city
      provinceCode
      zip
      countryCode
      phone
      formatted
    }`,
  CartSelectableAddress: /* GraphQL */ `
    fragment CartSelectableAddress on CartSelectableAddress {
      id
      selected
      oneTimeUse
      address { ...CartDeliveryAddress }
    }`,
  CartDeliveryGroup: /* GraphQL */ `
    fragment CartDeliveryGroup on CartDeliveryGroup {
      id
      deliveryAddress { ...MailingAddress }
      deliveryOptions { ...CartDeliveryOption }
      selectedDeliveryOption { ...CartDeliveryOption }
      cartLines(first: ${PAGE_SIZE}) { nodes { id } }
    }`,
  Cart: /* GraphQL */ `
    fragment Cart on Cart {
      id
      createdAt
      updatedAt
      note
      checkoutUrl
      attributes { key value }
      cost {
        checkoutChargeAmount { ...Money }
        subtotalAmount { ...Money }
        totalAmount { ...Money }
      }
      discountCodes { code applicable }
      discountAllocations { ...CartDiscountAllocation }
      appliedGiftCards { ...AppliedGiftCard }
      buyerIdentity { ...CartBuyerIdentity }
      delivery { addresses { ...CartSelectableAddress } }
      deliveryGroups(first: ${DELIVERY_GROUPS_FIRST}) {
        nodes { ...CartDeliveryGroup }
      }
      lines(first: ${PAGE_SIZE}) { ...CartLinePage }
    }`,
  CartUserError: /* GraphQL */ `
    fragment CartUserError on CartUserError {
      field
      message
      code
    }`,
  CartWarning: /* GraphQL */ `
    fragment CartWarning on CartWarning {
      code
      message
      target
    }`,
};

const SPREAD = /\.\.\.\s*([A-Za-z_]\w*)/g;

/** The fragments a piece of GraphQL spreads, directly or through other fragments, in first-use order. */
function fragmentsUsedBy(text: string, found: string[] = []): string[] {
  for (const [, name] of text.matchAll(SPREAD)) {
    // `... on Type` is an inline fragment, not a spread of a named one.
    if (name === 'on' || name === undefined || found.includes(name)) continue;
    const fragment = FRAGMENTS[name];
    if (fragment === undefined) throw new Error(`documents: unknown fragment ${name}`);
    found.push(name);
    fragmentsUsedBy(fragment, found);
  }
  return found;
}

/** An operation followed by exactly the fragments it needs (GraphQL rejects unused ones). */
function withFragments(operation: string): string {
  const fragments = fragmentsUsedBy(operation).map((name) => FRAGMENTS[name]);
  return [operation.trim(), ...fragments.map((fragment) => fragment!.trim())].join('\n\n');
}

/** The three parts every cart mutation payload returns (docs/decisions/note-update-asks-for-warnings.md). */
const CART_PAYLOAD = /* GraphQL */ `
      cart { ...Cart }
      userErrors { ...CartUserError }
      warnings { ...CartWarning }`;

// Queries (CART-5, and the product query of CART-7).

export const PRODUCT_DETAILS_QUERY = withFragments(/* GraphQL */ `
  query ProductDetails($id: ID!) {
    product(id: $id) { ...ProductDetails }
  }`);

export const PRODUCT_QUERY = withFragments(/* GraphQL */ `
  query Product($id: ID!) {
    product(id: $id) { ...Product }
  }`);

export const PRODUCTS_BY_IDS_QUERY = withFragments(/* GraphQL */ `
  query ProductsByIds($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on Product { ...Product }
    }
  }`);

export const PRODUCTS_QUERY = withFragments(/* GraphQL */ `
  query Products($first: Int!, $after: String, $query: String, $sortKey: ProductSortKeys, $reverse: Boolean) {
    products(first: $first, after: $after, query: $query, sortKey: $sortKey, reverse: $reverse) {
      pageInfo { hasNextPage endCursor }
      nodes { ...Product }
    }
  }`);

export const PRODUCT_BY_HANDLE_QUERY = withFragments(/* GraphQL */ `
  query ProductByHandle($handle: String!) {
    product(handle: $handle) { ...Product }
  }`);

export const PRODUCT_RECOMMENDATIONS_QUERY = withFragments(/* GraphQL */ `
  query ProductRecommendations($productId: ID!) {
    productRecommendations(productId: $productId) { ...Product }
  }`);

export const COLLECTION_QUERY = withFragments(/* GraphQL */ `
  query Collection($id: ID!) {
    collection(id: $id) { ...Collection }
  }`);

export const COLLECTIONS_QUERY = withFragments(/* GraphQL */ `
  query Collections($first: Int!, $after: String, $query: String, $sortKey: CollectionSortKeys, $reverse: Boolean) {
    collections(first: $first, after: $after, query: $query, sortKey: $sortKey, reverse: $reverse) {
      pageInfo { hasNextPage endCursor }
      nodes { ...Collection }
    }
  }`);

export const COLLECTIONS_WITH_PRODUCTS_QUERY = withFragments(/* GraphQL */ `
  query CollectionsWithProducts($first: Int!, $after: String, $productsFirst: Int!) {
    collections(first: $first, after: $after) {
      pageInfo { hasNextPage endCursor }
      nodes {
        ...Collection
        products(first: $productsFirst) {
          pageInfo { hasNextPage endCursor }
          nodes { ...Product }
        }
      }
    }
  }`);

export const COLLECTION_BY_HANDLE_QUERY = withFragments(/* GraphQL */ `
  query CollectionByHandle($handle: String!, $productsFirst: Int!) {
    collection(handle: $handle) {
      ...Collection
      products(first: $productsFirst) {
        pageInfo { hasNextPage endCursor }
        nodes { ...Product }
      }
    }
  }`);

export const SHOP_QUERY = withFragments(/* GraphQL */ `
  query Shop {
    shop { ...Shop }
  }`);

export const SHOP_POLICIES_QUERY = withFragments(/* GraphQL */ `
  query ShopPolicies {
    shop {
      privacyPolicy { ...ShopPolicy }
      termsOfService { ...ShopPolicy }
      refundPolicy { ...ShopPolicy }
    }
  }`);

export const CART_QUERY = withFragments(/* GraphQL */ `
  query Cart($id: ID!) {
    cart(id: $id) { ...Cart }
  }`);

/** CART-5: the pages after the first, 250 lines each, read from the previous page's cursor. */
export const CART_LINES_QUERY = withFragments(/* GraphQL */ `
  query CartLines($id: ID!, $after: String) {
    cart(id: $id) {
      id
      lines(first: ${PAGE_SIZE}, after: $after) { ...CartLinePage }
    }
  }`);

// Mutations (CART-5), each returning cart, userErrors and warnings.

export const CART_CREATE_MUTATION = withFragments(/* GraphQL */ `
  mutation CartCreate($input: CartInput) {
    cartCreate(input: $input) {${CART_PAYLOAD}
    }
  }`);

export const CART_ATTRIBUTES_UPDATE_MUTATION = withFragments(/* GraphQL */ `
  mutation CartAttributesUpdate($cartId: ID!, $attributes: [AttributeInput!]!) {
    cartAttributesUpdate(cartId: $cartId, attributes: $attributes) {${CART_PAYLOAD}
    }
  }`);

export const CART_BUYER_IDENTITY_UPDATE_MUTATION = withFragments(/* GraphQL */ `
  mutation CartBuyerIdentityUpdate($cartId: ID!, $buyerIdentity: CartBuyerIdentityInput!) {
    cartBuyerIdentityUpdate(cartId: $cartId, buyerIdentity: $buyerIdentity) {${CART_PAYLOAD}
    }
  }`);

/** PAY-4 delivery address: since 2025-01 a cart's addresses live in `cart.delivery`, set wholesale here (2025-10 on). */
export const CART_DELIVERY_ADDRESSES_REPLACE_MUTATION = withFragments(/* GraphQL */ `
  mutation CartDeliveryAddressesReplace($cartId: ID!, $addresses: [CartSelectableAddressInput!]!) {
    cartDeliveryAddressesReplace(cartId: $cartId, addresses: $addresses) {${CART_PAYLOAD}
    }
  }`);

export const CART_DISCOUNT_CODES_UPDATE_MUTATION = withFragments(/* GraphQL */ `
  mutation CartDiscountCodesUpdate($cartId: ID!, $discountCodes: [String!]!) {
    cartDiscountCodesUpdate(cartId: $cartId, discountCodes: $discountCodes) {${CART_PAYLOAD}
    }
  }`);

export const CART_GIFT_CARD_CODES_UPDATE_MUTATION = withFragments(/* GraphQL */ `
  mutation CartGiftCardCodesUpdate($cartId: ID!, $giftCardCodes: [String!]!) {
    cartGiftCardCodesUpdate(cartId: $cartId, giftCardCodes: $giftCardCodes) {${CART_PAYLOAD}
    }
  }`);

export const CART_GIFT_CARD_CODES_REMOVE_MUTATION = withFragments(/* GraphQL */ `
  mutation CartGiftCardCodesRemove($cartId: ID!, $appliedGiftCardIds: [ID!]!) {
    cartGiftCardCodesRemove(cartId: $cartId, appliedGiftCardIds: $appliedGiftCardIds) {${CART_PAYLOAD}
    }
  }`);

export const CART_LINES_ADD_MUTATION = withFragments(/* GraphQL */ `
  mutation CartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!) {
    cartLinesAdd(cartId: $cartId, lines: $lines) {${CART_PAYLOAD}
    }
  }`);

export const CART_LINES_REMOVE_MUTATION = withFragments(/* GraphQL */ `
  mutation CartLinesRemove($cartId: ID!, $lineIds: [ID!]!) {
    cartLinesRemove(cartId: $cartId, lineIds: $lineIds) {${CART_PAYLOAD}
    }
  }`);

export const CART_LINES_UPDATE_MUTATION = withFragments(/* GraphQL */ `
  mutation CartLinesUpdate($cartId: ID!, $lines: [CartLineUpdateInput!]!) {
    cartLinesUpdate(cartId: $cartId, lines: $lines) {${CART_PAYLOAD}
    }
  }`);

/** The 2026-04 payload of cartNoteUpdate has warnings too, so it returns the same three parts. */
export const CART_NOTE_UPDATE_MUTATION = withFragments(/* GraphQL */ `
  mutation CartNoteUpdate($cartId: ID!, $note: String!) {
    cartNoteUpdate(cartId: $cartId, note: $note) {${CART_PAYLOAD}
    }
  }`);

/** Every document by operation name, for schema validation and for stand-ins that serve them. */
export const SHOP_DOCUMENTS: Readonly<Record<string, string>> = {
  ProductDetails: PRODUCT_DETAILS_QUERY,
  Product: PRODUCT_QUERY,
  ProductsByIds: PRODUCTS_BY_IDS_QUERY,
  Products: PRODUCTS_QUERY,
  ProductByHandle: PRODUCT_BY_HANDLE_QUERY,
  ProductRecommendations: PRODUCT_RECOMMENDATIONS_QUERY,
  Collection: COLLECTION_QUERY,
  Collections: COLLECTIONS_QUERY,
  CollectionsWithProducts: COLLECTIONS_WITH_PRODUCTS_QUERY,
  CollectionByHandle: COLLECTION_BY_HANDLE_QUERY,
  Shop: SHOP_QUERY,
  ShopPolicies: SHOP_POLICIES_QUERY,
  Cart: CART_QUERY,
  CartLines: CART_LINES_QUERY,
  CartCreate: CART_CREATE_MUTATION,
  CartAttributesUpdate: CART_ATTRIBUTES_UPDATE_MUTATION,
  CartBuyerIdentityUpdate: CART_BUYER_IDENTITY_UPDATE_MUTATION,
  CartDeliveryAddressesReplace: CART_DELIVERY_ADDRESSES_REPLACE_MUTATION,
  CartDiscountCodesUpdate: CART_DISCOUNT_CODES_UPDATE_MUTATION,
  CartGiftCardCodesUpdate: CART_GIFT_CARD_CODES_UPDATE_MUTATION,
  CartGiftCardCodesRemove: CART_GIFT_CARD_CODES_REMOVE_MUTATION,
  CartLinesAdd: CART_LINES_ADD_MUTATION,
  CartLinesRemove: CART_LINES_REMOVE_MUTATION,
  CartLinesUpdate: CART_LINES_UPDATE_MUTATION,
  CartNoteUpdate: CART_NOTE_UPDATE_MUTATION,
};
