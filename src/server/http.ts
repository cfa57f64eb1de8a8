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

export type BodyResult = { ok: true; value: unknown } | { ok: false; response: Response };

/**
 * Reads a JSON body with a size limit; answers 415, 413 or 400 with a code that says which rule
 * the request broke.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<BodyResult> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    return { ok: false, response: errorResponse(415, 'unsupported_media_type', 'Send the body as application/json.') };
  }
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    return { ok: false, response: errorResponse(413, 'body_too_large', `The body must be at most ${maxBytes} bytes.`) };
  }
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > maxBytes) {
    return { ok: false, response: errorResponse(413, 'body_too_large', `The body must be at most ${maxBytes} bytes.`) };
  }
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch {
    return { ok: false, response: errorResponse(400, 'invalid_json', 'The body is not valid JSON.') };
  }
}
