// Bridges Node's http module and Web-standard handlers `(Request, params) => Response`, the shape
// of the reference handlers in src/server, so demo routes and those handlers plug in alike.
import { Readable } from 'node:stream';

/** The Web Request for a Node request; throws on a URL that cannot be parsed. */
export function toRequest(req, fallbackHost) {
  const url = new URL(`http://${req.headers.host ?? fallbackHost}${req.url}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) headers.append(name, item);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req), duplex: 'half' } : {}),
  });
}

/** Writes a Web Response to a Node response; HEAD gets the headers only. */
export async function sendResponse(res, response, method) {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) res.appendHeader(name, value);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  const body = method === 'HEAD' || !response.body ? undefined : Buffer.from(await response.arrayBuffer());
  res.end(body);
}

/** Text for HTML, every markup character as a character reference. */
export const escapeHtml = (text) => String(text).replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain-text response, for errors. */
export function textResponse(status, text, headers = {}) {
  return new Response(`${text}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } });
}

/** The address a server listening on `host` answers at, as printed for people and tests. */
export function listeningUrl(server, host) {
  return `http://${host.includes(':') ? `[${host}]` : host}:${server.address().port}/`;
}
