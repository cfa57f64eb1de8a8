/**
 * The rate limits every handler applies: per client (by the address the deployment vouches for)
 * before any work, and a global cap on what a handler does to its provider, so a flood from many
 * addresses cannot send without end either.
 */
import type { ClientAddressOptions } from './client-address';
import { addressKey, clientAddressOf, networkKey } from './client-address';
import { errorResponse, json } from './http';
import type { RequestInfo, RequestNotes } from './operations';
import type { RateLimitOptions } from './rate-limit';
import { memoryRateLimitStore } from './rate-limit';

/** A limit, or `false` to turn it off (a gateway limits instead). */
export type RateLimitSetting = RateLimitOptions | false;

/**
 * The store a handler's other limits use when they name none: the per-client limit's, so a
 * deployment that shares that one (Redis) shares them all.
 */
export const sharedStoreOf = (setting: RateLimitSetting | undefined) => (setting ? setting.store : undefined);

/** A rule GCRA can run: at least one request in a window of some length. */
function checked(name: string, rule: { limit: number; windowMs: number }): void {
  if (!(Number.isInteger(rule.limit) && rule.limit >= 1 && Number.isFinite(rule.windowMs) && rule.windowMs > 0)) {
    throw new TypeError(`${name}: a rate limit needs a whole limit of at least 1 and a windowMs above 0.`);
  }
}

const retryAfter = (ms: number) => String(Math.max(1, Math.ceil(ms / 1000)));

/**
 * A limit per key the handler names (an address's hash, say): a Response refusing the request, or
 * null to go on.
 */
export function keyedLimiter(
  name: string,
  setting: RateLimitSetting | undefined,
  fallback: RateLimitOptions,
  now: () => number,
): (key: string, notes: RequestNotes, headers: Record<string, string>) => Promise<Response | null> {
  if (setting === false) return async () => null;
  const { store = fallback.store ?? memoryRateLimitStore(), ...rule } = setting ?? fallback;
  checked(name, rule);
  return async (key, notes, headers) => {
    const decision = await store.take(`${name}:${key}`, rule, now());
    if (decision.allowed) return null;
    notes.reason = 'rate_limited';
    return errorResponse(429, 'rate_limited', 'Too many requests; try again later.', { ...headers, 'retry-after': retryAfter(decision.retryAfterMs) });
  };
}

/**
 * The per-client check: a Response refusing the request, or null to go on. A request whose client
 * address nothing vouches for is refused rather than counted in a bucket every such client shares.
 * An IPv6 client passes only when its /64 and its /48 (`networkRateLimit` times the figure) both
 * allow; the /64 is asked first, so one /64 refused costs its neighbours nothing.
 */
export function clientLimiter(
  name: string,
  setting: RateLimitSetting | undefined,
  fallback: RateLimitOptions,
  addressOptions: ClientAddressOptions,
  now: () => number,
): (request: Request, info: RequestInfo, notes: RequestNotes, headers: Record<string, string>) => Promise<Response | null> {
  if (setting === false) return async () => null;
  const limit = keyedLimiter(name, setting, fallback, now);
  const { networkRateLimit = 1 } = addressOptions;
  const rule = setting ?? fallback;
  const limitNetwork =
    networkRateLimit === false ? undefined : keyedLimiter(name, { ...rule, store: rule.store ?? fallback.store, limit: rule.limit * networkRateLimit }, fallback, now);
  return async (request, info, notes, headers) => {
    const address = clientAddressOf(request, info, addressOptions);
    const key = address === undefined ? undefined : addressKey(address);
    if (address === undefined || key === undefined) {
      notes.reason = 'client_address_unknown';
      return errorResponse(
        400,
        'client_address_unknown',
        'The client address could not be determined, so the request was refused. The operator must set trustedProxies or clientAddressHeader.',
        headers,
      );
    }
    const refused = await limit(key, notes, headers);
    const network = networkKey(address);
    return refused ?? (limitNetwork && network !== undefined ? limitNetwork(network, notes, headers) : null);
  };
}

/**
 * The handler-wide cap, checked just before acting on the provider (a refused or replayed request
 * costs nothing): null to go on, else the milliseconds until it may.
 */
export function globalLimiter(
  name: string,
  setting: RateLimitSetting | undefined,
  fallback: RateLimitOptions,
  now: () => number,
): (notes: RequestNotes) => Promise<number | null> {
  if (setting === false) return async () => null;
  const { store = fallback.store ?? memoryRateLimitStore(), ...rule } = setting ?? fallback;
  checked(name, rule);
  return async (notes) => {
    const decision = await store.take(`${name}:all`, rule, now());
    if (decision.allowed) return null;
    notes.reason = 'global_limit';
    return decision.retryAfterMs;
  };
}

/** The answer when the handler-wide cap is reached: nothing was done, a later try may succeed. */
export function tooBusy(waitMs: number, headers: Record<string, string>): Response {
  return json(503, TOO_BUSY, { ...headers, 'retry-after': retryAfter(waitMs) });
}

/** The body of that answer, for a handler that stores its answers before sending them. */
export const TOO_BUSY = {
  error: { code: 'too_busy', message: 'The service has reached its limit for now; nothing was sent. Try again later.' },
} as const;
