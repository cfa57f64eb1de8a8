// JSON in and out for the demo's own endpoints (lead capture, theme cart, the steering `_control`s).

const MAX_BODY_BYTES = 200_000;

export const jsonResponse = (status, body, headers = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });

/** The request's body as text, or null when it is larger than `limit` bytes. */
export async function readText(request, limit = MAX_BODY_BYTES) {
  const chunks = [];
  let size = 0;
  for await (const chunk of request.body ?? []) {
    size += chunk.byteLength;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The request's JSON body: `{ ok: true, value }`, or `{ ok: false, error }` when it is too large
 * or not JSON.
 */
export async function readJson(request) {
  const text = await readText(request);
  if (text === null) return { ok: false, error: 'The request body is too large.' };
  try {
    return { ok: true, value: JSON.parse(text || 'null') };
  } catch {
    return { ok: false, error: 'The body must be JSON.' };
  }
}

/**
 * A steering endpoint: GET answers `state()`; POST takes a JSON body, answers 400 with what
 * `problem` finds wrong in it (changing nothing), else applies it and answers what `apply`
 * returns, or `state()`.
 */
export function controlRoutes(pattern, { state, problem, apply }) {
  return [
    { method: 'GET', pattern, handler: () => jsonResponse(200, state()) },
    {
      method: 'POST',
      pattern,
      handler: async (request) => {
        const body = await readJson(request);
        const error = body.ok ? problem(body.value) : body.error;
        if (error) return jsonResponse(400, { error });
        return jsonResponse(200, apply(body.value) ?? state());
      },
    },
  ];
}

/**
 * The reference handler `load()` makes from dist/server.js, loaded on first use so the demo server
 * starts before a build; one promise, so concurrent first requests share one handler. Until a
 * build exists, requests answer 503 with `code`.
 */
export function lazyHandler(name, code, load) {
  let loading;
  const loaded = () => (loading ??= load());
  return async (request, info = {}) => {
    let handler;
    try {
      handler = await loaded();
    } catch (error) {
      loading = undefined;
      console.error(`${name} unavailable:`, error);
      return jsonResponse(503, { error: { code, message: 'Run `npm run build` first.' } });
    }
    return handler(request, { clientAddress: info.clientAddress });
  };
}
