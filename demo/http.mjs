// Small answers shared by the demo's Web-standard handlers `(Request, params) => Response`, the
// shape of the reference handlers in src/server (node-listener.mjs puts them on Node's http server).

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
