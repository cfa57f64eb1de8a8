// The real Storefront API schema (introspection JSON shipped with @shopify/hydrogen-react), made
// executable with the stand-in's resolvers (DESIGN, Decisions: the stand-in answers the real schema).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { addResolversToSchema } from '@graphql-tools/schema';
import { buildClientSchema, isAbstractType } from './graphql.mjs';

const require = createRequire(import.meta.url);

let clientSchema;

/** The Storefront schema as built from its introspection JSON; loaded once per process. */
export function storefrontSchema() {
  clientSchema ??= buildClientSchema(
    JSON.parse(readFileSync(require.resolve('@shopify/hydrogen-react/storefront.schema.json'), 'utf8')),
  );
  return clientSchema;
}

/**
 * The schema with `resolvers` added. Every interface and union (Node, Merchandise, BaseCartLine,
 * Media, CartDiscountAllocation, PricingValue, ...) is resolved from the `__typename` each
 * stand-in object carries, so one rule covers them all.
 */
export function executableSchema(resolvers) {
  const schema = storefrontSchema();
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
