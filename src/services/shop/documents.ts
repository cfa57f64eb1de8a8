import { VARIANT_PRICES_QUERY } from '../../domain/shop-prices';

/**
 * Every Storefront API document the shop service sends (PRICE-6, CART-5..7), held as data and
 * built from one fragment per shape. Field lists are what the element reads, without deprecated
 * fields (docs/decisions/cart-fields-read.md); tests validate each document against the 2026-04 schema.
 */

/** CART-6: page size for cart lines. */
export const PAGE_SIZE = 250;
/** CART-6: delivery groups fetched with a cart. */
export const DELIVERY_GROUPS_FIRST = 10;

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

/** The three parts every cart mutation payload returns (CART-5). */
const CART_PAYLOAD = /* GraphQL */ `
      cart { ...Cart }
      userErrors { ...CartUserError }
      warnings { ...CartWarning }`;

// Queries (CART-5, and the product query of CART-7).

export const PRODUCT_DETAILS_QUERY = withFragments(/* GraphQL */ `
  query ProductDetails($id: ID!) {
    product(id: $id) { ...ProductDetails }
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

/** Every document by operation name, for schema validation and for stand-ins that serve them. */
export const SHOP_DOCUMENTS: Readonly<Record<string, string>> = {
  VariantPrices: VARIANT_PRICES_QUERY,
  ProductDetails: PRODUCT_DETAILS_QUERY,
  Cart: CART_QUERY,
  CartLines: CART_LINES_QUERY,
  CartCreate: CART_CREATE_MUTATION,
  CartAttributesUpdate: CART_ATTRIBUTES_UPDATE_MUTATION,
  CartBuyerIdentityUpdate: CART_BUYER_IDENTITY_UPDATE_MUTATION,
  CartDeliveryAddressesReplace: CART_DELIVERY_ADDRESSES_REPLACE_MUTATION,
  CartDiscountCodesUpdate: CART_DISCOUNT_CODES_UPDATE_MUTATION,
  CartLinesAdd: CART_LINES_ADD_MUTATION,
  CartLinesRemove: CART_LINES_REMOVE_MUTATION,
};
