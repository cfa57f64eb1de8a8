/**
 * The transport every reference handler shares, written once: the caller's origin and the CORS
 * headers, the preflight, the route and its methods, the stores' durability, the per-client limit,
 * the body read within its size, and (through `observe`) the request id, the log line and the 500 for
 * a throw. A handler names its routes; each operation runs on a request that passed all of these.
 */
import { corsHeaders, errorResponse, json, readBody, readJsonBody } from './http';
import type { Handler, OperationsOptions, RequestInfo, RequestNotes } from './operations';
import { observe } from './operations';
import type { StoreDurability } from './store-durability';
import { durabilityGuard } from './store-durability';

/** Origins whose pages may call (exact, e.g. `https://portal.example`), or a test of the origin. */
export type AllowedOrigins = readonly string[] | ((origin: string, request: Request) => boolean);

/** A per-client limit (limits.ts `clientLimiter`): the refusal, or null to go on. */
export type ClientLimit = (request: Request, info: RequestInfo, notes: RequestNotes, headers: Record<string, string>) => Promise<Response | null>;

/** What an operation is handed once the shell let its request through. */
export interface Call {
  request: Request;
  info: RequestInfo;
  notes: RequestNotes;
  /** Every answer's headers: the CORS ones for an allowed origin, none for a caller without CORS. */
  headers: Record<string, string>;
  /** The parsed JSON (`body: 'json'`), the raw bytes (`body: 'bytes'`), else undefined. */
  body: unknown;
}

export interface Operation {
  run(call: Call): Promise<Response>;
  /** The body read before `run`, within the handler's size: JSON of that type (415, 413, 400) or raw bytes (413). */
  body?: 'json' | 'bytes';
  /** Checked after durability, before the body is read. */
  limit?: ClientLimit;
  /** Also answered to a caller that sends no Origin (a back office, a server), then without CORS headers. */
  withoutOrigin?: boolean;
}

export interface Route {
  /** The operation of each method; their order is the order the preflight and `Allow` name them in. */
  methods: { GET?: Operation; POST?: Operation };
  /** The 405's message; default "Use POST.". */
  wrongMethod?: string;
}

/** A path the handler does not serve: the 404's message. */
export interface NotFound {
  notFound: string;
}

export interface ShellOptions extends OperationsOptions {
  /** Pages that may call, and the answer headers they may read; absent for a server's caller (no CORS, no preflight). */
  cors?: { allowedOrigins: AllowedOrigins; exposed?: readonly string[] };
  /** Stores that must keep what they are written: while one would forget, every request but a preflight is refused 503. */
  durable?: readonly (StoreDurability | undefined)[];
  maxBodyBytes: number;
  /** The route of a path, by its last segment. */
  route(segment: string): Route | NotFound;
}

/** The answer to a CORS preflight for `methods`. */
const preflight = (methods: string, headers: Record<string, string>) =>
  new Response(null, {
    status: 204,
    headers: { ...headers, 'access-control-allow-methods': methods, 'access-control-allow-headers': 'content-type', 'access-control-max-age': '600' },
  });

/**
 * A handler of the operations `route` names, behind the shared transport. A request is answered, in
 * this order: 403 from an origin not allowed (or none, unless the operation takes callers without
 * one), 404 off the routes, 204 to a preflight, 405 to another method, 503 `store_not_durable`, the
 * limit's 429, the body's 415, 413 or 400, then the operation's own answer.
 */
export function handlerShell(name: string, options: ShellOptions): Handler {
  const { cors, maxBodyBytes } = options;
  const refuseVolatile = durabilityGuard(options.durable ?? []);
  const allowed = (origin: string, request: Request) =>
    typeof cors?.allowedOrigins === 'function' ? cors.allowedOrigins(origin, request) : cors?.allowedOrigins.includes(origin) === true;

  return observe(name, options, async (request, notes, info) => {
    const path = new URL(request.url).pathname.replace(/\/+$/, '');
    const route = options.route(path.slice(path.lastIndexOf('/') + 1));
    const methods = 'methods' in route ? route.methods : {};
    const operation = Object.hasOwn(methods, request.method) ? methods[request.method as keyof typeof methods] : undefined;
    const origin = request.headers.get('origin');
    let headers: Record<string, string> = {};
    if (cors) {
      if (origin === null ? !operation?.withoutOrigin : !allowed(origin, request)) {
        return errorResponse(403, 'origin_not_allowed', 'Requests from this origin are not accepted.');
      }
      if (origin !== null) headers = corsHeaders(origin, cors.exposed);
    }
    if ('notFound' in route) return errorResponse(404, 'not_found', route.notFound, headers);
    const named = Object.keys(methods).join(', ');
    if (cors && request.method === 'OPTIONS') return preflight(named, headers);
    if (!operation) {
      return errorResponse(405, 'method_not_allowed', route.wrongMethod ?? 'Use POST.', { ...headers, allow: cors ? `${named}, OPTIONS` : named });
    }
    const refused = (await refuseVolatile(notes, headers)) ?? (await operation.limit?.(request, info, notes, headers));
    if (refused) return refused;
    let body: unknown;
    if (operation.body) {
      const read = operation.body === 'json' ? await readJsonBody(request, maxBodyBytes) : await readBody(request, maxBodyBytes);
      if (!read.ok) {
        for (const [header, value] of Object.entries(headers)) read.response.headers.set(header, value);
        return read.response;
      }
      body = read.value;
    }
    return operation.run({ request, info, notes, headers, body });
  });
}

/** The 422 for fields the request got wrong, each named in the message; `extra` goes beside `error`. */
export function invalidRequest(problems: readonly { field: string; message: string }[], headers: Record<string, string>, extra: object = {}): Response {
  const fields = problems.map((problem) => problem.field || 'the request').join(', ');
  return json(422, { error: { code: 'invalid_request', message: `Check ${fields}.`, problems }, ...extra }, headers);
}

/** A stored answer given again, saying so; `retryAfterMs` becomes its Retry-After. */
export function storedAnswer(answer: { status: number; body: unknown; retryAfterMs?: number }, headers: Record<string, string>, replayed: boolean): Response {
  return json(answer.status, answer.body, {
    ...headers,
    ...(replayed && { 'idempotent-replayed': 'true' }),
    ...(answer.retryAfterMs !== undefined && { 'retry-after': String(Math.max(1, Math.ceil(answer.retryAfterMs / 1000))) }),
  });
}
