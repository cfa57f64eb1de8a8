// Shopify's published Storefront API schema of each version (shopify-schemas.mjs), made executable
// with the stand-in's resolvers, so the stand-in answers, and refuses, what that version of the API does.
import { addResolversToSchema } from '@graphql-tools/schema';
import { storefrontSchema } from '../shopify-schemas.mjs';
import { isAbstractType } from './graphql.mjs';

export { storefrontSchema };

/**
 * `schema` with `resolvers` added. Every interface and union (Node, Merchandise, BaseCartLine,
 * Media, CartDiscountAllocation, PricingValue, ...) is resolved from the `__typename` each
 * stand-in object carries, so one rule covers them all.
 */
export function executableSchema(schema, resolvers) {
  const abstract = Object.values(schema.getTypeMap()).filter(isAbstractType);
  const typeResolvers = Object.fromEntries(
    abstract.map((type) => [type.name, { __resolveType: (source) => source.__typename }]),
  );
  return addResolversToSchema({ schema, resolvers: mergeResolvers(typeResolvers, resolvers) });
}

/** Resolver maps merged type by type; a later map's field wins. */
export function mergeResolvers(...maps) {
  const merged = {};
  for (const map of maps) {
    for (const [typeName, fields] of Object.entries(map)) merged[typeName] = { ...merged[typeName], ...fields };
  }
  return merged;
}
