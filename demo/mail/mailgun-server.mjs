// The Mailgun stand-in on a loopback port of its own, so several relay processes can share one
// provider in tests: `node demo/mail/mailgun-server.mjs`, with MAILGUN_BASE_URL of each relay set
// to the printed address. It accepts the demo's account (DEMO_ACCOUNT in index.mjs) and serves
// whatever the stand-in answers (`POST /v3/{domain}/messages`…), plus the demo server's switches:
//   GET  /_outbox   the messages that reached it, as `GET /api/outbox` on the demo server;
//   POST /_control  { "failNext": 2, "status": 503 } as `/api/mail/_control`; GET shows the state.
// PORT (default 0, a free port) and HOST (default 127.0.0.1) choose the address; once listening it
// prints {"listening":"http://HOST:PORT/"} as one JSON line on standard output.
import { createServer } from 'node:http';
import { listeningUrl } from '../http.mjs';
import { nodeListener } from '../node-listener.mjs';
import { createRouter } from '../router.mjs';
import { createSpecRequestRoutes } from './index.mjs';

/** This server's paths for the demo server's mail routes. */
const OWN_PATHS = { '/_outbox': '/api/outbox', '/_control': '/api/mail/_control' };

const host = process.env.HOST ?? '127.0.0.1';
const { routes, standIn } = createSpecRequestRoutes();
const route = createRouter(
  Object.entries(OWN_PATHS).flatMap(([own, demo]) =>
    routes.filter(({ pattern }) => pattern.test(demo)).map((demoRoute) => ({ ...demoRoute, pattern: new RegExp(`^${own}$`) })),
  ),
);

const server = createServer(nodeListener((request) => (Object.hasOwn(OWN_PATHS, new URL(request.url).pathname) ? route(request) : standIn.handle(request))));
server.listen(Number(process.env.PORT ?? 0), host, () => console.log(JSON.stringify({ listening: listeningUrl(server, host) })));
