import type { AttributeInput, CartLineInput, CartSelectableAddressInput } from '../../domain/cart';

/**
 * The shapes the shop documents return (documents.ts), written by hand from the 2026-04 schema.
 */

export type { AttributeInput, CartLineInput, CartSelectableAddressInput };

/** Storefront `MoneyV2`: a decimal string, as the API sends it. */
export interface Money {
  amount: string;
  currencyCode: string;
}

export interface ShopImage {
  id: string | null;
  url: string;
  altText: string | null;
  width: number | null;
  height: number | null;
}

export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface ProductVariant {
  id: string;
  title: string;
  price: Money;
  compareAtPrice: Money | null;
  weight: number | null;
  availableForSale: boolean;
  sku: string | null;
  image: ShopImage | null;
  product: { id: string; handle: string; title: string };
  selectedOptions: { name: string; value: string }[];
  unitPrice: Money | null;
  unitPriceMeasurement: {
    measuredType: string | null;
    quantityUnit: string | null;
    quantityValue: number;
    referenceUnit: string | null;
    referenceValue: number;
  } | null;
}

/** CART-7: what the product query by id reads. */
export interface ProductDetails {
  id: string;
  title: string;
  description: string;
  /** The first media item's image, if it has one. */
  imageUrl: string | null;
}

/** Storefront `Attribute`: its value may be null. */
export interface CartAttribute {
  key: string;
  value: string | null;
}

export interface CartDiscountAllocation {
  discountedAmount: Money;
  targetType: string;
  discountApplication: {
    targetType: string;
    allocationMethod: string;
    targetSelection: string;
    value: Money | { percentage: number };
  };
  /** Code discounts. */
  code?: string;
  /** Automatic and custom discounts. */
  title?: string;
}

export interface CartLine {
  id: string;
  quantity: number;
  attributes: CartAttribute[];
  merchandise: ProductVariant;
  cost: {
    totalAmount: Money;
    subtotalAmount: Money;
    amountPerQuantity: Money;
    compareAtAmountPerQuantity: Money | null;
  };
  discountAllocations: CartDiscountAllocation[];
}

export interface AppliedGiftCard {
  id: string;
  lastCharacters: string;
  amountUsed: Money;
  balance: Money;
  presentmentAmountUsed: Money;
}

export interface CartBuyerIdentity {
  countryCode: string | null;
  email: string | null;
  phone: string | null;
  preferences: {
    delivery: {
      coordinates: { latitude: number; longitude: number; countryCode: string } | null;
      deliveryMethod: string[];
      pickupHandle: string[];
    } | null;
    wallet: string[] | null;
  } | null;
}

export interface MailingAddress {
  address1: string | null;
  address2: string | null;
  city: string | null;
  company: string | null;
  country: string | null;
  countryCodeV2: string | null;
  firstName: string | null;
  lastName: string | null;
  formatted: string[];
  formattedArea: string | null;
  latitude: number | null;
  longitude: number | null;
  name: string | null;
  phone: string | null;
  province: string | null;
  provinceCode: string | null;
  zip: string | null;
}

/** Storefront `CartDeliveryAddress`, the one kind of `CartAddress`. */
export interface CartDeliveryAddress {
  firstName: string | null;
  lastName: string | null;
  name: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  provinceCode: string | null;
  zip: string | null;
  countryCode: string | null;
  phone: string | null;
  formatted: string[];
}

/** Storefront `CartSelectableAddress`: an address the checkout offers; the selected one is prefilled. */
export interface CartSelectableAddress {
  id: string;
  selected: boolean;
  oneTimeUse: boolean;
  address: CartDeliveryAddress;
}

export interface CartDeliveryOption {
  code: string | null;
  deliveryMethodType: string;
  description: string | null;
  estimatedCost: Money;
  handle: string;
  title: string | null;
}

export interface CartDeliveryGroup {
  id: string;
  deliveryAddress: MailingAddress;
  deliveryOptions: CartDeliveryOption[];
  selectedDeliveryOption: CartDeliveryOption | null;
  cartLines: { nodes: { id: string }[] };
}

/** A page of cart lines as the API sends it: each line with its cursor (CART-5). */
export interface CartLinePage {
  pageInfo: PageInfo;
  edges: { cursor: string; node: CartLine }[];
}

interface CartFields {
  id: string;
  createdAt: string;
  updatedAt: string;
  note: string | null;
  checkoutUrl: string;
  attributes: CartAttribute[];
  cost: { checkoutChargeAmount: Money; subtotalAmount: Money; totalAmount: Money };
  discountCodes: { code: string; applicable: boolean }[];
  discountAllocations: CartDiscountAllocation[];
  appliedGiftCards: AppliedGiftCard[];
  buyerIdentity: CartBuyerIdentity;
  delivery: { addresses: CartSelectableAddress[] };
}

/** The cart as the API sends it. */
export interface RawCart extends CartFields {
  deliveryGroups: { nodes: CartDeliveryGroup[] };
  lines: CartLinePage;
}

/**
 * The cart as the shop service hands it out: every line loaded and merged (CART-5), and the
 * checkout URL carrying `_fd=0` (CART-2).
 */
export interface Cart extends CartFields {
  deliveryGroups: CartDeliveryGroup[];
  lines: CartLine[];
}

export interface CartUserError {
  field: string[] | null;
  message: string;
  code: string | null;
}

export interface CartWarning {
  code: string;
  message: string;
  target: string;
}

/** Storefront `CartBuyerIdentityInput`, the parts this product sets. */
export interface CartBuyerIdentityInput {
  email?: string;
  phone?: string;
  countryCode?: string;
}

/** Storefront `CartInput`, the parts this product sets. */
export interface CartInput {
  lines?: CartLineInput[];
  attributes?: AttributeInput[];
  buyerIdentity?: CartBuyerIdentityInput;
  /** Storefront `CartDeliveryInput` (2025-01 on). */
  delivery?: { addresses: CartSelectableAddressInput[] };
  discountCodes?: string[];
}
