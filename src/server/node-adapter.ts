/**
 * Mounts a Web-standard handler on Node's `http` server (issue 5: "a Node adapter so the demo and
 * self-hosters can mount it"). It uses globals only, no `node:` imports, so `dist/server.js` stays
 * runnable on Web-standard runtimes; the Node types are described by their shape.
 */

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

export interface NodeListenerOptions {
  /**
   * Behind a reverse proxy that sets `x-forwarded-for` (and `x-forwarded-proto`), trust them;
   * otherwise the client address is the socket's and any `x-forwarded-for` sent is replaced, so a
   * client cannot pick its own rate-limit bucket.
   */
  trustProxy?: boolean;
}

const textEncoder = new TextEncoder();

/** The Web Request for a Node request; the client address travels in `x-forwarded-for`. */
export function toWebRequest(req: NodeRequestLike, options: NodeListenerOptions = {}): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // HTTP/2 pseudo-headers (":path") are not header names the Fetch API accepts.
    if (name.startsWith(':') || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const forwarded = options.trustProxy ? headers.get('x-forwarded-for') : null;
  if (!forwarded && req.socket.remoteAddress) headers.set('x-forwarded-for', req.socket.remoteAddress);
  const proto = (options.trustProxy && headers.get('x-forwarded-proto')?.split(',')[0]?.trim()) || (req.socket.encrypted ? 'https' : 'http');
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

/** Writes a Web Response to a Node response. */
export async function sendWebResponse(res: NodeResponseLike, response: Response, method = 'GET'): Promise<void> {
  res.statusCode = response.status;
  const cookies = response.headers.getSetCookie();
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  if (method === 'HEAD' || !response.body) {
    await response.body?.cancel();
    res.end();
    return;
  }
  res.end(new Uint8Array(await response.arrayBuffer()));
}

/**
 * A Node `(req, res)` listener for a Web handler: `http.createServer(toNodeListener(handler))`.
 * A handler that throws answers 500; a request Node cannot turn into a URL answers 400.
 */
export function toNodeListener(
  handler: (request: Request) => Promise<Response>,
  options: NodeListenerOptions = {},
): (req: NodeRequestLike, res: NodeResponseLike) => Promise<void> {
  const plain = (status: number, text: string) =>
    new Response(JSON.stringify({ error: { code: status === 400 ? 'bad_request' : 'internal_error', message: text } }), {
      status,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  return async (req, res) => {
    let request: Request;
    try {
      request = toWebRequest(req, options);
    } catch {
      await sendWebResponse(res, plain(400, 'The request could not be read.'));
      return;
    }
    let response: Response;
    try {
      response = await handler(request);
    } catch {
      response = plain(500, 'The server failed to answer.');
    }
    // An answer given before the body was read (413, 415, 403…) leaves the rest of it on the
    // connection, where it would be read as the next request: close the connection after this one.
    if (req.complete === false) res.setHeader('connection', 'close');
    await sendWebResponse(res, response, request.method);
  };
}
