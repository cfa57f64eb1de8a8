import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { GraphQLError, GraphQLSchema, IntrospectionQuery } from 'graphql';
import { buildClientSchema, parse, validate } from 'graphql';

/**
 * The real Storefront API schema (2026-04) that @shopify/hydrogen-react ships as introspection
 * JSON, for tests that check documents before any network (DESIGN: Cart client).
 */

let schema: GraphQLSchema | undefined;

export function storefrontSchema(): GraphQLSchema {
  if (!schema) {
    const path = createRequire(import.meta.url).resolve('@shopify/hydrogen-react/storefront.schema.json');
    const json = JSON.parse(readFileSync(path, 'utf8')) as { data?: IntrospectionQuery } & Partial<IntrospectionQuery>;
    schema = buildClientSchema((json.data ?? json) as IntrospectionQuery);
  }
  return schema;
}

/** Every rule graphql's `validate` applies (unknown fields, arguments, variables, unused fragments...). */
export function validateAgainstStorefront(document: string): readonly GraphQLError[] {
  return validate(storefrontSchema(), parse(document));
}
