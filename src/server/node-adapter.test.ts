import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { toNodeListener } from './node-adapter';

/** What the handler saw, echoed back: method, URL, client address and body. */
const echo = async (request: Request) =>
  Response.json(
    { method: request.method, url: request.url, client: request.headers.get('x-forwarded-for'), body: await request.text() },
    { status: 201, headers: { 'x-extra': 'yes' } },
  );

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

async function serve(handler: (request: Request) => Promise<Response>, trustProxy?: boolean): Promise<string> {
  const server = createServer(toNodeListener(handler, { trustProxy }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('toNodeListener', () => {
  it('passes method, URL, body and the socket address, and writes status, headers and body back', async () => {
    const base = await serve(echo);
    const response = await fetch(`${base}/api/spec-request?x=1`, {
      method: 'POST',
      body: '{"hello":"world"}',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-extra')).toBe('yes');
    expect(await response.json()).toEqual({
      method: 'POST',
      url: `${base}/api/spec-request?x=1`,
      // Without trustProxy a client cannot choose its own address.
      client: '127.0.0.1',
      body: '{"hello":"world"}',
    });
  });

  it('keeps x-forwarded-for behind a trusted proxy', async () => {
    const base = await serve(echo, true);
    const response = await fetch(base, { headers: { 'x-forwarded-for': '203.0.113.9, 10.0.0.2' } });
    expect((await response.json()).client).toBe('203.0.113.9, 10.0.0.2');
  });

  it('closes the connection after answering before the body was read, so its rest is not taken for the next request', async () => {
    // A relay refusing an oversized body (413) answers without reading it.
    const base = await serve(async (request) =>
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

  it('answers 500 when the handler throws', async () => {
    const base = await serve(async () => {
      throw new Error('boom');
    });
    const response = await fetch(base);
    expect(response.status).toBe(500);
    expect((await response.json()).error.code).toBe('internal_error');
  });
});
