import { describe, expect, it } from 'vitest';
import type { LogRecord } from './operations';
import { observe } from './operations';

const get = (headers: Record<string, string> = {}) => new Request('https://relay.example/api/x?email=a@b.example', { headers });

describe('observe', () => {
  it('echoes a usable request id, logs one line with the notes and the path only', async () => {
    const lines: LogRecord[] = [];
    const handler = observe('t', { log: (line) => lines.push(line) }, async (_request, notes) => {
      notes.idempotency = 'replayed';
      notes.provider = 200;
      return new Response(null, { status: 202 });
    });
    const response = await handler(get({ 'x-request-id': 'abc-123' }));
    expect(response.headers.get('x-request-id')).toBe('abc-123');
    expect(lines).toEqual([
      expect.objectContaining({ level: 'info', msg: 'request', requestId: 'abc-123', handler: 't', method: 'GET', route: '/api/x', status: 202, idempotency: 'replayed', provider: 200 }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('a@b.example');
  });

  it('makes a new id when none or an unusable one is given', async () => {
    const handler = observe('t', { log: false }, async () => new Response('ok'));
    const made = (await handler(get({ 'x-request-id': 'bad id\twith tab' }))).headers.get('x-request-id');
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 500 with the request id when the work throws, logs it as an error and reports it', async () => {
    const lines: LogRecord[] = [];
    const errors: unknown[] = [];
    const handler = observe('t', { log: (line) => lines.push(line), onError: (error) => errors.push(error) }, async () => {
      throw new Error('store down');
    });
    const response = await handler(get());
    expect(response.status).toBe(500);
    const { error } = await response.json();
    expect(error).toMatchObject({ code: 'internal_error', requestId: response.headers.get('x-request-id') });
    expect(errors).toEqual([new Error('store down')]);
    expect(lines[0]).toMatchObject({ level: 'error', status: 500, error: 'Error: store down' });
  });

  it('keeps the answer when a hook throws', async () => {
    const handler = observe('t', { log: () => { throw new Error('log full'); } }, async () => new Response('ok'));
    expect((await handler(get())).status).toBe(200);
  });
});
