import type { ASTVisitor, GraphQLError, GraphQLSchema, ValidationContext } from 'graphql';
import { NoDeprecatedCustomRule, getNamedType, parse, validate } from '../../demo/storefront/graphql.mjs';
import { OLDEST_SUPPORTED_VERSION, PINNED_VERSION, requestProblems, storefrontSchema as published } from '../../demo/shopify-schemas.mjs';

/**
 * Shopify's published Storefront and Admin schemas (@shopify/dev-mcp's introspection JSON), for tests
 * that check documents before any network: the version the element pins and the oldest it accepts.
 */
export const CHECKED_VERSIONS = [PINNED_VERSION, OLDEST_SUPPORTED_VERSION] as const;

export function storefrontSchema(version: string = PINNED_VERSION): GraphQLSchema {
  return published(version);
}

/** Every rule graphql's `validate` applies (unknown fields, arguments, variables, unused fragments...), then the variables. */
export function validateAgainstStorefront(query: string, version: string = PINNED_VERSION, variables?: Record<string, unknown>): readonly GraphQLError[] {
  return requestProblems('storefront', version, { query, variables });
}

export function validateAgainstAdmin(query: string, version: string = PINNED_VERSION, variables?: Record<string, unknown>): readonly GraphQLError[] {
  return requestProblems('admin', version, { query, variables });
}

/** The deprecated fields, arguments and values `document` uses, as graphql words each. */
export function deprecatedUses(document: string, version: string = PINNED_VERSION): string[] {
  return validate(storefrontSchema(version), parse(document), [NoDeprecatedCustomRule]).map((error) => error.message);
}

/** Each field `document` selects, fragments included: `Parent.field` and the named type it returns. */
export function selectedFields(document: string, version: string = PINNED_VERSION): { field: string; type: string }[] {
  const found: { field: string; type: string }[] = [];
  // A validation rule, so the walk uses the same graphql copy that built the schema.
  const collect = (context: ValidationContext): ASTVisitor => ({
    Field() {
      const parent = context.getParentType();
      const definition = context.getFieldDef();
      if (parent && definition) found.push({ field: `${parent.name}.${definition.name}`, type: getNamedType(definition.type).name });
    },
  });
  validate(storefrontSchema(version), parse(document), [collect]);
  return found;
}
