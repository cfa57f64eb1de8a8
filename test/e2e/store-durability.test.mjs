// demo/handlers-server.mjs as a relay process on a real redis-server, with the Mailgun stand-in as a
// process of its own, across a restart of Redis:
// - a Redis without an append-only file is refused: 503 store_not_durable, nothing sent, /readyz not
//   ready with that reason, the log saying what to set; the direct-debit start and webhook alike,
//   GoCardless's stand-in asked nothing;
// - on a Redis with one (appendfsync always), a request, Redis killed and started again on its data,
//   and the same request: one message;
// - a volatile Redis accepted with REDIS_ACCEPT_VOLATILE is used, the start log warning of it, and
//   the same restart then sends the request twice: what the refusal prevents.
import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createGoCardlessStandIn } from '../../demo/gocardless/api-stand-in.mjs';
import { nodeListener } from '../../demo/node-listener.mjs';
import { startRedis } from '../redis-server.mjs';
import { ORIGIN, VALID_SPEC_REQUEST, parsed, relayEnv, sendSpecRequest, startScript, stopAll } from './processes.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// A bound for a relay that never gets ready, not a measure: a loaded machine stretches a restart.
const READY_WITHIN_MS = 60_000;

let mailgun;
const servers = [];
before(async () => {
  mailgun = await startScript('mail/mailgun-server.mjs', { PORT: '0' });
});
after(async () => {
  await stopAll();
  await Promise.all(servers.map((server) => server.stop()));
});

/** A redis-server for one test, stopped with the file. */
async function redisServer(options) {
  const server = await startRedis(options);
  servers.push(server);
  return server;
}

/** A relay on `redis`, with `more` in its environment. */
const startRelay = (redis, more = {}) => startScript('handlers-server.mjs', relayEnv(mailgun.url, { REDIS_URL: redis.url, ...more }));

/** A valid spec request under `key`, from a buyer whose address (the message's Reply-To) names the key. */
const specRequest = (key) => ({ ...VALID_SPEC_REQUEST, idempotencyKey: key, customer: { ...VALID_SPEC_REQUEST.customer, email: `${key}@home.example` } });

/** The messages in the Mailgun stand-in's outbox sent for `key`'s request. */
async function sentFor(key) {
  const outbox = await (await fetch(new URL('_outbox', mailgun.url))).json();
  return outbox.filter((message) => message['h:Reply-To'] === `${key}@home.example`);
}

const readiness = async (relay) => {
  const response = await fetch(new URL('readyz', relay.url));
  return { status: response.status, body: await response.json() };
};

/** Resolves once the relay says it is ready (its Redis client reconnected after a restart). */
async function untilReady(relay) {
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    const { status } = await readiness(relay).catch(() => ({ status: 0 }));
    if (status === 200) return;
    assert.ok(Date.now() < deadline, 'the relay did not become ready again after Redis restarted');
    await sleep(100);
  }
}

describe('the relay on a Redis that would forget on restart', () => {
  it('sends nothing and answers 503 store_not_durable; /readyz is not ready with that reason; the log says what to set', async () => {
    const redis = await redisServer({ durable: false });
    const relay = await startRelay(redis, { REDIS_PREFIX: `volatile-${randomUUID()}:` });
    const key = randomUUID();
    const refused = await sendSpecRequest(relay.url, specRequest(key));
    assert.equal(refused.status, 503);
    const { error } = await refused.json();
    assert.equal(error.code, 'store_not_durable');
    assert.match(error.message, /nothing was sent/i);
    assert.deepEqual(await sentFor(key), []);

    assert.deepEqual(await readiness(relay), {
      status: 503,
      body: { status: 'not_ready', failed: ['redis-persistence'], reasons: { 'redis-persistence': 'store_not_durable' } },
    });
    const request = await relay.line((record) => record.msg === 'request' && record.handler === 'spec-request');
    assert.equal(request.reason, 'store_not_durable');
    const advice = await relay.line((record) => record.msg === 'store not durable');
    assert.match(advice.error, /aof_enabled:0.*appendonly yes.*appendfsync always \(or everysec\)/);
  });
});

describe('the direct-debit handlers on a Redis that would forget on restart', () => {
  const ACCESS_TOKEN = 'gocardless-test-token';
  const WEBHOOK_SECRET = 'gocardless-test-webhook-secret';
  const { valid } = JSON.parse(readFileSync(new URL('../fixtures/relay-fuzz/direct-debit.json', import.meta.url), 'utf8'));

  it('start no flow and record no event: 503 store_not_durable, GoCardless asked nothing', async (t) => {
    const gocardless = createGoCardlessStandIn({ accessToken: ACCESS_TOKEN, webhookSecret: WEBHOOK_SECRET, onWebhook: () => new Response(null, { status: 204 }) });
    const api = createServer(nodeListener(gocardless.handle));
    await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
    t.after(() => new Promise((resolve) => api.close(resolve)));
    const redis = await redisServer({ durable: false });
    const handlers = await startScript('handlers-server.mjs', {
      PORT: '0',
      ALLOWED_ORIGINS: ORIGIN,
      GOCARDLESS_ACCESS_TOKEN: ACCESS_TOKEN,
      GOCARDLESS_WEBHOOK_SECRET: WEBHOOK_SECRET,
      GOCARDLESS_BASE_URL: `http://127.0.0.1:${api.address().port}/`,
      REDIS_URL: redis.url,
      REDIS_PREFIX: `volatile-${randomUUID()}:`,
    });

    const started = await fetch(new URL('api/direct-debit', handlers.url), {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...valid, idempotencyKey: randomUUID() }),
    });
    assert.equal(started.status, 503);
    assert.equal((await started.json()).error.code, 'store_not_durable');

    const body = JSON.stringify({ events: [{ id: 'EV0001', resource_type: 'billing_requests', action: 'fulfilled', links: { billing_request: 'BRQ0001' } }] });
    const delivered = await fetch(new URL('api/direct-debit/webhook', handlers.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Webhook-Signature': createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex') },
      body,
    });
    assert.equal(delivered.status, 503, 'GoCardless delivers the event again later');
    assert.deepEqual(gocardless.requests, []);
    assert.equal(handlers.lines.map(parsed).filter((record) => record?.msg === 'direct-debit event').length, 0);
  });
});

describe('the relay across a Redis restart', () => {
  /** One request, Redis killed and started again on its port and data, the same request: the messages sent. */
  async function sendRestartSend(redis, relay) {
    const key = randomUUID();
    const first = await sendSpecRequest(relay.url, specRequest(key));
    assert.equal(first.status, 202);
    await redis.restart({ signal: 'SIGKILL' });
    await untilReady(relay);
    const again = await sendSpecRequest(relay.url, specRequest(key));
    assert.equal(again.status, 202);
    return { first: await first.json(), again: await again.json(), replayed: again.headers.get('idempotent-replayed'), sent: await sentFor(key) };
  }

  it('sends once on a Redis with an append-only file fsynced always: the repeat is replayed from it', async () => {
    const redis = await redisServer();
    const relay = await startRelay(redis, { REDIS_PREFIX: `durable-${randomUUID()}:` });
    await untilReady(relay);
    const { first, again, replayed, sent } = await sendRestartSend(redis, relay);
    assert.equal(sent.length, 1);
    assert.equal(replayed, 'true');
    assert.deepEqual(again, first);
  });

  it('uses a volatile Redis accepted by REDIS_ACCEPT_VOLATILE, warning at start; that restart sends the request twice', async () => {
    const redis = await redisServer({ durable: false });
    const relay = await startRelay(redis, { REDIS_PREFIX: `accepted-${randomUUID()}:`, REDIS_ACCEPT_VOLATILE: 'yes' });
    const warning = relay.lines.map(parsed).find((record) => record?.msg === 'volatile store accepted');
    assert.equal(warning?.level, 'warn', 'the warning is logged before the relay listens');
    assert.match(warning.error, /acceptVolatileStore/);
    assert.deepEqual(await readiness(relay), { status: 200, body: { status: 'ready' } });
    const { sent, replayed } = await sendRestartSend(redis, relay);
    assert.equal(sent.length, 2);
    assert.equal(replayed, null);
  });
});
