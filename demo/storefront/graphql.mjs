// graphql for every stand-in module, loaded as Node itself resolves it (the CommonJS build), as
// @graphql-tools/schema does. Loaders that prefer the package's ESM build (vitest) would otherwise
// give two graphql copies, which refuse each other's schema types.
import { createRequire } from 'node:module';

export const {
  GraphQLError,
  NoDeprecatedCustomRule,
  buildClientSchema,
  buildSchema,
  coerceInputValue,
  getVariableValues,
  execute,
  getNamedType,
  getNullableType,
  isAbstractType,
  isListType,
  isNonNullType,
  isObjectType,
  parse,
  validate,
} = createRequire(import.meta.url)('graphql');

/** What a stand-in answers for a field it does not serve (`field` as `Type.name`): an error naming it, never a made-up value. */
export const notServedError = (field, standIn) => new GraphQLError(`${field} is not served by the demo ${standIn} stand-in.`);
