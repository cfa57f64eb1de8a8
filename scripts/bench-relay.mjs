// `npm run bench:relay`: the spec-request relay from dist/server.js (it builds nothing: run
// `npm run build` first) behind node:http and toNodeListener, sending into the in-process Mailgun
// stand-in, driven over loopback by fetch from this process: throughput and p50/p99 latency, once with
// the memory idempotency store and with the Redis stores on a redis-server started here, durable (an
// append-only file fsynced on every write) and without persistence.
// Figures only: timings depend on the machine, so nothing is asserted.
//   node scripts/bench-relay.mjs [--requests 2000] [--concurrency 32]
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createClient } from 'redis';
// eslint-disable-next-line no-restricted-imports -- the provider stand-in runs in this process, so only the relay and its store are timed
import { createMailgunStandIn } from '../demo/mail/mailgun-stand-in.mjs';
import { startRedis } from '../test/redis-server.mjs';
import { formatMs, formatTable } from './bench/stats.mjs';

const SERVER = new URL('../dist/server.js', import.meta.url);
const ORIGIN = 'https://portal.example';
const ACCOUNT = { apiKey: 'bench-mailgun-key', domain: 'mg.bench.example' };
/** Requests sent before each measured run, so both runs start with warm code. */
const WARM_UP = 200;

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '2000' }, concurrency: { type: 'string', default: '32' } },
});
const requests = Number(values.requests);
const concurrency = Number(values.concurrency);
if (!(Number.isInteger(requests) && requests > 0 && Number.isInteger(concurrency) && concurrency > 0)) {
  console.error('--requests and --concurrency must be whole numbers above 0.');
  process.exit(1);
}
if (!existsSync(SERVER)) {
  console.error('dist/server.js is missing: run `npm run build` first (this benchmark builds nothing).');
  process.exit(1);
}
const { createRedisStores, createSpecRequestHandler, toNodeListener } = await import(SERVER.href);
const { valid } = JSON.parse(readFileSync(new URL('../test/fixtures/relay-fuzz/spec-request.json', import.meta.url), 'utf8'));

/** The value below which `fraction` of `sorted` lies (nearest rank). */
const percentile = (sorted, fraction) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];

/** The relay on a free loopback port, with `idempotency` as its options say (rate limit off: one client sends all). */
async function startRelay(idempotency) {
  const standIn = createMailgunStandIn(ACCOUNT);
  const relay = createSpecRequestHandler({
    mailgun: { ...ACCOUNT, baseUrl: 'https://mailgun.invalid', fetch: (input, init) => standIn.handle(new Request(input, init)) },
    from: `Upgrade specifications <specifications@${ACCOUNT.domain}>`,
    to: 'orders@company.example',
    subject: 'Upgrade specification request',
    template: 'upgrade-specification',
    allowedOrigins: [ORIGIN],
    // Limits and logs off: the figures are the relay's and its idempotency store's, nothing else.
    rateLimit: false,
    globalRateLimit: false,
    log: false,
    ...(idempotency && { idempotency }),
  });
  const server = createServer(toNodeListener(relay));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    }),
  };
}

/** Sends `count` requests with distinct idempotency keys, `concurrency` at a time: each one's latency and the failures. */
async function drive(url, count, run) {
  const latencies = [];
  let failures = 0;
  let next = 0;
  async function worker() {
    while (next < count) {
      const body = JSON.stringify({ ...valid, idempotencyKey: `bench-${run}-${next++}-${Date.now()}` });
      const started = performance.now();
      const response = await fetch(url, { method: 'POST', headers: { Origin: ORIGIN, 'Content-Type': 'application/json' }, body });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status !== 202) failures += 1;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, failures };
}

/** One table row: the relay with this store, warmed up, then measured. */
async function measure(label, idempotency) {
  const relay = await startRelay(idempotency);
  try {
    await drive(relay.url, WARM_UP, `${label}-warm`);
    const started = performance.now();
    const { latencies, failures } = await drive(relay.url, requests, label);
    const seconds = (performance.now() - started) / 1000;
    const sorted = latencies.sort((a, b) => a - b);
    return [label, `${Math.round(requests / seconds)} req/s`, formatMs(percentile(sorted, 0.5)), formatMs(percentile(sorted, 0.99)), failures];
  } finally {
    await relay.close();
  }
}

const rows = [await measure('memory', undefined)];
// Durable as the handlers require, then without persistence (accepted, unlogged) to show what fsync costs.
for (const durable of [true, false]) {
  const redis = await startRedis({ durable });
  const client = await createClient({ url: redis.url }).connect();
  try {
    const stores = createRedisStores({ client, prefix: 'bench:', acceptVolatileStore: !durable, log: false });
    rows.push(await measure(durable ? 'redis-appendfsync-always' : 'redis-no-persistence', { store: stores.idempotency }));
  } finally {
    await client.close();
    await redis.stop();
  }
}

console.log(
  `Spec-request relay: ${requests} requests, ${concurrency} at a time, over loopback from this process ` +
    `(Node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0].toFixed(2)}).\n`,
);
console.log(formatTable(['store', 'throughput', 'p50', 'p99', 'not 202'], rows));
