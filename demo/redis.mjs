// The demo handlers' shared stores when REDIS_URL is set: one `redis` client, connected once, and
// `createRedisStores` from dist/server.js under the prefix `evc-demo:`. Without REDIS_URL, none.
const PREFIX = 'evc-demo:';
const MOST_RECONNECT_WAIT_MS = 2000;

let shared;

async function connect(url) {
  const [{ createClient }, { createRedisStores }] = await Promise.all([import('redis'), import('../dist/server.js')]);
  let connected = false;
  const client = createClient({
    url,
    // A wrong REDIS_URL fails the first connection at once; a connection lost later is retried.
    socket: { reconnectStrategy: (retries, cause) => (connected ? Math.min(2 ** retries * 50, MOST_RECONNECT_WAIT_MS) : cause) },
  });
  client.on('error', (error) => console.warn(`redis (${url}):`, error.message));
  await client.connect();
  connected = true;
  return { client, stores: createRedisStores({ client, prefix: PREFIX }) };
}

/** The stores on REDIS_URL's Redis (one client for every caller), or undefined without REDIS_URL. */
export function sharedRedisStores(env = process.env) {
  if (!env.REDIS_URL) return Promise.resolve(undefined);
  shared ??= connect(env.REDIS_URL).catch((error) => {
    shared = undefined;
    throw error;
  });
  return shared.then(({ stores }) => stores);
}

/** Closes the shared client, if one was made (the demo server does as it closes). */
export async function closeSharedRedis() {
  const closing = shared;
  shared = undefined;
  const connected = await closing?.catch(() => undefined);
  await connected?.client.close();
}
