// Shopify's own published GraphQL schemas (the introspection JSON that @shopify/dev-mcp ships,
// gzip-compressed, one file per API and version), for the stand-ins and the tests that check every
// document the project sends. A version older than the oldest published one is answered with that
// oldest one, as Shopify serves a request to a retired version with its oldest supported version.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { GraphQLError, buildClientSchema, getVariableValues, parse, validate } from './storefront/graphql.mjs';

// The package exports neither its data nor its package.json: found the way Node looks for a package.
const DATA = createRequire(import.meta.url)
  .resolve.paths('@shopify/dev-mcp')
  .map((folder) => join(folder, '@shopify', 'dev-mcp', 'dist', 'data'))
  .find((folder) => existsSync(folder));

/** File name prefixes of the two APIs the project calls. */
const PREFIX = { admin: 'admin', storefront: 'storefront-graphql' };

/** The version the element pins and the oldest it accepts: the features in use need it (cart delivery addresses). */
export const PINNED_VERSION = '2026-04';
export const OLDEST_SUPPORTED_VERSION = '2025-10';

/** Releases are quarterly; another month names no version. */
const VERSION = /^(\d{4}-(01|04|07|10)|unstable)$/;

/** The stable versions published for `api`, oldest first. */
export function publishedVersions(api) {
  const pattern = new RegExp(`^${PREFIX[api]}_(\\d{4}-\\d{2})\\.json\\.gz$`);
  return readdirSync(DATA)
    .map((name) => pattern.exec(name)?.[1])
    .filter(Boolean)
    .sort();
}

/**
 * The version whose schema answers a request to `requested`: itself when published, the oldest
 * published one when older (Shopify falls forward), null when it names no release or one not published.
 */
export function servedVersion(api, requested) {
  if (!VERSION.test(requested)) return null;
  if (requested === 'unstable') return 'unstable';
  const versions = publishedVersions(api);
  if (versions.includes(requested)) return requested;
  return requested < versions[0] ? versions[0] : null;
}

const cache = new Map();

/** `api`'s schema at `version` (published exactly), built once per process. */
export function shopifySchema(api, version) {
  const key = `${api}_${version}`;
  if (!cache.has(key)) {
    const file = join(DATA, `${PREFIX[api]}_${version}.json.gz`);
    const json = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8'));
    cache.set(key, buildClientSchema(json.data ?? json));
  }
  return cache.get(key);
}

export const adminSchema = (version) => shopifySchema('admin', version);
export const storefrontSchema = (version) => shopifySchema('storefront', version);

/**
 * What Shopify would refuse in a request to `api` at `version` before running it: the document's syntax,
 * its validation against the schema, then the variables coerced to the operation's definitions (none given
 * counts as none sent; `undefined` skips them, for a document checked on its own). Empty when the API
 * would run the request.
 */
export function requestProblems(api, version, { query, variables, operationName = null }) {
  let document;
  try {
    document = parse(query);
  } catch (error) {
    return [error instanceof GraphQLError ? error : new GraphQLError(String(error))];
  }
  const schema = shopifySchema(api, version);
  const invalid = validate(schema, document);
  if (invalid.length > 0) return invalid;
  if (variables === undefined) return [];
  const operations = document.definitions.filter((definition) => definition.kind === 'OperationDefinition');
  const operation = operationName === null ? (operations.length === 1 ? operations[0] : undefined) : operations.find((candidate) => candidate.name?.value === operationName);
  if (!operation) return [new GraphQLError(operationName === null ? 'Must provide operation name if query contains multiple operations.' : `Unknown operation named "${operationName}".`)];
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
  return coerced.errors ?? [];
}
