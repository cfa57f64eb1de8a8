import type { Catalogue } from './catalogue/schema';
import type { Configuration } from './configuration';
import type { Pence } from './money';
import type { OrderItem } from './order-items';
import { orderItems } from './order-items';

/**
 * What the shop says of the variants the catalogue sells: the current price and whether it can be
 * bought. The shop is the source of truth: a catalogue priced with this charges what the cart will.
 */
export interface ShopPriceList {
  /** Price per variant gid, in pence, for every variant the shop answered. */
  prices: Readonly<Record<string, Pence>>;
  /** Variants the shop answered as not available for sale. */
  unavailable: readonly string[];
  /** The monthly plan's selling plan per variant, when the shop offers one on it. */
  sellingPlans: Readonly<Record<string, string>>;
}

/**
 * Every shop variant the catalogue sells as a cart line: the charger, each cable, installation,
 * add-on (the finishes among them) and offer. Colour variants are not sold as lines, so not asked.
 */
export function catalogueVariantIds(catalogue: Catalogue): string[] {
  const ids = [
    catalogue.baseProduct.variantId,
    ...catalogue.cables.map((cable) => cable.variantId),
    ...catalogue.installations.map((installation) => installation.variantId),
    ...catalogue.addOns.map((addOn) => addOn.variantId),
    ...catalogue.offers.flatMap((offer) => (offer.variantId ? [offer.variantId] : [])),
  ];
  return [...new Set(ids)];
}

/**
 * The catalogue with the shop's prices in place of its own, so every figure built from it (page,
 * wizard, plans, events, cart attributes, mail) is the shop's. The limited finish's price comes from
 * its colour (spec §9), but the cart charges the limited-finish variant, so the colour takes that price.
 */
export function withShopPrices(catalogue: Catalogue, list: ShopPriceList): Catalogue {
  const price = <T extends { variantId?: string | undefined; price: Pence }>(item: T): T => {
    const shop = item.variantId !== undefined ? list.prices[item.variantId] : undefined;
    return shop === undefined || shop === item.price ? item : { ...item, price: shop };
  };
  const limitedVariant = catalogue.addOns.find((addOn) => addOn.id === 'limited_front')?.variantId;
  const limitedPrice = limitedVariant !== undefined ? list.prices[limitedVariant] : undefined;
  const front = catalogue.colours.front;
  return {
    ...catalogue,
    baseProduct: { ...price(catalogue.baseProduct), demoPrice: false },
    colours: {
      ...catalogue.colours,
      front: {
        ...front,
        limited: limitedPrice === undefined ? front.limited : front.limited.map((colour) => ({ ...colour, price: limitedPrice })),
      },
    },
    cables: catalogue.cables.map(price),
    installations: catalogue.installations.map(price),
    addOns: catalogue.addOns.map(price),
  };
}

/** The items of an order that the shop cannot sell now. */
export function unavailableItems(catalogue: Catalogue, config: Configuration, unavailable: readonly string[]): OrderItem[] {
  if (unavailable.length === 0) return [];
  return orderItems(catalogue, config).filter((item) => item.variantId !== undefined && unavailable.includes(item.variantId));
}

/** Spec-free wording: why an option cannot be chosen. */
export const UNAVAILABLE_REASON = 'Not available from the shop at the moment';

/**
 * Whether a choice would add an item the shop cannot sell (and so cannot be made), judged on the
 * whole order it leads to: a cable that switches the surge item, say, is refused when that item is.
 * Items already unavailable in the current order do not count against every other choice.
 */
export function choiceUnavailable(catalogue: Catalogue, current: Configuration, candidate: Configuration, unavailable: readonly string[]): boolean {
  if (unavailable.length === 0) return false;
  const already = new Set(unavailableItems(catalogue, current, unavailable).map((item) => item.variantId));
  return unavailableItems(catalogue, candidate, unavailable).some((item) => !already.has(item.variantId));
}
