// A small (method, pattern) → handler table. Patterns are RegExps on the URL path; named groups
// become the handler's params, beside what the server knows of the request (`clientAddress`).
// HEAD is answered by the GET route.
import { textResponse } from './http.mjs';

/** @returns {(request: Request, info?: { clientAddress?: string }) => Promise<Response>} */
export function createRouter(routes) {
  return async (request, info = {}) => {
    const { pathname } = new URL(request.url);
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const matching = routes
      .map((route) => ({ route, match: route.pattern.exec(pathname) }))
      .filter(({ match }) => match !== null);
    if (matching.length === 0) return textResponse(404, 'Not found');
    const hit = matching.find(({ route }) => route.method === method);
    if (!hit) {
      const allow = [...new Set(matching.map(({ route }) => route.method))].join(', ');
      return textResponse(405, 'Method not allowed', { Allow: allow });
    }
    return hit.route.handler(request, { ...info, ...hit.match.groups });
  };
}
