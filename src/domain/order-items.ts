import type { AddOn, Catalogue, Discount } from './catalogue/schema';
import type { Configuration } from './configuration';
import {
  addOn,
  bodyColour,
  cableOption,
  frontColour,
  frontIsMetallic,
  frontKind,
  hookApplies,
  hookColour,
  hookItem,
  installationOption,
  solarItem,
  surgeItem,
} from './configuration';
import type { Pence } from './money';

/**
 * One thing the buyer pays for (or a discount against it): the single source from which the
 * price summary, the monthly plan, the shop's cart lines and the mail's product lines are built.
 */
export interface OrderItem {
  /** Stable key: "base", "front_finish", "body_finish", "cable", "installation", an add-on id, "standard_warranty", "offer", "discount". */
  key: string;
  /** What the buyer reads in the summary. */
  name: string;
  /** Pay-in-full amount; negative for a discount. */
  price: Pence;
  /** PRICE-5 monthly amount. */
  monthly: Pence;
  /** Shop variant to add to the cart; none for items the shop does not sell (standard warranty, discount). */
  variantId?: string;
  code: string;
  metaKey?: string;
  /** Line-item attributes naming the colours and codes the line stands for. */
  attributes: Record<string, string>;
}

export interface PricingContext {
  /** The buyer's e-mail; its domain selects a partner discount (DISC-1) unless `verifiedPartnerDiscounts`. */
  email?: string | undefined;
  /** When true only `verifiedPartner` gives a partner discount, never the e-mail's domain. */
  verifiedPartnerDiscounts?: boolean | undefined;
  /** The partner discount (the catalogue discount's id) that a one-time code sent to the e-mail proved. */
  verifiedPartner?: { discountId: string } | undefined;
}

const fromAddOn = (item: AddOn, attributes: Record<string, string> = {}, key: string = item.id): OrderItem => ({
  key,
  name: item.name,
  price: item.price,
  monthly: item.monthly,
  variantId: item.variantId,
  code: item.code,
  metaKey: item.metaKey,
  attributes,
});

/**
 * DISC-1: a discount applies when the e-mail's domain is in its list; the match is on the whole
 * domain after the last "@", ignoring case and surrounding spaces.
 */
export function discountForEmail(catalogue: Catalogue, email: string | undefined): Discount | undefined {
  // The domain after the last "@", which must follow something.
  const domain = email?.trim().toLowerCase().match(/[^]@([^@]+)$/)?.[1];
  return domain ? catalogue.discounts.find((discount) => discount.value > 0 && discount.domains.includes(domain)) : undefined;
}

/**
 * The partner discount a pricing context earns: with `verifiedPartnerDiscounts` only the verified
 * one, else the e-mail domain's (DISC-1, DISC-2).
 */
export const partnerDiscount = (catalogue: Catalogue, context: PricingContext): Discount | undefined =>
  context.verifiedPartnerDiscounts
    ? catalogue.discounts.find((discount) => discount.value > 0 && discount.id === context.verifiedPartner?.discountId)
    : discountForEmail(catalogue, context.email);

/** Every item of the order, in the order the summary shows them. */
export function orderItems(catalogue: Catalogue, config: Configuration, context: PricingContext = {}): OrderItem[] {
  const front = frontColour(catalogue, config.front);
  const body = bodyColour(catalogue, config.body);
  const cable = cableOption(catalogue, config.cable);
  const installation = installationOption(catalogue, config.installation);
  const base = catalogue.baseProduct;
  const items: OrderItem[] = [
    {
      key: 'base',
      name: base.name,
      price: base.price,
      monthly: 0,
      variantId: base.variantId,
      code: base.code,
      attributes: {
        'Front colour': front.name,
        'Front code': front.code,
        'Body colour': body.name,
        'Body code': body.code,
      },
    },
  ];

  const kind = frontKind(catalogue, config.front);
  const frontAttributes = { 'Front colour': front.name, 'Front code': front.code };
  if (kind === 'premium') items.push(fromAddOn(addOn(catalogue, 'wood_front'), frontAttributes, 'front_finish'));
  if (kind === 'limited') {
    // CAT-2: the limited finish's price comes from the front colour itself.
    const limited = fromAddOn(addOn(catalogue, 'limited_front'), frontAttributes, 'front_finish');
    items.push({ ...limited, price: front.price ?? limited.price, monthly: front.monthlyPrice ?? limited.monthly });
  }
  if (frontIsMetallic(catalogue, config)) {
    items.push(fromAddOn(addOn(catalogue, 'metallic_front'), frontAttributes, 'front_finish'));
  }
  if (body.metallic) {
    items.push(fromAddOn(addOn(catalogue, 'metallic_body'), { 'Body colour': body.name, 'Body code': body.code }, 'body_finish'));
  }

  items.push({
    key: 'cable',
    name: cable.name,
    price: cable.price,
    monthly: cable.monthly,
    variantId: cable.variantId,
    code: cable.code,
    attributes: {},
  });
  items.push({
    key: 'installation',
    name: installation.longName,
    price: installation.price,
    monthly: installation.monthly,
    variantId: installation.variantId,
    code: installation.id,
    attributes: {},
  });

  if (config.surgeProtection) items.push(fromAddOn(surgeItem(catalogue, config)));
  if (config.advancedSolar) items.push(fromAddOn(solarItem(catalogue, config)));
  if (config.renewable) items.push(fromAddOn(addOn(catalogue, 'renewable')));
  if (hookApplies(catalogue, config)) {
    const colour = hookColour(catalogue, config.hookColour);
    const item = fromAddOn(hookItem(catalogue, config), { 'Cable hook colour': colour.name, 'Cable hook code': colour.code }, 'hook');
    // "Metallic Cable Hook Finish" alone reads as a finish without its hook, which this line also is.
    items.push(colour.metallic ? { ...item, name: 'Cable hook (metallic finish)' } : item);
  }
  if (config.display) items.push(fromAddOn(addOn(catalogue, 'display')));
  if (config.extendedWarranty) {
    items.push(fromAddOn(addOn(catalogue, 'warranty')));
  } else {
    const standard = catalogue.standardWarranty;
    items.push({ key: 'standard_warranty', name: standard.name, price: standard.price, monthly: 0, code: standard.code, attributes: {} });
  }

  const offer = config.offer ? catalogue.offers.find((o) => o.id === config.offer) : undefined;
  if (offer) {
    items.push({ key: 'offer', name: offer.name, price: 0, monthly: 0, ...(offer.variantId ? { variantId: offer.variantId } : {}), code: offer.id, attributes: {} });
  }

  const discount = partnerDiscount(catalogue, context);
  if (discount) {
    items.push({
      key: 'discount',
      name: discount.name,
      price: -discount.value,
      monthly: 0,
      code: discount.code ?? discount.id,
      attributes: {},
    });
  }
  return items;
}
