/**
 * Runs a Web-standard handler on Node's `http` server: the client's address through trusted
 * proxies, a request id, liveness and readiness, server limits and a graceful shutdown. It uses
 * globals only, no `node:` imports, so `dist/server.js` stays runnable on Web-standard runtimes;
 * the Node types are described by their shape.
 */
import { errorResponse, json } from './http';
import type { Handler, Logger, LogRecord, OperationsOptions } from './operations';
import { describeError, jsonLogger, safely, usableRequestId } from './operations';

/** The parts of `http.IncomingMessage` the adapter reads. */
export interface NodeRequestLike extends AsyncIterable<Uint8Array | string> {
  method?: string | undefined;
  url?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  socket: { remoteAddress?: string | undefined; encrypted?: boolean };
  /** Whether the whole request, body included, has arrived (`IncomingMessage.complete`). */
  complete?: boolean;
}

/** The parts of `http.ServerResponse` the adapter writes. */
export interface NodeResponseLike {
  statusCode: number;
  setHeader(name: string, value: string | string[]): unknown;
  end(body?: Uint8Array): unknown;
}

/** A dependency the process needs before it can serve, e.g. `{ name: 'redis', check: stores.ping }`. */
export interface ReadinessCheck {
  name: string;
  /** Resolves when the dependency answers; a rejection, or no answer in time, means not ready. */
  check: () => Promise<unknown>;
}

export interface NodeListenerOptions extends OperationsOptions {
  /**
   * How many reverse proxies in front of this server append to `X-Forwarded-For`, read as Express
   * reads `trust proxy` = n. 0 (the default): the client is the socket's address and the header is
   * ignored, so a client cannot pick its own rate-limit bucket. n: the n-th address from the right
   * of [...X-Forwarded-For, socket address]; `X-Forwarded-Proto` is then trusted too.
   */
  trustedProxies?: number;
  /** Liveness: answers 200 `{ status: "ok" }` while the process serves. Default `/healthz`; `false` turns it off. */
  healthPath?: string | false;
  /**
   * Readiness: 200 `{ status: "ready" }` when every `ready` check passes, else 503
   * `{ status: "not_ready", failed: [names] }` (with `reasons: { name: code }` for the checks that
   * failed with an error carrying a `code`, e.g. `store_not_durable`), and 503
   * `{ status: "shutting_down" }` while draining. Default `/readyz`; `false` turns it off.
   */
  readyPath?: string | false;
  ready?: readonly ReadinessCheck[];
  /** How long a readiness check may take before it counts as failed; default 2 seconds. */
  readyTimeoutMs?: number;
}

/** A Node `(req, res)` listener that knows its requests in flight, so a shutdown can wait for them. */
export interface NodeListener {
  (req: NodeRequestLike, res: NodeResponseLike): Promise<void>;
  /**
   * From now on readiness answers 503 and every answer closes its connection; resolves once no
   * request is in flight.
   */
  drain(): Promise<void>;
}

export interface ToWebRequestOptions {
  /** As `NodeListenerOptions.trustedProxies`; here it decides whether `X-Forwarded-Proto` is read. */
  trustedProxies?: number;
  /** Set as the Request's `x-request-id`, so the handler logs and echoes the listener's id. */
  requestId?: string;
}

/** The name the listener's own log lines and `onError` reports give. */
const LISTENER = 'node-adapter';
const textEncoder = new TextEncoder();

const headerValues = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** `::ffff:192.0.2.1` is how a dual-stack socket reports the IPv4 client 192.0.2.1. */
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * The client's address as Express reads it with `trust proxy` = n: of [...X-Forwarded-For
 * entries, socket address], skip n trusted hops from the right and take the next one, or the
 * leftmost when the list is shorter. Entries left of it are the client's to forge and never read.
 */
export function nodeClientAddress(req: NodeRequestLike, trustedProxies = 0): string | undefined {
  const socket = req.socket.remoteAddress;
  if (socket === undefined) return undefined;
  const forwarded =
    trustedProxies === 0
      ? []
      : headerValues(req.headers['x-forwarded-for'])
          .flatMap((value) => value.split(','))
          .map((entry) => entry.trim())
          .filter((entry) => entry !== '');
  const hops = [...forwarded, socket];
  const address = hops[Math.max(0, hops.length - 1 - trustedProxies)] ?? socket;
  return IPV4_MAPPED.exec(address)?.[1] ?? address;
}

/** The Web Request for a Node request; throws when Node's request makes no URL. */
export function toWebRequest(req: NodeRequestLike, options: ToWebRequestOptions = {}): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // HTTP/2 pseudo-headers (":path") are not header names the Fetch API accepts.
    if (name.startsWith(':')) continue;
    for (const item of headerValues(value)) headers.append(name, item);
  }
  if (options.requestId !== undefined) headers.set('x-request-id', options.requestId);
  const forwardedProto = (options.trustedProxies ?? 0) > 0 ? headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() : undefined;
  const proto = forwardedProto === 'http' || forwardedProto === 'https' ? forwardedProto : req.socket.encrypted ? 'https' : 'http';
  const url = new URL(req.url ?? '/', `${proto}://${headers.get('host') ?? 'localhost'}`);
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const iterator = req[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(typeof value === 'string' ? textEncoder.encode(value) : value);
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  // `duplex` is required by Node's fetch for a streamed body and missing from the DOM typings.
  const init: RequestInit & { duplex?: 'half' } = { method, headers, ...(hasBody ? { body, duplex: 'half' } : {}) };
  return new Request(url, init);
}

/**
 * Writes a Web Response to a Node response. The body is read before anything is written, so a body
 * that fails leaves the Node response untouched for an error answer.
 */
export async function sendWebResponse(res: NodeResponseLike, response: Response, method = 'GET'): Promise<void> {
  let body: Uint8Array | undefined;
  if (method === 'HEAD' || !response.body) await response.body?.cancel();
  else body = new Uint8Array(await response.arrayBuffer());
  res.statusCode = response.status;
  const cookies = response.headers.getSetCookie();
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  res.end(body);
}

/** The path of a request target, without its query (which may carry personal data). */
function pathOf(target: string | undefined): string {
  try {
    return new URL(target ?? '/', 'http://localhost').pathname;
  } catch {
    return (target ?? '/').split('?')[0] ?? '/';
  }
}

/** Why a check failed (its error, or no answer in time), or undefined when it passed. */
async function failureOf(check: () => Promise<unknown>, timeoutMs: number): Promise<{ error: string; code?: string } | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([Promise.resolve().then(check), late]);
    return undefined;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    return { error: describeError(error), ...(typeof code === 'string' && { code }) };
  } finally {
    clearTimeout(timer);
  }
}

function checkCount(caller: string, name: string, value: number, minimum: number): void {
  if (!Number.isInteger(value) || value < minimum) throw new TypeError(`${caller}: ${name} must be a whole number of at least ${minimum}.`);
}

/**
 * A Node `(req, res)` listener for a Web handler: `http.createServer(toNodeListener(handler))`.
 * The handler gets the Request (with the request id in `x-request-id`) and `{ clientAddress }`.
 * Liveness and readiness are answered here, unlogged; a request Node cannot turn into a URL
 * answers 400 and a handler that throws 500, each logged as one line, the throw told to `onError`.
 */
export function toNodeListener(handler: Handler, options: NodeListenerOptions = {}): NodeListener {
  const trustedProxies = options.trustedProxies ?? 0;
  const readyTimeoutMs = options.readyTimeoutMs ?? 2000;
  checkCount('toNodeListener', 'trustedProxies', trustedProxies, 0);
  checkCount('toNodeListener', 'readyTimeoutMs', readyTimeoutMs, 1);
  const log = options.log === false ? undefined : (options.log ?? jsonLogger);
  const healthPath = options.healthPath ?? '/healthz';
  const readyPath = options.readyPath ?? '/readyz';
  const checks = options.ready ?? [];
  let draining = false;
  let inFlight = 0;
  const idle: (() => void)[] = [];
  /** The failed checks' names at the last readiness answer, so only a change is logged. */
  let lastFailed: string | undefined;

  async function readiness(): Promise<Response> {
    if (draining) return json(503, { status: 'shutting_down' });
    const results = await Promise.all(checks.map(async ({ name, check }) => ({ name, failure: await failureOf(check, readyTimeoutMs) })));
    const failed = results.flatMap(({ name, failure }) => (failure ? [{ name, ...failure }] : []));
    const names = failed.map((result) => result.name);
    const coded = failed.filter((result) => result.code !== undefined);
    if (names.join(', ') !== lastFailed) {
      lastFailed = names.join(', ');
      safely(
        log,
        names.length === 0
          ? { level: 'info', msg: 'ready' }
          : { level: 'warn', msg: 'not ready', reason: lastFailed, error: failed.map((result) => `${result.name}: ${result.error}`).join('; ') },
      );
    }
    if (names.length === 0) return json(200, { status: 'ready' });
    const reasons = coded.length === 0 ? {} : { reasons: Object.fromEntries(coded.map((result) => [result.name, result.code])) };
    return json(503, { status: 'not_ready', failed: names, ...reasons });
  }

  function probe(method: string, path: string): Promise<Response> | Response {
    if (method !== 'GET' && method !== 'HEAD') return errorResponse(405, 'method_not_allowed', 'Use GET.', { allow: 'GET, HEAD' });
    return path === healthPath ? json(200, { status: 'ok' }) : readiness();
  }

  async function answer(req: NodeRequestLike, res: NodeResponseLike, requestId: string): Promise<void> {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const route = pathOf(req.url);
    const send = async (response: Response) => {
      // An answer given before the body was read (413, 415, 403…) leaves the rest of it on the
      // connection, where it would be read as the next request: close the connection after this one.
      if (draining || req.complete === false) res.setHeader('connection', 'close');
      await sendWebResponse(res, response, method);
    };
    const line = (record: Pick<LogRecord, 'level' | 'status' | 'reason' | 'error'>) =>
      safely(log, { msg: 'request', requestId, handler: LISTENER, method, route, latencyMs: Math.round(performance.now() - started), ...record });

    if (route === healthPath || route === readyPath) {
      await send(await probe(method, route));
      return;
    }
    let request: Request;
    try {
      request = toWebRequest(req, { trustedProxies, requestId });
    } catch {
      line({ level: 'warn', status: 400, reason: 'unreadable request' });
      await send(json(400, { error: { code: 'bad_request', message: 'The request could not be read.', requestId } }));
      return;
    }
    try {
      await send(await handler(request, { clientAddress: nodeClientAddress(req, trustedProxies) }));
    } catch (error) {
      safely(options.onError, error, { requestId, handler: LISTENER });
      line({ level: 'error', status: 500, error: describeError(error) });
      await send(json(500, { error: { code: 'internal_error', message: 'The server failed to answer; try again later.', requestId } }));
    }
  }

  const listener = async (req: NodeRequestLike, res: NodeResponseLike) => {
    inFlight += 1;
    const requestId = usableRequestId(headerValues(req.headers['x-request-id'])[0]);
    try {
      res.setHeader('x-request-id', requestId);
      await answer(req, res, requestId);
    } catch (error) {
      // Node does not await a listener: a rejection here would be unhandled and end the process.
      safely(options.onError, error, { requestId, handler: LISTENER });
      safely(log, { level: 'error', msg: 'answer failed', requestId, handler: LISTENER, error: describeError(error) });
    } finally {
      inFlight -= 1;
      if (inFlight === 0) for (const resolve of idle.splice(0)) resolve();
    }
  };
  return Object.assign(listener, {
    drain(): Promise<void> {
      draining = true;
      return inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve));
    },
  });
}

/** The parts of `http.Server` that `serveNode` sets and closes. */
export interface NodeServerLike {
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  maxConnections: number;
  close(callback?: (error?: Error) => void): unknown;
  closeIdleConnections(): void;
  closeAllConnections(): void;
}

export interface ServeNodeOptions {
  /** Time for a client to send the request's headers; default 10 seconds. */
  headersTimeoutMs?: number;
  /** Time for a client to send the whole request; default 30 seconds. */
  requestTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open; default 5 seconds (behind a load balancer, more than its idle timeout). */
  keepAliveTimeoutMs?: number;
  /** Connections beyond this are refused; default 1024. */
  maxConnections?: number;
  /** Signals that start the shutdown; default SIGTERM and SIGINT. */
  signals?: readonly string[];
  /** How long requests in flight may take to finish after the signal; default 25 seconds. */
  drainTimeoutMs?: number;
  /** Run in order once no request is in flight, e.g. closing a Redis client. */
  onClose?: readonly (() => unknown)[];
  /** Where the shutdown's steps are logged; default JSON lines on standard output, `false` for none. */
  log?: Logger | false;
}

/** The parts of Node's `process` the shutdown uses; absent on Web-standard runtimes. */
interface ProcessLike {
  on(event: string, listener: (signal: string) => void): unknown;
  off(event: string, listener: (signal: string) => void): unknown;
  exitCode?: number | string | undefined;
  exit(code?: number): void;
}

/**
 * Sets a Node server's limits and shuts it down gracefully: on a signal (or `shutdown()`) it stops
 * accepting connections, readiness answers 503, idle connections close and answers in flight carry
 * `connection: close`; once they finish (or `drainTimeoutMs` passes and the rest are cut) the
 * `onClose` hooks run and the process exits on its own with code 0 (1 when a hook failed; a drain
 * that timed out exits with 1 at once, as work may still hold the process open).
 * `const server = createServer(listener); serveNode(server, listener); server.listen(port)`.
 */
export function serveNode(server: NodeServerLike, listener: NodeListener, options: ServeNodeOptions = {}): { shutdown(): Promise<void> } {
  const log = options.log === false ? undefined : (options.log ?? jsonLogger);
  const drainTimeoutMs = options.drainTimeoutMs ?? 25_000;
  server.headersTimeout = options.headersTimeoutMs ?? 10_000;
  server.requestTimeout = options.requestTimeoutMs ?? 30_000;
  server.keepAliveTimeout = options.keepAliveTimeoutMs ?? 5_000;
  server.maxConnections = options.maxConnections ?? 1024;
  const host = (globalThis as { process?: ProcessLike }).process;
  const signals = host ? (options.signals ?? ['SIGTERM', 'SIGINT']) : [];

  async function close(reason: string) {
    safely(log, { level: 'info', msg: 'shutting down', reason });
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const drained = listener.drain().then(() => {
      // A keep-alive connection whose answer went out before the drain began is idle now.
      server.closeIdleConnections();
      return closed;
    });
    server.closeIdleConnections();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = await Promise.race([
      drained.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), drainTimeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (timedOut) {
      safely(log, { level: 'warn', msg: 'drain timed out', reason: `requests still in flight after ${drainTimeoutMs} ms were cut` });
      server.closeAllConnections();
      await closed;
    }
    let hookFailed = false;
    for (const hook of options.onClose ?? []) {
      try {
        await hook();
      } catch (error) {
        hookFailed = true;
        safely(log, { level: 'error', msg: 'close hook failed', error: describeError(error) });
      }
    }
    safely(log, { level: 'info', msg: 'closed' });
    return { timedOut, hookFailed };
  }
  let closing: Promise<{ timedOut: boolean; hookFailed: boolean }> | undefined;
  // A signal during the shutdown joins it (a platform may signal after calling `shutdown()`).
  const closeOnce = (reason: string) =>
    (closing ??= close(reason).finally(() => {
      for (const signal of signals) host?.off(signal, onSignal);
    }));
  function onSignal(signal: string) {
    void closeOnce(signal).then(({ timedOut, hookFailed }) => {
      if (timedOut) host?.exit(1);
      else if (host) host.exitCode = hookFailed ? 1 : 0;
    });
  }
  for (const signal of signals) host?.on(signal, onSignal);
  return {
    shutdown: async () => {
      await closeOnce('shutdown');
    },
  };
}
