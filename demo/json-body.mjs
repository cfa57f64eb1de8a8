// JSON in and out for the demo's small stand-ins (lead capture, theme cart).

const MAX_BODY_BYTES = 200_000;

export const jsonResponse = (status, body, headers = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });

/**
 * The request's JSON body: `{ ok: true, value }`, or `{ ok: false, error }` when it is too large
 * or not JSON.
 */
export async function readJson(request) {
  const chunks = [];
  let size = 0;
  if (request.body) {
    for await (const chunk of request.body) {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) return { ok: false, error: 'The request body is too large.' };
      chunks.push(chunk);
    }
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') };
  } catch {
    return { ok: false, error: 'The body must be JSON.' };
  }
}
