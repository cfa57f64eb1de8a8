// Stand-in for the Shopify Admin GraphQL API: `POST /admin/api/{version}/graphql.json` with an
// `X-Shopify-Access-Token`. Each request is validated, variables included, against Shopify's
// published Admin schema of the version it names (a retired version is served as the oldest
// published one, and `X-Shopify-API-Version` says which), then run by the resolvers of the root
// fields the demo shop serves: code discounts (discounts.mjs) and products with their publications
// (products.mjs). A root field it does not serve answers an error naming it; a token without the
// scope a field needs answers Shopify's ACCESS_DENIED for that field.
import { requestProblems, servedVersion, adminSchema } from '../shopify-schemas.mjs';
import { GraphQLError, execute, notServedError, parse } from '../storefront/graphql.mjs';
import { SHOP_NAME } from '../storefront/catalogue.mjs';
import { createFailureSwitch } from '../storefront/control.mjs';
import { discountResolvers } from './discounts.mjs';
import { draftOrderResolvers } from './draft-orders.mjs';
import { productResolvers } from './products.mjs';
import { NODE_SCOPE, REQUIRED_SCOPE, grants } from './scopes.mjs';

const json = (status, body, headers = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } });

const PATH = /^\/admin\/api\/([^/]+)\/graphql\.json$/;

/** The Admin API's `nodes(ids)` takes at most 250 ids. */
const MAX_NODE_IDS = 250;

/** Shopify's answer to a field the token lacks the scope for. */
const accessDenied = (name, scope) =>
  new GraphQLError(`Access denied for ${name} field. Required access: \`${scope}\` access scope.`, {
    extensions: { code: 'ACCESS_DENIED', documentation: 'https://shopify.dev/api/usage/access-scopes', requiredAccess: `\`${scope}\` access scope.` },
  });

/** The demo shop as the Admin API's `shop` shows it: a UK shop whose prices include VAT. */
const SHOP = {
  __typename: 'Shop',
  id: 'gid://shopify/Shop/46100',
  name: SHOP_NAME,
  myshopifyDomain: 'demo-shop.myshopify.com',
  currencyCode: 'GBP',
  taxesIncluded: true,
  ianaTimezone: 'Europe/London',
};

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
  const draftOrders = draftOrderResolvers({ shop, now });

  /** Each id's node, null when the shop has none; a node the token may not read, or of a type not modelled, is an error in its place. */
  function nodes({ ids }, { scopes }) {
    if (ids.length > MAX_NODE_IDS) throw new GraphQLError(`The "ids" argument must not contain more than ${MAX_NODE_IDS} values.`);
    return ids.map((id) => {
      const node = products.node(id) ?? draftOrders.node(id);
      if (node === undefined) {
        const other = shop.node(id);
        return other ? new GraphQLError(`QueryRoot.nodes: the demo Admin stand-in does not serve ${other.__typename} nodes.`) : null;
      }
      const scope = NODE_SCOPE[node.__typename];
      return grants(scopes, scope) ? node : accessDenied('nodes', scope);
    });
  }

  const roots = {
    query: {
      ...discounts.query,
      ...products.query,
      ...draftOrders.query,
      currentAppInstallation: (_args, { scopes }) => products.installation(scopes),
      shop: () => SHOP,
      nodes,
    },
    mutation: { ...discounts.mutation, ...products.mutation, ...draftOrders.mutation },
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
          if (scope && !grants(scopes, scope)) throw accessDenied(name, scope);
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
      return json(200, { errors: unserved.map((name) => ({ message: notServedError(`${root.kind === 'mutation' ? 'Mutation' : 'QueryRoot'}.${name}`, 'Admin').message })) }, headers);
    }
    const result = await execute({
      schema: adminSchema(version),
      document,
      rootValue: rootValue(root.kind, scopes),
      variableValues: variables,
      operationName,
      contextValue: { scopes, origin: new URL(request.url).origin },
    });
    return json(200, result, headers);
  }

  return {
    handle,
    created: discounts.created,
    /** The live draft orders made, in order. */
    draftOrders: draftOrders.draftOrders,
    /** The live draft order whose invoice link holds `token`, for its demo checkout page. */
    draftOrderByToken: draftOrders.byToken,
    failures,
    /** Forgets every discount and draft order made, for `{ "shop": "empty" }`. */
    clear: () => {
      discounts.clear();
      draftOrders.clear();
    },
  };
}
