import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NodeListener, NodeListenerOptions, ServeNodeOptions } from './node-adapter';
import { serveNode, toNodeListener } from './node-adapter';
import type { Handler, LogRecord } from './operations';
import { StoreNotDurableError } from './store-durability';

/** What the handler saw, echoed back: method, URL, headers it reads, client address and body. */
const echo: Handler = async (request, info) =>
  Response.json(
    {
      method: request.method,
      url: request.url,
      forwardedFor: request.headers.get('x-forwarded-for'),
      requestId: request.headers.get('x-request-id'),
      clientAddress: info?.clientAddress,
      body: await request.text(),
    },
    { status: 201, headers: { 'x-extra': 'yes' } },
  );

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

interface Served {
  base: string;
  server: Server;
  listener: NodeListener;
  records: LogRecord[];
}

async function serve(handler: Handler, options: NodeListenerOptions = {}, host = '127.0.0.1'): Promise<Served> {
  const records: LogRecord[] = [];
  const listener = toNodeListener(handler, { log: (record) => records.push(record), ...options });
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  cleanup.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, listener, records };
}

/** A raw HTTP/1.1 exchange, for requests fetch will not send. */
function rawRequest(base: string, text: string): Promise<string> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** A promise and the function that settles it, for holding a handler in flight. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('toNodeListener', () => {
  it('passes method, URL, body and headers as sent, and writes status, headers and body back', async () => {
    const { base } = await serve(echo);
    const response = await fetch(`${base}/api/spec-request?x=1`, {
      method: 'POST',
      body: '{"hello":"world"}',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-extra')).toBe('yes');
    expect(await response.json()).toMatchObject({
      method: 'POST',
      url: `${base}/api/spec-request?x=1`,
      forwardedFor: '203.0.113.9',
      clientAddress: '127.0.0.1',
      body: '{"hello":"world"}',
    });
  });

  // The socket (127.0.0.1) plays the nearest proxy; the entries left of the proxies' own are the client's to forge.
  it.each([
    { trustedProxies: 0, forwardedFor: '203.0.113.9', client: '127.0.0.1' },
    { trustedProxies: 0, forwardedFor: undefined, client: '127.0.0.1' },
    { trustedProxies: 1, forwardedFor: '203.0.113.66, 198.51.100.7', client: '198.51.100.7' },
    { trustedProxies: 1, forwardedFor: undefined, client: '127.0.0.1' },
    { trustedProxies: 1, forwardedFor: '::ffff:198.51.100.7', client: '198.51.100.7' },
    { trustedProxies: 2, forwardedFor: '203.0.113.66, 198.51.100.7, 10.0.0.2', client: '198.51.100.7' },
    { trustedProxies: 2, forwardedFor: '198.51.100.7', client: '198.51.100.7' },
    { trustedProxies: 2, forwardedFor: ' , 198.51.100.7,10.0.0.2', client: '198.51.100.7' },
  ])('with $trustedProxies trusted proxies and X-Forwarded-For "$forwardedFor" the client is $client', async ({ trustedProxies, forwardedFor, client }) => {
    const { base } = await serve(echo, { trustedProxies });
    const response = await fetch(base, { headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } });
    expect((await response.json()).clientAddress).toBe(client);
  });

  it('reports an IPv4 client of a dual-stack socket by its IPv4 address', async () => {
    const { base } = await serve(echo, {}, '::');
    expect((await (await fetch(base)).json()).clientAddress).toBe('127.0.0.1');
  });

  it.each([
    { trustedProxies: 0, proto: 'https', url: 'http:' },
    { trustedProxies: 1, proto: 'https', url: 'https:' },
    { trustedProxies: 1, proto: 'gopher', url: 'http:' },
  ])('with $trustedProxies trusted proxies X-Forwarded-Proto "$proto" makes an $url URL', async ({ trustedProxies, proto, url }) => {
    const { base } = await serve(echo, { trustedProxies });
    const response = await fetch(base, { headers: { 'x-forwarded-proto': proto } });
    expect(new URL((await response.json()).url).protocol).toBe(url);
  });

  it('refuses a trustedProxies that is not a whole number of hops', () => {
    expect(() => toNodeListener(echo, { trustedProxies: -1 })).toThrow(/trustedProxies/);
    expect(() => toNodeListener(echo, { trustedProxies: 1.5 })).toThrow(/trustedProxies/);
  });

  it.each([
    { sent: undefined, kept: false },
    { sent: 'req-42.a:b_c', kept: true },
    { sent: 'two words', kept: false },
    { sent: 'x'.repeat(129), kept: false },
  ])('hands the handler and the answer one request id (sent "$sent", kept: $kept)', async ({ sent, kept }) => {
    const { base } = await serve(echo);
    const response = await fetch(base, { headers: sent === undefined ? {} : { 'x-request-id': sent } });
    const id = response.headers.get('x-request-id');
    expect((await response.json()).requestId).toBe(id);
    if (kept) expect(id).toBe(sent);
    else expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('closes the connection after answering before the body was read, so its rest is not taken for the next request', async () => {
    // A relay refusing an oversized body (413) answers without reading it.
    const { base } = await serve(async (request) =>
      request.headers.has('x-read') ? Response.json({ length: (await request.text()).length }) : Response.json({}, { status: 413 }),
    );
    const refused = await fetch(base, { method: 'POST', body: 'x'.repeat(200_000) });
    expect(refused.status).toBe(413);
    expect(refused.headers.get('connection')).toBe('close');
    await refused.body?.cancel();
    const next = await fetch(base, { method: 'POST', body: '{}', headers: { 'x-read': '1' } });
    expect(await next.json()).toEqual({ length: 2 });
    expect(next.headers.get('connection')).toBe('keep-alive');
  });

  it('answers 500 with the request id when the handler throws, logs one line and tells onError', async () => {
    const onError = vi.fn();
    const boom = new Error('boom');
    const { base, records } = await serve(
      async () => {
        throw boom;
      },
      { onError },
    );
    const response = await fetch(`${base}/api/spec-request?email=a@b.example`, { headers: { 'x-request-id': 'trace-1' } });
    expect(response.status).toBe(500);
    expect(response.headers.get('x-request-id')).toBe('trace-1');
    expect((await response.json()).error).toMatchObject({ code: 'internal_error', requestId: 'trace-1' });
    expect(onError).toHaveBeenCalledWith(boom, { requestId: 'trace-1', handler: 'node-adapter' });
    expect(records).toEqual([
      expect.objectContaining({ level: 'error', msg: 'request', requestId: 'trace-1', status: 500, route: '/api/spec-request', error: 'Error: boom' }),
    ]);
  });

  it('answers 500 when the answer body fails, instead of leaving the request hanging', async () => {
    const onError = vi.fn();
    const failing = new ReadableStream({
      pull(controller) {
        controller.error(new Error('stream broke'));
      },
    });
    const { base, records } = await serve(async () => new Response(failing), { onError });
    expect((await fetch(base)).status).toBe(500);
    expect(onError).toHaveBeenCalledOnce();
    expect(records.map((record) => record.status)).toEqual([500]);
  });

  it('answers 400 to a request that makes no URL, logged, without calling the handler', async () => {
    const handler = vi.fn(echo);
    const { base, records } = await serve(handler);
    const answer = await rawRequest(base, 'GET /x?q=1 HTTP/1.1\r\nHost: bad host\r\nX-Request-Id: raw-1\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/x-request-id: raw-1/i);
    expect(answer).toContain('"requestId":"raw-1"');
    expect(handler).not.toHaveBeenCalled();
    expect(records).toEqual([expect.objectContaining({ level: 'warn', status: 400, requestId: 'raw-1', route: '/x', reason: 'unreadable request' })]);
  });
});

describe('health and readiness', () => {
  const failing = (message: string) => async () => {
    throw new Error(message);
  };

  it('answers liveness and readiness itself, unlogged, with a request id', async () => {
    const handler = vi.fn(echo);
    const { base, records } = await serve(handler, { ready: [{ name: 'redis', check: async () => 'PONG' }] });
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    expect(handler).not.toHaveBeenCalled();
    expect(records.filter((record) => record.msg === 'request')).toEqual([]);
  });

  it('names the checks that failed or did not answer in time, and logs only a change of readiness', async () => {
    const { base, records } = await serve(echo, {
      readyTimeoutMs: 50,
      ready: [
        { name: 'redis', check: failing('ECONNREFUSED') },
        { name: 'mail', check: () => new Promise(() => {}) },
        { name: 'store', check: async () => true },
      ],
    });
    for (let probe = 0; probe < 2; probe += 1) {
      const response = await fetch(`${base}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'not_ready', failed: ['redis', 'mail'] });
    }
    expect(records).toEqual([
      expect.objectContaining({ level: 'warn', msg: 'not ready', reason: 'redis, mail', error: 'redis: Error: ECONNREFUSED; mail: Error: no answer within 50 ms' }),
    ]);
  });

  it('gives the reason a check failed with when its error carries a code: a store that forgets', async () => {
    const { base, records } = await serve(echo, {
      ready: [
        { name: 'redis', check: async () => 'PONG' },
        { name: 'redis-persistence', check: () => Promise.reject(new StoreNotDurableError('set appendonly yes')) },
      ],
    });
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'not_ready', failed: ['redis-persistence'], reasons: { 'redis-persistence': 'store_not_durable' } });
    expect(records).toEqual([
      expect.objectContaining({ level: 'warn', msg: 'not ready', error: 'redis-persistence: StoreNotDurableError: set appendonly yes' }),
    ]);
  });

  it('answers 503 shutting_down while draining, and closes the connection', async () => {
    const { base, listener } = await serve(echo);
    await listener.drain();
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('connection')).toBe('close');
    expect(await ready.json()).toEqual({ status: 'shutting_down' });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it('serves other paths and hands the defaults to the handler when told', async () => {
    const { base } = await serve(echo, { healthPath: '/live', readyPath: false });
    expect(await (await fetch(`${base}/live`)).json()).toEqual({ status: 'ok' });
    expect((await fetch(`${base}/healthz`)).status).toBe(201);
    expect((await fetch(`${base}/readyz`)).status).toBe(201);
  });

  it('allows GET and HEAD only', async () => {
    const { base } = await serve(echo);
    const posted = await fetch(`${base}/healthz`, { method: 'POST', body: '{}' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
    expect((await fetch(`${base}/readyz`, { method: 'HEAD' })).status).toBe(200);
  });
});

describe('serveNode', () => {
  async function served(handler: Handler, options: ServeNodeOptions = {}) {
    const setup = await serve(handler);
    const shutdownRecords: LogRecord[] = [];
    const control = serveNode(setup.server, setup.listener, { signals: [], log: (record) => shutdownRecords.push(record), ...options });
    return { ...setup, ...control, shutdownRecords };
  }

  it('sets the server limits, by default and as told', async () => {
    const { server } = await served(echo);
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout, server.maxConnections]).toEqual([10_000, 30_000, 5_000, 1024]);
    const other = await served(echo, { headersTimeoutMs: 1000, requestTimeoutMs: 2000, keepAliveTimeoutMs: 3000, maxConnections: 4 });
    expect([other.server.headersTimeout, other.server.requestTimeout, other.server.keepAliveTimeout, other.server.maxConnections]).toEqual([
      1000, 2000, 3000, 4,
    ]);
  });

  it('stops accepting, lets the request in flight finish with connection: close, then runs the close hooks in order', async () => {
    const events: string[] = [];
    const entered = gate();
    const release = gate();
    const { base, shutdown } = await served(
      async () => {
        entered.open();
        await release.opened;
        return Response.json({ done: true });
      },
      { onClose: [async () => void events.push('first hook'), () => void events.push('second hook')] },
    );
    const inFlight = fetch(`${base}/api/spec-request`, { method: 'POST', body: '{}' });
    await entered.opened;
    const stopped = shutdown().then(() => events.push('shut down'));
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    expect(events).toEqual([]);
    events.push('released');
    release.open();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    await stopped;
    expect(events).toEqual(['released', 'first hook', 'second hook', 'shut down']);
  });

  it('closes idle keep-alive connections rather than waiting for them', async () => {
    const { base, shutdown } = await served(echo, { keepAliveTimeoutMs: 60_000, drainTimeoutMs: 30_000 });
    const response = await fetch(base);
    expect(response.headers.get('connection')).toBe('keep-alive');
    await response.body?.cancel();
    const started = performance.now();
    await shutdown();
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('cuts the requests still in flight when the drain times out, then runs the close hooks', async () => {
    const onClose = vi.fn();
    const entered = gate();
    const { base, shutdown, shutdownRecords } = await served(
      async () => {
        entered.open();
        return new Promise<Response>(() => {});
      },
      { drainTimeoutMs: 100, onClose: [onClose] },
    );
    const stuck = fetch(base);
    await entered.opened;
    await shutdown();
    await expect(stuck).rejects.toThrow();
    expect(onClose).toHaveBeenCalledOnce();
    expect(shutdownRecords.map((record) => record.msg)).toEqual(['shutting down', 'drain timed out', 'closed']);
  });

  it('logs a close hook that fails and runs the next one', async () => {
    const next = vi.fn();
    const { shutdown, shutdownRecords } = await served(echo, {
      onClose: [
        () => {
          throw new Error('quit failed');
        },
        next,
      ],
    });
    await shutdown();
    expect(next).toHaveBeenCalledOnce();
    expect(shutdownRecords).toContainEqual(expect.objectContaining({ level: 'error', msg: 'close hook failed', error: 'Error: quit failed' }));
  });

  it('shuts down once on signals, sets the exit code 0, then leaves the signal alone', async () => {
    const before = process.listenerCount('SIGUSR2');
    const onClose = vi.fn();
    const { base, shutdownRecords } = await served(echo, { signals: ['SIGUSR2'], onClose: [onClose] });
    expect(process.listenerCount('SIGUSR2')).toBe(before + 1);
    process.emit('SIGUSR2', 'SIGUSR2');
    process.emit('SIGUSR2', 'SIGUSR2');
    await vi.waitFor(() => expect(process.exitCode).toBe(0), { timeout: 30_000 });
    expect(onClose).toHaveBeenCalledOnce();
    expect(process.listenerCount('SIGUSR2')).toBe(before);
    await expect(fetch(base)).rejects.toThrow();
    expect(shutdownRecords.map((record) => record.msg)).toEqual(['shutting down', 'closed']);
    expect(shutdownRecords[0]).toMatchObject({ reason: 'SIGUSR2' });
  });

  it('lets a signal that comes after shutdown() join it rather than end the process', async () => {
    const before = process.listenerCount('SIGUSR2');
    const onClose = vi.fn();
    const entered = gate();
    const release = gate();
    const { base, shutdown } = await served(
      async () => {
        entered.open();
        await release.opened;
        return Response.json({});
      },
      { signals: ['SIGUSR2'], onClose: [onClose] },
    );
    const inFlight = fetch(base);
    await entered.opened;
    const stopped = shutdown();
    // Still listened to: a real signal now would not take its default action and end the process.
    expect(process.listenerCount('SIGUSR2')).toBe(before + 1);
    process.emit('SIGUSR2', 'SIGUSR2');
    release.open();
    expect((await inFlight).status).toBe(200);
    await stopped;
    expect(onClose).toHaveBeenCalledOnce();
  });
});
