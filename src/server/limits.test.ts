import { describe, expect, it } from 'vitest';
import { clientLimiter, globalLimiter } from './limits';
import type { RequestNotes } from './operations';

const request = (forwarded: string) => new Request('https://relay.example/api', { headers: { 'x-forwarded-for': forwarded } });

describe('clientLimiter', () => {
  it('counts each client apart, one /64 as one client, and forged entries to the left not at all', async () => {
    const time = 0;
    const limit = clientLimiter('t', { limit: 1, windowMs: 60_000 }, { limit: 1, windowMs: 1 }, { trustedProxies: 1 }, () => time);
    const status = async (forwarded: string) => (await limit(request(forwarded), {}, {}, {}))?.status ?? 200;
    expect(await status('198.51.100.1')).toBe(200);
    expect(await status('198.51.100.1')).toBe(429);
    expect(await status('6.6.6.6, 198.51.100.1')).toBe(429);
    expect(await status('198.51.100.1, 198.51.100.2')).toBe(200);
    expect(await status('2001:db8::1')).toBe(200);
    expect(await status('2001:db8::2')).toBe(429);
  });

  it('refuses a request whose address nothing vouches for, instead of a shared bucket', async () => {
    const limit = clientLimiter('t', undefined, { limit: 10, windowMs: 60_000 }, {}, () => 0);
    const notes: RequestNotes = {};
    const refused = await limit(request('198.51.100.1'), {}, notes, {});
    expect(refused?.status).toBe(400);
    expect((await refused!.json()).error.code).toBe('client_address_unknown');
    expect(notes.reason).toBe('client_address_unknown');
    expect(await limit(request('x'), { clientAddress: '198.51.100.1' }, {}, {})).toBeNull();
  });

  it('is off with false', async () => {
    const limit = clientLimiter('t', false, { limit: 1, windowMs: 1 }, {}, () => 0);
    expect(await limit(request(''), {}, {}, {})).toBeNull();
  });
});

describe('globalLimiter', () => {
  it('caps all clients together and says how long to wait', async () => {
    const limit = globalLimiter('t', { limit: 2, windowMs: 3_600_000 }, { limit: 1, windowMs: 1 }, () => 0);
    const notes: RequestNotes = {};
    expect(await limit(notes)).toBeNull();
    expect(await limit(notes)).toBeNull();
    expect(await limit(notes)).toBe(1_800_000);
    expect(notes.reason).toBe('global_limit');
  });
});
