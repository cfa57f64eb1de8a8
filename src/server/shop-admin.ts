/**
 * One shop's Shopify Admin GraphQL API as the handlers call it: the endpoint and token checks, and
 * one request with a deadline whose failure (a status, a thrown error, GraphQL errors) is reported
 * and told apart by whether a retry can help. The Admin token lives only in these options and the
 * `X-Shopify-Access-Token` header.
 */
import { providerUrlAllowed } from './http';
import { checkDuration, checkSingleLines, deadline } from './mailgun';
import type { RequestNotes } from './operations';
import { safely } from './operations';

export interface ShopAdminOptions {
  /**
   * `https://{shop}.myshopify.com/admin/api/{version}/graphql.json`, version 2025-10 or later;
   * `http:` only to a loopback host (a local proxy or stand-in).
   */
  adminEndpoint: string;
  /** An Admin API access token with the scopes the handler names. */
  adminToken: string;
  /** The fetch used to call the Admin API; tests and the demo hand in a stand-in. */
  fetch?: typeof fetch;
  /** Give up on one call after this long; default 10 seconds. */
  timeoutMs?: number;
}

/** What the operator's hook is told of a failed call: the status, the thrown error or the shop's errors. */
export interface ShopAdminFailure {
  status?: number;
  error?: unknown;
  /** The GraphQL `errors` or the mutation's `userErrors`, as the shop answered them. */
  errors?: unknown;
}

/**
 * How one request ended: the answer's `data` and `errors` as the shop sent them (a 200), or a
 * failure already reported, `permanent` when the shop refused the request itself (the token, the
 * endpoint), so a retry fails alike.
 */
export type AdminAnswer<T> = { ok: true; status: number; data: T | null | undefined; errors: unknown } | { ok: false; permanent: boolean };

/** The Admin API's answers that say the token or the endpoint is wrong: a retry fails alike. */
const PERMANENT_STATUSES = new Set([400, 401, 402, 403, 404, 423]);

/** The version an Admin endpoint names, or undefined when it is no Admin GraphQL URL. */
function adminVersion(endpoint: string): string | undefined {
  if (!URL.canParse(endpoint)) return undefined;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return /^\/admin\/api\/(\d{4}-\d{2}|unstable)\/graphql\.json$/.exec(url.pathname)?.[1];
}

/**
 * Refuses, before any buyer meets it, an endpoint that is no Admin GraphQL URL of version 2025-10
 * or later, plain `http:` to anything but a loopback host, a token that is no single line and a
 * timeout that is no duration. `name` is how the caller's options call the shop (`shop`).
 */
export function checkShopAdminOptions(caller: string, options: ShopAdminOptions, name = 'shop'): void {
  checkSingleLines(caller, { [`${name}.adminToken`]: options.adminToken });
  const version = adminVersion(options.adminEndpoint);
  if (version === undefined || (version !== 'unstable' && version < '2025-10')) {
    throw new TypeError(`${caller}: ${name}.adminEndpoint must be https://{shop}.myshopify.com/admin/api/{version}/graphql.json with a version from 2025-10.`);
  }
  if (!providerUrlAllowed(options.adminEndpoint)) {
    throw new TypeError(`${caller}: ${name}.adminEndpoint must use https: the Admin token may cross plain http only to a loopback host.`);
  }
  checkDuration(caller, `${name}.timeoutMs`, options.timeoutMs, 1);
}

/** Whether GraphQL `errors` hold Shopify's ACCESS_DENIED: the token lacks a scope, so a retry fails alike. */
export function accessDenied(errors: unknown): boolean {
  return Array.isArray(errors) && errors.some((error) => (error as { extensions?: { code?: unknown } } | null)?.extensions?.code === 'ACCESS_DENIED');
}

/**
 * Requests to one shop's Admin API; a failed call is reported to `onFailure` and answered, never
 * thrown. A caller's `notes` are told the Admin API's status (or `timeout`, `network`).
 */
export function shopAdmin(options: ShopAdminOptions, onFailure?: (failure: ShopAdminFailure) => void) {
  const { adminEndpoint, adminToken, timeoutMs = 10_000 } = options;
  const adminFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const report = (failure: ShopAdminFailure) => safely(onFailure, failure);

  return async function request<T>(query: string, variables: Record<string, unknown>, notes?: RequestNotes): Promise<AdminAnswer<T>> {
    const time = deadline(timeoutMs);
    let status: number | undefined;
    try {
      const response = await time.within(
        adminFetch(adminEndpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'x-shopify-access-token': adminToken },
          body: JSON.stringify({ query, variables }),
          signal: time.signal,
        }),
      );
      status = response.status;
      if (notes) notes.provider = status;
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        report({ status });
        return { ok: false, permanent: PERMANENT_STATUSES.has(status) };
      }
      const payload = (await time.within(response.json())) as { data?: T | null; errors?: unknown } | null;
      return { ok: true, status, data: payload?.data, errors: payload?.errors };
    } catch (error) {
      // A body that breaks off or is no JSON keeps the status the shop answered with.
      if (notes && status === undefined) notes.provider = (error as { name?: unknown } | null)?.name === 'TimeoutError' ? 'timeout' : 'network';
      report({ error });
      return { ok: false, permanent: false };
    }
  };
}
