// The allow-list the demo gives its reference handlers: the demo's pages post from the server's own
// origin, and only loopback is served, so that is allowed, plus the origins an environment
// variable lists (comma separated).
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function loopbackOrigins(extraList = '') {
  const extra = extraList.split(',').map((origin) => origin.trim()).filter(Boolean);
  return (origin, request) => {
    if (extra.includes(origin)) return true;
    const own = new URL(request.url);
    return origin === own.origin && LOOPBACK.has(own.hostname);
  };
}
