// The Storefront API endpoint of the stand-in, `POST /api/{version}/graphql.json` (DEMO-2).
// Like the real API it wants an access token, answers every document it can parse with
// HTTP 200 (GraphQL errors included) and validates documents against Shopify's published schema of
// the version asked for before running them; a retired version is served as the oldest published one,
// and the answer's `X-Shopify-API-Version` says which, as Shopify's does.
import { servedVersion } from '../shopify-schemas.mjs';
import { GraphQLError, execute, parse, validate } from './graphql.mjs';
import { fallbackResolver, standInSchema } from './resolvers.mjs';
const MAX_BODY_BYTES = 1_000_000;
const TOKEN_HEADERS = ['x-shopify-storefront-access-token', 'shopify-storefront-private-token'];

/** Cross-origin answers: any page may call the API (the token is public); preflight allowed. */
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Max-Age': '86400',
};

const json = (status, body, headers = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...CORS, ...headers } });

/** The body as text, or null when it is larger than `MAX_BODY_BYTES`. */
async function readBody(request) {
  if (!request.body) return '';
  const chunks = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** `{ query, variables, operationName }` from a JSON or an application/graphql body, or an error text. */
function graphqlParams(text, contentType) {
  if (contentType.startsWith('application/graphql')) return { query: text, variables: null, operationName: null };
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return 'The request body is not valid JSON.';
  }
  const { query, variables = null, operationName = null } = body ?? {};
  if (typeof query !== 'string' || !query.trim()) return 'The request body has no query.';
  if (variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) return 'variables must be an object.';
  if (operationName !== null && typeof operationName !== 'string') return 'operationName must be a string.';
  return { query, variables, operationName };
}

export function graphqlRoutes({ shop, carts, failures }) {
  const pattern = /^\/api\/(?<version>[^/]+)\/graphql\.json$/;
  const preflight = (request) =>
    new Response(null, {
      status: 204,
      headers: { ...CORS, 'Access-Control-Allow-Headers': request.headers.get('access-control-request-headers') ?? 'Content-Type' },
    });

  async function answer(request, { version }) {
    const failStatus = failures.take();
    if (failStatus !== null) return json(failStatus, { errors: [{ message: 'The demo shop is unavailable (failure switch).' }] });
    const served = servedVersion('storefront', version);
    if (served === null) return json(404, { errors: 'Not Found' });
    const versionHeader = { 'X-Shopify-API-Version': served };
    if (!TOKEN_HEADERS.some((name) => request.headers.get(name)?.trim())) {
      return json(401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' }, versionHeader);
    }
    const text = await readBody(request);
    if (text === null) return json(413, { errors: [{ message: 'The request body is too large.' }] }, versionHeader);
    const params = graphqlParams(text, request.headers.get('content-type') ?? '');
    if (typeof params === 'string') return json(400, { errors: [{ message: params }] }, versionHeader);

    let document;
    try {
      document = parse(params.query);
    } catch (error) {
      return json(200, { errors: [error instanceof GraphQLError ? error : { message: String(error) }] }, versionHeader);
    }
    const schema = standInSchema(served);
    const invalid = validate(schema, document);
    if (invalid.length > 0) return json(200, { errors: invalid }, versionHeader);
    const result = await execute({
      schema,
      document,
      variableValues: params.variables,
      operationName: params.operationName,
      contextValue: { shop, carts, origin: new URL(request.url).origin },
      fieldResolver: fallbackResolver,
    });
    return json(200, result, versionHeader);
  }

  return [
    { method: 'OPTIONS', pattern, handler: preflight },
    { method: 'POST', pattern, handler: answer },
  ];
}
