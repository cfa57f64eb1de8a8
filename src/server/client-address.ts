/**
 * Who the client is, for rate limits. Only what the deployment vouches for counts: the adapter's
 * socket address, a header the platform itself sets, or the `X-Forwarded-For` entry that the
 * outermost trusted proxy appended (entries to its left are whatever the client sent).
 */
import type { RequestInfo } from './operations';

export interface ClientAddressOptions {
  /**
   * How many proxies in front of the handler append to `X-Forwarded-For`; the client is the entry
   * just left of theirs (with one proxy, the rightmost entry, as Express reads it). Default 0:
   * the header is not read.
   */
  trustedProxies?: number;
  /** A header your platform sets to the client's address, e.g. `cf-connecting-ip`; it wins over `X-Forwarded-For`. */
  clientAddressHeader?: string;
  /** Your own rule; it wins over the others. Return undefined when the address is not known. */
  clientAddress?: (request: Request, info: RequestInfo) => string | undefined;
  /**
   * On each per-client limit, an IPv6 client's /48 gets this many times one client's figure besides
   * its /64 getting one: default 1, as whoever holds a /48 can take a new /64 for each request. More
   * where many buyers share a /48 (some mobile networks); `false` counts /64s alone.
   */
  networkRateLimit?: number | false;
}

export function checkClientAddressOptions(caller: string, options: ClientAddressOptions): void {
  const { trustedProxies } = options;
  if (trustedProxies !== undefined && !(Number.isInteger(trustedProxies) && trustedProxies >= 0 && trustedProxies <= 10)) {
    throw new TypeError(`${caller}: trustedProxies must be a whole number from 0 to 10.`);
  }
  if (options.clientAddressHeader !== undefined && !/^[A-Za-z0-9-]+$/.test(options.clientAddressHeader)) {
    throw new TypeError(`${caller}: clientAddressHeader must be a header name.`);
  }
  const { networkRateLimit } = options;
  if (networkRateLimit !== undefined && networkRateLimit !== false && !(Number.isInteger(networkRateLimit) && networkRateLimit >= 1)) {
    throw new TypeError(`${caller}: networkRateLimit must be a whole number of at least 1, or false.`);
  }
}

/** The client's address as the deployment vouches for it, or undefined when nothing does. */
export function clientAddressOf(request: Request, info: RequestInfo, options: ClientAddressOptions): string | undefined {
  if (options.clientAddress) return options.clientAddress(request, info);
  if (info.clientAddress) return info.clientAddress;
  if (options.clientAddressHeader) return request.headers.get(options.clientAddressHeader)?.trim() || undefined;
  const proxies = options.trustedProxies ?? 0;
  if (proxies === 0) return undefined;
  const entries = (request.headers.get('x-forwarded-for') ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  // The last `proxies - 1` entries are hops between trusted proxies; the one before them is the client.
  return entries.length >= proxies ? entries[entries.length - proxies] : undefined;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  let host: string;
  try {
    // The URL parser validates IPv6 and writes any embedded IPv4 as hex groups.
    host = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const [head = '', tail] = host.split('::');
  const part = (text: string) => (text === '' ? [] : text.split(':').map((group) => Number.parseInt(group, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The rate-limit key of an address: an IPv4 address itself (also when written IPv4-mapped), an
 * IPv6 address by its /64 (one household or host usually holds a whole /64), else undefined.
 */
export function addressKey(address: string): string | undefined {
  const bare = address.replace(/%.*$/, '');
  if (IPV4.test(bare)) return bare;
  const groups = ipv6Groups(bare);
  if (!groups) return undefined;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
}

/** The rate-limit key of an IPv6 address's /48 (one site's usual allocation); undefined for IPv4 and anything else. */
export function networkKey(address: string): string | undefined {
  const key = addressKey(address);
  if (key === undefined || !key.endsWith('/64')) return undefined;
  return `${key.split(':').slice(0, 3).join(':')}::/48`;
}
