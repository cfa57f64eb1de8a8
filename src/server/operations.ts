/**
 * What every reference handler does around its own work, so an operator can run it: a request id
 * accepted or made and echoed, one structured log line per request, and thrown errors answered 500
 * and reported instead of swallowed.
 */

/** What the caller knows about the request beyond the Request itself (`toNodeListener` fills it in). */
export interface RequestInfo {
  /** The client's address as the adapter resolved it (socket and trusted proxies). */
  clientAddress?: string | undefined;
}

/** A reference handler: Web-standard, with the adapter's knowledge as an optional second argument. */
export type Handler = (request: Request, info?: RequestInfo) => Promise<Response>;

/** How an idempotent request ended, as its log line says. */
export type IdempotencyOutcome =
  /** Claimed and done now (sent, or started). */
  | 'fresh'
  /** A stored answer replayed. */
  | 'replayed'
  /** An earlier attempt's uncertain outcome was settled by asking the provider. */
  | 'confirmed'
  /** The provider could not yet say whether an earlier attempt went through: nothing was sent. */
  | 'unconfirmed'
  /** Another holder is still working on the key. */
  | 'in_progress'
  /** The key was used before with another body. */
  | 'mismatch'
  /** Nothing was done and the key was released for a retry. */
  | 'released';

/** Facts a handler adds to its request's log line while it works. */
export interface RequestNotes {
  idempotency?: IdempotencyOutcome;
  /** The provider's HTTP status, or `timeout` / `network` when no status came back. */
  provider?: number | 'timeout' | 'network';
  /** The provider answered with an error no retry can fix (a bad key, a refused domain). */
  permanent?: boolean;
  /** A short reason for a refusal or a failure; never personal data. */
  reason?: string;
  /**
   * An error the handler survived (a merchant hook that threw): reported to `onError` and named in
   * the log line, though the answer says what the buyer can do.
   */
  failure?: unknown;
}

export interface LogRecord extends Omit<RequestNotes, 'failure'> {
  level: 'info' | 'warn' | 'error';
  msg: string;
  requestId?: string;
  handler?: string;
  method?: string;
  /** The URL's path only: a query may carry personal data. */
  route?: string;
  status?: number;
  latencyMs?: number;
  /** An error's name and message (never its request or body). */
  error?: string;
}

export type Logger = (record: LogRecord) => void;

/** One JSON line per record on standard output, with the time first. */
export const jsonLogger: Logger = (record) => {
  // eslint-disable-next-line no-console -- standard output is where a platform collects logs
  console.log(JSON.stringify({ time: new Date().toISOString(), ...record }));
};

export interface OperationsOptions {
  /** Where log lines go; default JSON lines on standard output, `false` for none. */
  log?: Logger | false;
  /** Told of every error the handler did not expect (it then answers 500), for the operator's alerting. */
  onError?: (error: unknown, context: { requestId: string; handler: string }) => void;
}

/** A request id a caller may hand in: short, printable, no separators a log parser would split on. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's `x-request-id` when usable, else a new one. */
export function requestIdOf(request: Request): string {
  return usableRequestId(request.headers.get('x-request-id'));
}

/** A request id header's value when usable, else a new id. */
export function usableRequestId(given: string | null | undefined): string {
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

/** `Error: message` for a log line; anything else by its type only, as it may hold personal data. */
export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : typeof error;
}

/** Calls a reporting hook; a hook that throws must not change the answer. */
export function safely<A extends unknown[]>(hook: ((...args: A) => unknown) | undefined, ...args: A): void {
  try {
    hook?.(...args);
  } catch {
    // The hook's own failure is the hook's to report.
  }
}

/**
 * Wraps a handler's work: the request id is read or made and echoed as `x-request-id`, the work
 * notes what it knows, and one line is logged when the answer is ready. A throw is logged, passed
 * to `onError` and answered 500 with the request id, so the operator can find it.
 */
export function observe(
  name: string,
  options: OperationsOptions,
  work: (request: Request, notes: RequestNotes, info: RequestInfo) => Promise<Response>,
): Handler {
  const log = options.log === false ? undefined : (options.log ?? jsonLogger);
  return async (request, info = {}) => {
    const started = performance.now();
    const requestId = requestIdOf(request);
    const notes: RequestNotes = {};
    let response: Response;
    let error: unknown;
    try {
      response = await work(request, notes, info);
    } catch (thrown) {
      error = thrown;
      safely(options.onError, thrown, { requestId, handler: name });
      response = Response.json(
        { error: { code: 'internal_error', message: 'The server failed to answer; try again later.', requestId } },
        { status: 500, headers: { 'cache-control': 'no-store' } },
      );
    }
    response.headers.set('x-request-id', requestId);
    const { failure, ...facts } = notes;
    if (failure !== undefined) safely(options.onError, failure, { requestId, handler: name });
    error ??= failure;
    safely(log, {
      level: error !== undefined || response.status >= 500 ? 'error' : response.status >= 400 ? 'warn' : 'info',
      msg: 'request',
      requestId,
      handler: name,
      method: request.method,
      route: new URL(request.url).pathname,
      status: response.status,
      latencyMs: Math.round(performance.now() - started),
      ...facts,
      ...(error !== undefined && { error: describeError(error) }),
    });
    return response;
  };
}
