/** Small Web-standard helpers shared by the reference handlers. */

export function json(status: number, body: unknown, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

export function errorResponse(status: number, code: string, message: string, headers: HeadersInit = {}): Response {
  return json(status, { error: { code, message } }, headers);
}

export type BodyResult<T = unknown> = { ok: true; value: T } | { ok: false; response: Response };

/** The body's bytes, or a 413 once it passes `maxBytes` (as declared, or as read). */
export async function readBody(request: Request, maxBytes: number): Promise<BodyResult<Uint8Array<ArrayBuffer>>> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  const bytes = declared > maxBytes ? null : await readAtMost(request, maxBytes);
  if (bytes === null) return { ok: false, response: errorResponse(413, 'body_too_large', `The body must be at most ${maxBytes} bytes.`) };
  return { ok: true, value: bytes };
}

/**
 * Reads a JSON body with a size limit; answers 415, 413 or 400 with a code that says which rule
 * the request broke.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<BodyResult> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    return { ok: false, response: errorResponse(415, 'unsupported_media_type', 'Send the body as application/json.') };
  }
  const bytes = await readBody(request, maxBytes);
  if (!bytes.ok) return bytes;
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes.value)) };
  } catch {
    return { ok: false, response: errorResponse(400, 'invalid_json', 'The body is not valid JSON.') };
  }
}

/**
 * The body's bytes, or null once it passes `maxBytes`: read chunk by chunk and cancelled there, so a
 * chunked body without a length cannot make the handler buffer more than the limit. A webhook's
 * signature covers these exact bytes.
 */
async function readAtMost(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Refuses an allow-list that is empty or holds something other than bare origins (scheme://host[:port]). */
export function checkOrigins(caller: string, allowedOrigins: readonly string[] | ((origin: string, request: Request) => boolean)): void {
  if (!Array.isArray(allowedOrigins)) return;
  if (allowedOrigins.length === 0) throw new TypeError(`${caller}: allowedOrigins is empty.`);
  for (const origin of allowedOrigins) {
    if (!URL.canParse(origin) || new URL(origin).origin !== origin) {
      throw new TypeError(`${caller}: "${origin}" is not an origin (scheme://host[:port]).`);
    }
  }
}

/** Headers that let the allowed page read the answer and the named headers (Retry-After and the like). */
export function corsHeaders(origin: string, exposed: readonly string[] = ['retry-after']): Record<string, string> {
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': exposed.join(', '), vary: 'Origin' };
}

/** A hex SHA-256 of a value's JSON: the same request always gets the same fingerprint. */
export async function fingerprint(value: unknown): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(value)));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Hosts a plain `http:` provider URL may name: what crosses it never leaves the machine. */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** Whether `url` is a URL a provider's secret may be sent to: `https:`, or `http:` to a loopback host (a local stand-in). */
export function providerUrlAllowed(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' || (protocol === 'http:' && LOOPBACK.test(hostname));
}
