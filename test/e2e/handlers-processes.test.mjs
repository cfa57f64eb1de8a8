// demo/handlers-server.mjs as several processes on one real Redis (a redis-server for the file, each
// test under its own REDIS_PREFIX), with the Mailgun stand-in as a process of its own:
// - shared idempotency keys: 50 requests, each sent three times to each of two relays at once, send
//   exactly 50 messages, every repeat answered with its key's first answer;
// - a relay killed (SIGKILL) after answering and started again replays the answer from Redis and
//   sends nothing;
// - a message Mailgun accepted but answered too late (outcome unknown) is confirmed from Mailgun's
//   events by a retry at either relay, and never sent twice;
// - the same key with another body, while the first is being sent, is refused 422 at either relay;
// - the per-client rate limit is one count across relays, by the address the trusted proxy appended:
//   forged X-Forwarded-For entries neither escape it nor lock another client out, and 20,000 other
//   addresses do not make it forget a limited client;
// - a direct-debit flow started on one process is fulfilled by a webhook to the other, each event is
//   handled once across both however often it is delivered, and an event for a billing request no
//   flow started is refused with 409.
import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { UK_CATALOGUE, shopProducts } from '../../dist/server.js';
import { createGoCardlessStandIn } from '../../demo/gocardless/api-stand-in.mjs';
import { createStorefrontStandIn, DEMO_ADMIN_TOKEN } from '../../demo/storefront/stand-in.mjs';
import { nodeListener } from '../../demo/node-listener.mjs';
import { DEMO_ACCOUNT } from '../../demo/mail/index.mjs';
import { startRedis } from '../redis-server.mjs';
import { ORIGIN, VALID_SPEC_REQUEST, parsed, relayEnv, sendSpecRequest, startScript, stopAll } from './processes.mjs';

const MINUTE = 60_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let redis;
let mailgun;
before(async () => {
  redis = await startRedis();
  mailgun = await startScript('mail/mailgun-server.mjs', { PORT: '0' });
});
after(async () => {
  await stopAll();
  await redis?.stop();
});

/** The environment that puts a handlers server on the file's Redis, under a prefix of its test's own. */
const onRedis = (prefix) => ({ REDIS_URL: redis.url, REDIS_PREFIX: prefix });
const newPrefix = () => `test-${randomUUID()}:`;

/** Two relays on the file's Redis and Mailgun stand-in, with `more` in their environment. */
const startRelays = (more) => Promise.all([0, 1].map(() => startScript('handlers-server.mjs', relayEnv(mailgun.url, more))));

/** A valid spec request under `key`, from a buyer whose address (the message's Reply-To) names the key. */
const specRequest = (key) => ({ ...VALID_SPEC_REQUEST, idempotencyKey: key, customer: { ...VALID_SPEC_REQUEST.customer, email: `${key}@home.example` } });

/** The messages in the Mailgun stand-in's outbox sent for `key`'s request. */
async function sentFor(key) {
  const outbox = await (await fetch(new URL('_outbox', mailgun.url))).json();
  return outbox.filter((message) => message['h:Reply-To'] === `${key}@home.example`);
}

/**
 * The `accepted` events Mailgun's events API lists for `key` (the relay's `v:idempotency-key`), found
 * as the relay finds them: every page of accepted events, each event's `user-variables` read here.
 */
async function acceptedEvents(key) {
  const query = new URLSearchParams({ event: 'accepted', begin: '0', ascending: 'yes', limit: '300' });
  const found = [];
  for (let url = new URL(`v3/${DEMO_ACCOUNT.domain}/events?${query}`, mailgun.url); ; ) {
    const response = await fetch(url, { headers: { authorization: `Basic ${btoa(`api:${DEMO_ACCOUNT.apiKey}`)}` } });
    assert.equal(response.status, 200);
    const { items, paging } = await response.json();
    if (items.length === 0) return found;
    found.push(...items.filter((item) => item['user-variables']['idempotency-key'] === key));
    url = new URL(paging.next);
  }
}

/** Sends until the answer is not 409 `request_in_progress` (another relay still sending the key), waiting as told. */
async function sendUntilSettled(relayUrl, body) {
  for (;;) {
    const response = await sendSpecRequest(relayUrl, body);
    if (response.status !== 409) return response;
    assert.equal((await response.json()).error.code, 'request_in_progress');
    await sleep(Number(response.headers.get('retry-after')) * 1000);
  }
}

describe('relays as separate processes sharing one Redis', () => {
  it('sends each of 50 keys once when every request arrives three times at each of two relays at once', async () => {
    const relays = await startRelays({ ...onRedis(newPrefix()), RATE_LIMIT: 'off' });
    const keys = Array.from({ length: 50 }, () => randomUUID());
    const sends = keys.flatMap((key) => relays.flatMap((relay) => [1, 2, 3].map(() => ({ key, relay }))));
    assert.equal(sends.length, 300);
    const answers = await Promise.all(
      sends.map(async ({ key, relay }) => {
        const response = await sendUntilSettled(relay.url, specRequest(key));
        return { key, status: response.status, body: await response.json() };
      }),
    );

    for (const key of keys) {
      const forKey = answers.filter((answer) => answer.key === key);
      assert.deepEqual(new Set(forKey.map(({ status }) => status)), new Set([202]), key);
      assert.equal(new Set(forKey.map(({ body }) => body.requestId)).size, 1, `one answer for ${key}`);
      assert.equal((await sentFor(key)).length, 1, `one message for ${key}`);
    }
  });

  it('replays the stored answer from a relay started again after the first was killed', async () => {
    const env = relayEnv(mailgun.url, onRedis(newPrefix()));
    const key = randomUUID();
    const first = await startScript('handlers-server.mjs', env);
    const sent = await sendSpecRequest(first.url, specRequest(key));
    assert.equal(sent.status, 202);
    first.child.kill('SIGKILL');
    assert.deepEqual(await first.exited, { code: null, signal: 'SIGKILL' });

    const again = await startScript('handlers-server.mjs', env);
    const replayed = await sendSpecRequest(again.url, specRequest(key));
    assert.equal(replayed.status, 202);
    assert.equal(replayed.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(await replayed.json(), await sent.json());
    assert.equal((await sentFor(key)).length, 1);
  });

  it('confirms a message Mailgun accepted after the relay gave up, from its events, at either relay', async () => {
    const holdMs = 3000;
    const relays = await startRelays({ ...onRedis(newPrefix()), MAILGUN_TIMEOUT_MS: '500' });
    const control = await fetch(new URL('_control', mailgun.url), { method: 'POST', body: JSON.stringify({ acceptThenDelayMs: holdMs, count: 1 }) });
    assert.equal(control.status, 200);
    const key = randomUUID();
    const heldFrom = Date.now();
    const unknown = await sendSpecRequest(relays[0].url, specRequest(key));
    assert.equal(unknown.status, 503);
    assert.equal((await unknown.json()).error.code, 'outcome_unknown');
    assert.ok(Number(unknown.headers.get('retry-after')) > 0);

    const [event] = await acceptedEvents(key);
    const messageId = `<${event.message.headers['message-id']}>`;
    // Retries at both relays, until after Mailgun's held answer came too late for anyone to read.
    const retries = [];
    for (let attempt = 0; attempt < 5 || Date.now() - heldFrom < holdMs + 500; attempt += 1) {
      const response = await sendSpecRequest(relays[attempt % 2].url, specRequest(key));
      retries.push({ status: response.status, replayed: response.headers.get('idempotent-replayed'), body: await response.json() });
      await sleep(750);
    }
    // Until a retry finds the message in the events (the first, unless they are slow to answer),
    // the outcome stays unknown; after, every retry replays what that one stored.
    const settled = retries.findIndex(({ status }) => status === 202);
    assert.ok(settled >= 0, `no retry was answered 202: ${JSON.stringify(retries)}`);
    for (const retry of retries.slice(0, settled)) assert.equal(retry.body.error.code, 'outcome_unknown');
    assert.deepEqual(retries[settled], { status: 202, replayed: null, body: { requestId: messageId } });
    for (const retry of retries.slice(settled + 1)) assert.deepEqual(retry, { status: 202, replayed: 'true', body: { requestId: messageId } });
    assert.equal((await sentFor(key)).length, 1);
    assert.equal((await acceptedEvents(key)).length, 1);
    assert.equal((await (await fetch(new URL('_control', mailgun.url))).json()).count, 0, 'the held answer was this message\'s');
  });

  it('refuses the same key with another body (422) while the first is being sent, at the same relay and at the other', async () => {
    const relays = await startRelays({ ...onRedis(newPrefix()), MAILGUN_TIMEOUT_MS: '20000' });
    const control = await fetch(new URL('_control', mailgun.url), { method: 'POST', body: JSON.stringify({ acceptThenDelayMs: 2000, count: 1 }) });
    assert.equal(control.status, 200);
    const key = randomUUID();
    const other = { ...specRequest(key), customer: { ...specRequest(key).customer, email: `${key}-other@home.example` } };
    const first = sendSpecRequest(relays[0].url, specRequest(key));
    // Mailgun has the first message and holds its answer: the first is in flight at relay 0.
    while ((await sentFor(key)).length === 0) await sleep(20);
    for (const relay of relays) {
      const refused = await sendSpecRequest(relay.url, other);
      assert.equal(refused.status, 422);
      assert.equal((await refused.json()).error.code, 'idempotency_key_reused');
    }
    assert.equal((await first).status, 202);
    const later = await sendSpecRequest(relays[1].url, other);
    assert.equal(later.status, 422);
    const outbox = await (await fetch(new URL('_outbox', mailgun.url))).json();
    assert.equal(outbox.filter((message) => message['h:Reply-To'] === other.customer.email).length, 0);
    assert.equal((await sentFor(key)).length, 1);
  });
});

describe('the rate limit of relays sharing one Redis, behind one trusted proxy', () => {
  const LIMIT = 5;
  // The stores' own test (src/server/stores.test.ts) outlasts 20,000 other keys; here, across two relays and a proxy.
  const OTHER_ADDRESSES = 2_000;

  it('counts each client once across relays by the address the proxy appended, and no flood of others resets it', async (t) => {
    const relays = await startRelays({ ...onRedis(newPrefix()), RATE_LIMIT: String(LIMIT), TRUSTED_PROXIES: '1' });
    // Cheap requests: junk bodies, on a few kept-alive connections, as the limit is taken before the body is read.
    const agents = relays.map(() => new Agent({ keepAlive: true, maxSockets: 8 }));
    t.after(() => agents.forEach((agent) => agent.destroy()));
    const post = (index, forwardedFor) =>
      new Promise((resolve, reject) => {
        const relay = index % 2;
        const outgoing = httpRequest(
          new URL('api/spec-request', relays[relay].url),
          {
            method: 'POST',
            agent: agents[relay],
            headers: { origin: ORIGIN, 'x-forwarded-for': forwardedFor, 'content-type': 'application/json', 'content-length': '2' },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve({ status: response.statusCode, retryAfter: response.headers['retry-after'] }));
          },
        );
        outgoing.on('error', reject);
        outgoing.end('{}');
      });
    const randomAddress = () => `198.51.100.${Math.floor(Math.random() * 256)}`;
    const client = '203.0.113.7';
    const forged = () => `${randomAddress()}, ${client}`;

    // Alternating relays, and bare or behind a forged entry: one count.
    const limitedSince = performance.now();
    for (let index = 0; index < LIMIT; index += 1) assert.notEqual((await post(index, index % 2 ? forged() : client)).status, 429, `request ${index + 1}`);
    for (let index = 0; index < 4; index += 1) {
      const refused = await post(index, index < 2 ? client : forged());
      assert.equal(refused.status, 429, `refused at relay ${index % 2}`);
      assert.ok(Number(refused.retryAfter) > 0);
    }

    // Junk claiming the victim in a left-hand entry counts against the sender the proxy saw.
    const victim = '203.0.113.8';
    const attacker = '203.0.113.9';
    const junk = [];
    for (let index = 0; index < 2 * LIMIT + 1; index += 1) junk.push((await post(index, `${victim}, ${attacker}`)).status);
    assert.equal(junk.filter((status) => status === 429).length, LIMIT + 1);
    assert.notEqual((await post(0, victim)).status, 429);
    assert.notEqual((await post(1, victim)).status, 429);

    const floodFrom = performance.now();
    let next = 0;
    const flooded = [];
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        for (let index = next++; index < OTHER_ADDRESSES; index = next++) {
          flooded.push((await post(index, `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`)).status);
        }
      }),
    );
    const floodSeconds = (performance.now() - floodFrom) / 1000;
    assert.equal(flooded.length, OTHER_ADDRESSES);
    assert.ok(flooded.every((status) => status === 422), 'each other address is under its limit, its junk refused');

    // The limit lets one more request through every MINUTE / LIMIT: only that many may have come due.
    const due = Math.floor((performance.now() - limitedSince) / (MINUTE / LIMIT));
    let allowed = 0;
    while ((await post(allowed, client)).status !== 429) {
      allowed += 1;
      assert.ok(allowed <= due, `${allowed} requests allowed after the flood, ${due} due: the limit was forgotten`);
    }
    t.diagnostic(`${OTHER_ADDRESSES} other addresses in ${floodSeconds.toFixed(1)} s; ${allowed} of ${due} due requests allowed after`);
  });
});

describe('the rate limit of IPv6 clients, on relays sharing one Redis', () => {
  it('lets 20 /64s of one /48 through about as much as one client, and an IPv4 client beside them on its own', async (t) => {
    const LIMIT = 10;
    const relays = await startRelays({ ...onRedis(newPrefix()), RATE_LIMIT: String(LIMIT), TRUSTED_PROXIES: '1' });
    // Junk bodies: the limit is taken before the body is read, and an allowed one is refused 422.
    const post = async (relay, address) => {
      const response = await fetch(new URL('api/spec-request', relay.url), {
        method: 'POST',
        headers: { Origin: ORIGIN, 'Content-Type': 'application/json', 'X-Forwarded-For': address },
        body: '{}',
      });
      await response.body?.cancel();
      return response.status;
    };
    const since = performance.now();
    const statuses = [];
    for (let network = 0; network < 20; network += 1) {
      for (let index = 0; index < LIMIT + 1; index += 1) statuses.push(await post(relays[index % 2], `2001:db8:48:${network.toString(16)}::${index + 1}`));
    }
    // The limit lets one more request through every MINUTE / LIMIT: only that many may have come due.
    const due = LIMIT + Math.floor((performance.now() - since) / (MINUTE / LIMIT));
    const through = statuses.filter((status) => status !== 429).length;
    t.diagnostic(`${through} of ${statuses.length} requests from 20 /64s of one /48 got through a limit of ${LIMIT} (${due} due)`);
    assert.ok(statuses.every((status) => status === 422 || status === 429), `answered ${[...new Set(statuses)]}`);
    assert.ok(through <= due, `${through} got through, ${due} due`);

    const ipv4 = [];
    for (let index = 0; index < LIMIT; index += 1) ipv4.push(await post(relays[index % 2], '203.0.113.48'));
    assert.deepEqual(new Set(ipv4), new Set([422]));
  });
});

describe('the direct-debit handlers as two processes sharing one Redis', () => {
  const ACCESS_TOKEN = 'gocardless-test-token';
  const WEBHOOK_SECRET = 'gocardless-test-webhook-secret';
  const { valid } = JSON.parse(readFileSync(new URL('../fixtures/relay-fuzz/direct-debit.json', import.meta.url), 'utf8'));

  let api;
  let gocardless;
  let gocardlessUrl;
  let webhooks;
  let handlers;
  before(async () => {
    // GoCardless's API stand-in, served from this process; its webhooks are kept for the test to deliver.
    webhooks = [];
    gocardless = createGoCardlessStandIn({
      accessToken: ACCESS_TOKEN,
      webhookSecret: WEBHOOK_SECRET,
      onWebhook: async (request) => {
        webhooks.push({ body: await request.text(), signature: request.headers.get('webhook-signature') });
        return new Response(null, { status: 204 });
      },
    });
    api = createServer(nodeListener(gocardless.handle));
    await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
    gocardlessUrl = `http://127.0.0.1:${api.address().port}/`;
    handlers = await startHandlers();
  });
  after(() => api && new Promise((resolve) => api.close(resolve)));

  /** Two handler processes on the GoCardless stand-in, sharing a Redis prefix of their own; `more` adds to their environment. */
  const startHandlers = (more = {}) => {
    const env = {
      PORT: '0',
      ALLOWED_ORIGINS: ORIGIN,
      GOCARDLESS_ACCESS_TOKEN: ACCESS_TOKEN,
      GOCARDLESS_WEBHOOK_SECRET: WEBHOOK_SECRET,
      GOCARDLESS_BASE_URL: gocardlessUrl,
      ...onRedis(newPrefix()),
      ...more,
    };
    return Promise.all([0, 1].map(() => startScript('handlers-server.mjs', env)));
  };

  const start = (handler, body) =>
    fetch(new URL('api/direct-debit', handler.url), {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  /** Delivers a webhook as GoCardless does; answers its status and body once the handler logged it. */
  async function deliver(handler, { body, signature }) {
    const response = await fetch(new URL('api/direct-debit/webhook', handler.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Webhook-Signature': signature },
      body,
    });
    const text = await response.text();
    const requestId = response.headers.get('x-request-id');
    await handler.line((record) => record.msg === 'request' && record.requestId === requestId);
    return { status: response.status, body: text === '' ? null : JSON.parse(text) };
  }

  /** The `onEvent` log lines for `eventId` on both processes' standard output, all printed before their requests' own. */
  const eventLines = (eventId) =>
    handlers.flatMap(({ lines }) => lines.map(parsed)).filter((record) => record?.msg === 'direct-debit event' && record.eventId === eventId);

  it('starts a flow on one process, records its webhook on the other, and handles each event once', async () => {
    const [a, b] = handlers;
    const body = { ...valid, idempotencyKey: randomUUID() };
    const started = await start(a, body);
    assert.equal(started.status, 201);
    const { flowId, environment, checkout } = await started.json();
    assert.equal(environment, 'sandbox');
    assert.equal(checkout, 'cart', 'no shop is configured: the order goes to a cart');
    const repeated = await start(b, body);
    assert.equal(repeated.status, 201);
    assert.equal(repeated.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(await repeated.json(), { flowId, environment, checkout });

    // The payer finishes the flow: GoCardless fulfils the billing request and signs its webhook.
    const completed = await fetch(new URL(`_flows/${flowId}/complete`, gocardlessUrl), { method: 'POST' });
    assert.equal(completed.status, 200);
    const webhook = webhooks.at(-1);
    const [event] = JSON.parse(webhook.body).events;
    assert.deepEqual({ resource_type: event.resource_type, action: event.action }, { resource_type: 'billing_requests', action: 'fulfilled' });

    assert.equal((await deliver(b, webhook)).status, 204);
    // A back office reads the outcome without an Origin header, from the process that started the flow.
    const status = await fetch(new URL(`api/direct-debit?flowId=${flowId}`, a.url));
    assert.equal(status.status, 200);
    assert.deepEqual(await status.json(), { flowId, status: 'fulfilled', mandateId: event.links.mandate_request_mandate });

    // GoCardless delivers it again, to each process.
    const again = await Promise.all([deliver(a, webhook), deliver(b, webhook)]);
    assert.deepEqual(again.map(({ status: code }) => code), [204, 204]);
    assert.deepEqual(eventLines(event.id).map(({ action }) => action), ['fulfilled']);
  });

  it('with the shop configured, makes one draft order for a mandate whichever process each checkout reaches', async () => {
    // The shop's Admin API stand-in, served from this process over loopback.
    const shop = createStorefrontStandIn({ catalogue: UK_CATALOGUE, products: shopProducts(UK_CATALOGUE) });
    const admin = createServer(nodeListener(shop.handle));
    await new Promise((resolve) => admin.listen(0, '127.0.0.1', resolve));
    try {
      const [a, b] = await startHandlers({
        SHOPIFY_ADMIN_ENDPOINT: `http://127.0.0.1:${admin.address().port}/admin/api/2026-04/graphql.json`,
        SHOPIFY_ADMIN_TOKEN: DEMO_ADMIN_TOKEN,
      });
      const body = { ...valid, idempotencyKey: randomUUID() };
      const started = await start(a, body);
      const { flowId, checkout } = await started.json();
      assert.equal(checkout, 'draft-order');
      await fetch(new URL(`_flows/${flowId}/complete`, gocardlessUrl), { method: 'POST' });
      assert.equal((await deliver(b, webhooks.at(-1))).status, 204);

      // The buyer's checkout reaches both processes at once, twice.
      const checkouts = await Promise.all(
        [a, b, a, b].map((handler) =>
          fetch(new URL('api/direct-debit/checkout', handler.url), {
            method: 'POST',
            headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
            body: JSON.stringify({ ...valid, flowId }),
          }).then(async (response) => ({ status: response.status, body: await response.json() })),
        ),
      );
      const made = checkouts.filter((answer) => answer.status === 200 || answer.status === 201);
      assert.ok(made.length >= 1, `a draft was answered: ${JSON.stringify(checkouts.map((answer) => answer.status))}`);
      for (const answer of checkouts) assert.ok([200, 201, 409].includes(answer.status), `answered ${answer.status}`);
      assert.equal(new Set(made.map((answer) => answer.body.draftOrderId)).size, 1, 'every answer names the same draft');
      assert.equal(shop.admin.draftOrders.length, 1, 'the shop holds one draft order for the mandate');
      assert.equal(made[0].body.dueNow, 35000);
    } finally {
      await new Promise((resolve) => admin.close(resolve));
    }
  });

  it('prices one order per partner verification across both processes: another key is refused, the first still replays', async (t) => {
    const PARTNER_SECRET = 'partner-token-secret-of-at-least-32-bytes';
    const [a, b] = await startHandlers({ PARTNER_TOKEN_SECRET: PARTNER_SECRET, QUOTE: 'on', RATE_LIMIT: 'off' });
    const email = 'sam@partner-one.example';
    /** A verification token as the partner-discount handler signs it, for a verification of its own. */
    const tokenOf = () => {
      const claims = { email, partnerId: 'partner', amountPence: 10000, discountCode: `PARTNER-${randomUUID().slice(0, 12).toUpperCase()}`, exp: Math.floor(Date.now() / 1000) + 3600 };
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${body}.${createHmac('sha256', PARTNER_SECRET).update(body).digest('base64url')}`;
    };
    const order = (partnerToken, idempotencyKey) => ({ ...valid, customer: { ...valid.customer, email }, partnerToken, idempotencyKey });
    /** The initial payment of the billing request GoCardless was last asked for. */
    const lastInitialPayment = () => gocardless.requests.filter((call) => call.method === 'POST' && call.path === '/billing_requests').at(-1).body.billing_requests.metadata.initial_payment_pence;
    const quote = async (handler, body) => {
      const response = await fetch(new URL('api/quote', handler.url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ configuration: valid.configuration, ...body }) });
      assert.equal(response.status, 200);
      const { totals, partnerTokenUsed } = await response.json();
      return { total: totals.total, partnerTokenUsed };
    };

    const token = tokenOf();
    const [keyA, keyB] = [randomUUID(), randomUUID()];
    const started = await start(a, order(token, keyA));
    assert.equal(started.status, 201);
    const flow = await started.json();
    assert.equal(lastInitialPayment(), '25000', 'the first order is priced with the £100 discount');

    const refused = await start(b, order(token, keyB));
    assert.equal(refused.status, 409);
    assert.equal((await refused.json()).error.code, 'partner_token_used');
    const retried = await start(b, order(token, keyA));
    assert.equal(retried.status, 201);
    assert.equal(retried.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(await retried.json(), flow);

    // Quotes: the first order's as often as asked, with the discount; another order's without it.
    const { total: full } = await quote(a, {});
    assert.deepEqual(await quote(b, { partnerToken: token, orderKey: keyA, email }), { total: full - 100, partnerTokenUsed: undefined });
    assert.deepEqual(await quote(a, { partnerToken: token, orderKey: keyA }), { total: full - 100, partnerTokenUsed: undefined });
    assert.deepEqual(await quote(a, { partnerToken: token, orderKey: keyB }), { total: full, partnerTokenUsed: true });

    // A new verification, ten orders at once over both processes: one is started, nine refused.
    const fresh = tokenOf();
    const raced = await Promise.all(Array.from({ length: 10 }, (_, index) => start([a, b][index % 2], order(fresh, randomUUID())).then((response) => response.status)));
    t.diagnostic(`one token, ten keys at once over two processes: ${JSON.stringify(raced)}`);
    assert.deepEqual(raced.toSorted(), [201, ...Array(9).fill(409)]);
  });

  it('refuses, with 409, an event for a billing request no flow started', async () => {
    const event = {
      id: `EV${randomUUID().slice(0, 10).toUpperCase()}`,
      created_at: new Date().toISOString(),
      resource_type: 'billing_requests',
      action: 'fulfilled',
      links: { billing_request: 'BRQ000UNKNOWN1', mandate_request_mandate: 'MD000UNKNOWN1' },
    };
    const body = JSON.stringify({ events: [event], meta: { webhook_id: 'WB000UNKNOWN1' } });
    const response = await deliver(handlers[1], { body, signature: createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex') });
    assert.equal(response.status, 409);
    assert.equal(response.body.error.code, 'billing_request_unknown');
    assert.deepEqual(eventLines(event.id), []);
  });
});
