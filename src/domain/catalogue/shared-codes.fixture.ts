import type { Catalogue } from './schema';
import { UK_CATALOGUE } from './uk';

/** The shared shop codes a merchant choosing the spec's domain-only partner discount puts in its catalogue. */
export const SHARED_CODES: Readonly<Record<string, string>> = { partner: 'PARTNER100', sportscars: 'PARTNER75S', luxurycars: 'PARTNER75L' };

/** Test double: the embedded catalogue with a shared code on each partner discount (DISC-3). */
export const SHARED_CODES_CATALOGUE: Catalogue = {
  ...UK_CATALOGUE,
  discounts: UK_CATALOGUE.discounts.map((discount) => (SHARED_CODES[discount.id] ? { ...discount, code: SHARED_CODES[discount.id] } : discount)),
};
