// demo/handlers-server.mjs and demo/mail/mailgun-server.mjs as processes, as a merchant runs them:
// two relays sharing one Mailgun stand-in, health and readiness, and a SIGTERM that lets the
// request in flight finish before the process exits 0.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { nodeListener } from '../../demo/node-listener.mjs';
import { DEMO_ACCOUNT } from '../../demo/mail/index.mjs';
import { createMailgunStandIn } from '../../demo/mail/mailgun-stand-in.mjs';
import { parsed, relayEnv, sendSpecRequest, startScript, stopAll } from './processes.mjs';

after(stopAll);

/** Whether a new TCP connection to the URL's port is refused. */
const refused = (url) =>
  new Promise((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error) => resolve(error.code === 'ECONNREFUSED'));
  });

describe('relays sharing one Mailgun stand-in process', () => {
  let mailgun;
  let relays;

  before(async () => {
    mailgun = await startScript('mail/mailgun-server.mjs', { PORT: '0' });
    relays = await Promise.all([1, 2].map(() => startScript('handlers-server.mjs', relayEnv(mailgun.url))));
  });

  it('answers liveness and readiness itself, with a request id', async () => {
    const health = await fetch(new URL('healthz', relays[0].url));
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: 'ok' });
    assert.match(health.headers.get('x-request-id'), /^[0-9a-f-]{36}$/);
    const ready = await fetch(new URL('readyz', relays[0].url), { headers: { 'x-request-id': 'probe-1' } });
    assert.equal(ready.status, 200);
    assert.equal(ready.headers.get('x-request-id'), 'probe-1');
    assert.deepEqual(await ready.json(), { status: 'ready' });
  });

  it("lands each relay's message in the one outbox, and the shared failure switch fails whichever relay sends next", async () => {
    const outbox = async () => (await fetch(new URL('_outbox', mailgun.url))).json();
    const before = (await outbox()).length;
    for (const relay of relays) assert.equal((await sendSpecRequest(relay.url)).status, 202);
    assert.equal((await outbox()).length, before + 2);

    const control = await fetch(new URL('_control', mailgun.url), { method: 'POST', body: JSON.stringify({ failNext: 1, status: 503 }) });
    assert.deepEqual(await control.json(), { failNext: 1, status: 503, acceptThenDelayMs: 0, count: 0, messages: before + 2 });
    const failed = await sendSpecRequest(relays[1].url);
    assert.equal(failed.status, 502);
    assert.equal((await failed.json()).error.code, 'provider_failed');
    assert.equal((await sendSpecRequest(relays[0].url)).status, 202);
    assert.equal((await outbox()).length, before + 3);
  });

  it('logs JSON lines only on standard output', () => {
    for (const relay of relays) for (const line of relay.lines) assert.ok(parsed(line), line);
  });
});

describe('SIGTERM while a request is in flight', () => {
  it('stops accepting, answers the request in flight, then exits 0', async () => {
    // A Mailgun stand-in in this process that holds each message until the test lets it go.
    const standIn = createMailgunStandIn(DEMO_ACCOUNT);
    let arrived;
    const held = new Promise((resolve) => (arrived = resolve));
    let release;
    const released = new Promise((resolve) => (release = resolve));
    const slowMailgun = createServer(
      nodeListener(async (request) => {
        arrived();
        await released;
        return standIn.handle(request);
      }),
    );
    await new Promise((resolve) => slowMailgun.listen(0, '127.0.0.1', resolve));
    after(() => new Promise((resolve) => slowMailgun.close(resolve)));

    const relay = await startScript('handlers-server.mjs', relayEnv(`http://127.0.0.1:${slowMailgun.address().port}`));
    const inFlight = sendSpecRequest(relay.url);
    await held;
    relay.child.kill('SIGTERM');
    let closed = false;
    for (let attempt = 0; attempt < 100 && !closed; attempt += 1) {
      closed = await refused(relay.url);
      if (!closed) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.ok(closed, 'new connections are refused after the signal');
    assert.equal(relay.child.exitCode, null, 'the process waits for the request in flight');

    release();
    const response = await inFlight;
    assert.equal(response.status, 202);
    assert.equal(response.headers.get('connection'), 'close');
    assert.deepEqual(await relay.exited, { code: 0, signal: null });
    assert.equal(standIn.messages.length, 1);
    const shutdown = relay.lines.map(parsed).filter((record) => ['shutting down', 'closed'].includes(record?.msg));
    assert.deepEqual(
      shutdown.map(({ msg, reason }) => ({ msg, reason })),
      [
        { msg: 'shutting down', reason: 'SIGTERM' },
        { msg: 'closed', reason: undefined },
      ],
    );
  });
});
