// Types of graphql.mjs: the graphql package's own, loaded as Node resolves it.
export {
  GraphQLError, NoDeprecatedCustomRule, buildClientSchema, buildSchema, coerceInputValue, getVariableValues, execute,
  getNamedType, getNullableType, isAbstractType, isListType, isNonNullType, isObjectType, parse, validate,
} from 'graphql';
