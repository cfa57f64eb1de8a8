import { createAdminApiClient } from '@shopify/admin-api-client';

/**
 * The set-up command's calls to the Admin GraphQL API, through `@shopify/admin-api-client`, with
 * every failure turned into one sentence that says what to do: a refused token, a missing scope (by
 * name), Shopify's rate limit (waited out and asked again), an unreachable shop.
 */

export interface AdminTarget {
  /** `https://{shop}/admin/api/{version}/graphql.json`, or a stand-in's. */
  endpoint: string;
  token: string;
  apiVersion: string;
  fetch?: typeof fetch | undefined;
  /** How the command waits out a rate limit; tests pass one that does not wait. */
  sleep?: ((seconds: number) => Promise<void>) | undefined;
}

/** A failure the command reports and stops on; `scopes` names the access scopes a refusal asked for. */
export class SetupError extends Error {
  constructor(
    message: string,
    readonly scopes: readonly string[] = [],
  ) {
    super(message);
    this.name = 'SetupError';
  }
}

export type AdminCall = <T>(query: string, variables?: Record<string, unknown>) => Promise<T>;

interface GraphQLErrorShape {
  message: string;
  extensions?: { code?: string; requiredAccess?: string };
}

/** Times the command asks again after Shopify's rate limit, waiting as the answer says. */
const THROTTLE_RETRIES = 5;

/** The scope names in Shopify's "Required access: `write_products` access scope." */
const scopesIn = (text: string) => [...text.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]!);

/** Seconds until the cost Shopify asked for is available again, from the answer's `extensions.cost`. */
function throttleWait(extensions: unknown): number {
  const cost = (extensions as { cost?: { requestedQueryCost?: number; throttleStatus?: { currentlyAvailable?: number; restoreRate?: number } } } | undefined)?.cost;
  const needed = (cost?.requestedQueryCost ?? 0) - (cost?.throttleStatus?.currentlyAvailable ?? 0);
  const rate = cost?.throttleStatus?.restoreRate ?? 0;
  return rate > 0 ? Math.min(60, Math.max(1, Math.ceil(needed / rate))) : 2;
}

export function createAdminCall(target: AdminTarget): AdminCall {
  const fetchImpl = target.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = target.sleep ?? ((seconds: number) => new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000)));
  const url = new URL(target.endpoint);
  const client = createAdminApiClient({
    storeDomain: url.host,
    apiVersion: target.apiVersion,
    accessToken: target.token,
    userAgentPrefix: 'ev-charger-configurator shop-setup',
    // The client builds an https URL of the domain; the endpoint given is the one asked (a stand-in may be http).
    customFetchApi: (_url, init) => fetchImpl(target.endpoint, init as RequestInit),
    // Our own version check runs before any call; the client's would only warn on the console.
    logger: () => {},
  });

  return async function call<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const result = await client.request(query, variables ? { variables } : {});
      const errors = result.errors;
      if (!errors) return result.data as T;
      const status = errors.networkStatusCode;
      const graphQLErrors = (errors.graphQLErrors ?? []) as GraphQLErrorShape[];
      const throttled = status === 429 || graphQLErrors.some((error) => error.extensions?.code === 'THROTTLED');
      if (throttled && attempt < THROTTLE_RETRIES) {
        const retryAfter = Number(errors.response?.headers.get('retry-after'));
        await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : throttleWait(result.extensions));
        continue;
      }
      throw describe(status, errors.message ?? '', graphQLErrors, target.endpoint);
    }
  };
}

function describe(status: number | undefined, message: string, graphQLErrors: readonly GraphQLErrorShape[], endpoint: string): SetupError {
  if (status === 401 || status === 403) {
    return new SetupError(`The Admin API refused the token (HTTP ${status}): SHOPIFY_ADMIN_TOKEN must be the Admin API access token of an app installed on this shop.`);
  }
  if (status === 404) return new SetupError(`${endpoint} answered 404: check the shop's domain and the API version.`);
  if (status === 402 || status === 423) return new SetupError(`The shop is not available (HTTP ${status}: ${status === 402 ? 'payment required' : 'locked'}).`);
  const denied = graphQLErrors.filter((error) => error.extensions?.code === 'ACCESS_DENIED');
  if (denied.length > 0) {
    const scopes = [...new Set(denied.flatMap((error) => scopesIn(error.extensions?.requiredAccess ?? error.message)))];
    return new SetupError(`The Admin API denied access: ${denied.map((error) => error.message).join(' ')}`, scopes);
  }
  if (graphQLErrors.length > 0) return new SetupError(`The Admin API refused the request: ${graphQLErrors.map((error) => error.message).join(' ')}`);
  if (status !== undefined && status !== 200) return new SetupError(`The Admin API answered HTTP ${status}${status >= 500 ? '; try again later' : ''}.`);
  return new SetupError(`Could not reach ${endpoint}: ${message.replace(/^GraphQL Client: /, '')}`);
}
