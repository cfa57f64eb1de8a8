// Stand-in for the Shopify Admin GraphQL API: `POST /admin/api/{version}/graphql.json` with an
// `X-Shopify-Access-Token`. Each request is validated, variables included, against Shopify's
// published Admin schema of the version it names (a retired version is served as the oldest
// published one, and `X-Shopify-API-Version` says which), then run by the resolvers of the root
// fields the demo shop serves: code discounts (discounts.mjs) and products with their publications
// (products.mjs). A root field it does not serve answers an error naming it; a token without the
// scope a field needs answers Shopify's ACCESS_DENIED for that field.
import { requestProblems, servedVersion, adminSchema } from '../shopify-schemas.mjs';
import { GraphQLError, execute, parse } from '../storefront/graphql.mjs';
import { createFailureSwitch } from '../storefront/control.mjs';
import { discountResolvers } from './discounts.mjs';
import { productResolvers } from './products.mjs';
import { REQUIRED_SCOPE, grants } from './scopes.mjs';

const json = (status, body, headers = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } });

const PATH = /^\/admin\/api\/([^/]+)\/graphql\.json$/;

/** Every scope the stand-in knows a field to need: what the demo token holds. */
export const ALL_SCOPES = [...new Set(Object.values(REQUIRED_SCOPE).filter(Boolean))].sort();

/**
 * @param {{
 *   shop: ReturnType<import('../storefront/catalogue.mjs').seedShop>,
 *   tokens: Record<string, readonly string[]>,
 *   now?: () => Date,
 * }} options the Storefront stand-in's shop, and each Admin token with its scopes
 */
export function createAdminStandIn({ shop, tokens, now = () => new Date() }) {
  const failures = createFailureSwitch();
  const discounts = discountResolvers({ shop, now });
  const products = productResolvers({ shop });
  const roots = {
    query: { ...discounts.query, ...products.query, currentAppInstallation: (_args, { scopes }) => products.installation(scopes) },
    mutation: { ...discounts.mutation, ...products.mutation },
  };

  /** The root fields of the operation to run, by kind; undefined when graphql itself will refuse it. */
  function rootFields(document, operationName) {
    const operations = document.definitions.filter((definition) => definition.kind === 'OperationDefinition');
    const operation = operationName ? operations.find((candidate) => candidate.name?.value === operationName) : operations[0];
    if (!operation) return undefined;
    const fields = operation.selectionSet.selections.filter((selection) => selection.kind === 'Field').map((field) => field.name.value);
    return { kind: operation.operation, fields: fields.filter((name) => !name.startsWith('__')) };
  }

  /** The root value of one request: served fields, each behind its scope check. */
  function rootValue(kind, scopes) {
    const served = roots[kind] ?? {};
    return Object.fromEntries(
      Object.entries(served).map(([name, resolve]) => [
        name,
        (args, context, info) => {
          const scope = REQUIRED_SCOPE[name];
          if (scope && !grants(scopes, scope)) {
            throw new GraphQLError(`Access denied for ${name} field. Required access: \`${scope}\` access scope.`, {
              extensions: { code: 'ACCESS_DENIED', documentation: 'https://shopify.dev/api/usage/access-scopes', requiredAccess: `\`${scope}\` access scope.` },
            });
          }
          return resolve(args, context, info);
        },
      ]),
    );
  }

  async function handle(request) {
    const match = PATH.exec(new URL(request.url).pathname);
    const version = match && servedVersion('admin', match[1]);
    if (request.method !== 'POST' || !version) return json(404, { errors: 'Not Found' });
    const headers = { 'X-Shopify-API-Version': version };
    const failStatus = failures.take();
    if (failStatus !== null) return json(failStatus, { errors: 'The demo Admin API is unavailable (failure switch).' }, headers);
    const scopes = tokens[request.headers.get('x-shopify-access-token') ?? ''];
    if (!scopes) return json(401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' }, headers);
    let body;
    try {
      body = JSON.parse(await request.text());
    } catch {
      return json(400, { errors: 'The request body is not valid JSON.' }, headers);
    }
    const { query, variables = null, operationName = null } = body ?? {};
    if (typeof query !== 'string') return json(400, { errors: 'The request body has no query.' }, headers);
    const problems = requestProblems('admin', version, { query, variables, operationName });
    if (problems.length > 0) return json(200, { errors: problems }, headers);
    const document = parse(query);
    const root = rootFields(document, operationName);
    const unserved = root.fields.filter((name) => !(name in (roots[root.kind] ?? {})) && name !== '__typename');
    if (unserved.length > 0) {
      return json(200, { errors: unserved.map((name) => ({ message: `${root.kind === 'mutation' ? 'Mutation' : 'QueryRoot'}.${name} is not served by the demo Admin stand-in.` })) }, headers);
    }
    const result = await execute({
      schema: adminSchema(version),
      document,
      rootValue: rootValue(root.kind, scopes),
      variableValues: variables,
      operationName,
      contextValue: { scopes, version, now },
    });
    return json(200, result, headers);
  }

  return {
    handle,
    created: discounts.created,
    failures,
    /** Forgets every discount made, for `{ "shop": "empty" }` and `{ "reset": true }`. */
    clear: discounts.clear,
  };
}
