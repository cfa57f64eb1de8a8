import type { Catalogue, ColourOption } from './catalogue/schema';
import type { Configuration } from './configuration';
import { bodyColour, frontColour, hookColour } from './configuration';
import type { OrderItem } from './order-items';
import { orderItems } from './order-items';

/**
 * Spec §7.4: the template variables of the upgrade-specification e-mail. Every product line is
 * derived from catalogue ids through `orderItems`, so the relay can recompute them server-side and
 * they always name the very items the price summary and the cart carry.
 */

export interface MailCustomer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

type ProductLineKey = `productLine${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`;

export type MailVariables = {
  title: string;
  customerEmail: string;
  customerName: string;
  customerPhone: string;
  introLine: string;
} & Record<ProductLineKey, string>;

export const MAIL_TITLE = 'Upgrade specification request';

const named = (colour: ColourOption) => `${colour.name} (${colour.code})`;

const yesOrNo = (item: OrderItem | undefined) => (item ? `Yes (${item.name})` : 'No');

/**
 * Spec §7.4 productLine1..9, in the specification's order: front colour, body colour, power and
 * cable, installation, warranty (standard 3 year if not extended), surge protection yes/no,
 * advanced solar yes/no, cable hook (colour name or no), display yes/no.
 */
export function productLines(catalogue: Catalogue, config: Configuration): string[] {
  const items = orderItems(catalogue, config);
  const item = (...keys: string[]) => items.find((candidate) => keys.includes(candidate.key));
  // Present only when it applies (tethered cable with the hook chosen), as in the cart.
  const hook = item('hook');
  return [
    `Front colour: ${named(frontColour(catalogue, config.front))}`,
    `Body colour: ${named(bodyColour(catalogue, config.body))}`,
    `Power and cable: ${item('cable')!.name}`,
    `Installation: ${item('installation')!.name}`,
    `Warranty: ${item('warranty', 'standard_warranty')!.name}`,
    `Surge protection: ${yesOrNo(item('surge_single', 'surge_three'))}`,
    `Advanced solar: ${yesOrNo(item('solar', 'solar_ct'))}`,
    `Cable hook: ${hook ? named(hookColour(catalogue, config.hookColour)) : 'No'}`,
    `Digital display: ${yesOrNo(item('display'))}`,
  ];
}

/** Spec §7.4 variables: title, customer fields, intro line and the nine product lines. */
export function mailVariables(catalogue: Catalogue, config: Configuration, customer: MailCustomer): MailVariables {
  const customerName = [customer.firstName, customer.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  const lines = Object.fromEntries(
    productLines(catalogue, config).map((line, index) => [`productLine${index + 1}`, line]),
  ) as Record<ProductLineKey, string>;
  return {
    title: MAIL_TITLE,
    customerEmail: customer.email.trim(),
    customerName,
    customerPhone: customer.phone.trim(),
    introLine: `${customerName} has requested the following upgrade specification for their Mobilize order.`,
    ...lines,
  };
}

/** Spec §7.4 "template-variables JSON string": the provider's `t:variables` form field. */
export function mailVariablesJson(variables: MailVariables): string {
  return JSON.stringify(variables);
}
