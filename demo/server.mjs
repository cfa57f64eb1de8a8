// `npm start`: serves the examples and the built files on loopback (DEMO-1).
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { listeningUrl, sendResponse, textResponse, toRequest } from './http.mjs';
import { closeSharedRedis } from './redis.mjs';
import { createRouter } from './router.mjs';
import { routes } from './routes.mjs';

/**
 * Starts the demo server; port 0 picks a free port.
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startDemoServer({ port = 5173, host = '127.0.0.1' } = {}) {
  const route = createRouter(routes);
  const server = createServer(async (req, res) => {
    await sendResponse(res, await answer(req), req.method);
  });
  async function answer(req) {
    let request;
    try {
      request = toRequest(req, host);
    } catch {
      return textResponse(400, 'Bad request');
    }
    try {
      return await route(request, { clientAddress: req.socket.remoteAddress });
    } catch (error) {
      console.error(`${req.method} ${req.url}:`, error);
      return textResponse(500, 'Internal server error');
    }
  }
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    url: listeningUrl(server, host),
    close: async () => {
      await new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      await closeSharedRedis();
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await startDemoServer({ port: Number(process.env.PORT ?? 5173) });
  console.log(`Demo server: ${url}`);
}
