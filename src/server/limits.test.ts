import { describe, expect, it } from 'vitest';
import { clientLimiter, globalLimiter, sharedStoreOf } from './limits';
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

  it.each([
    [{ limit: 0, windowMs: 1000 }],
    [{ limit: 1.5, windowMs: 1000 }],
    [{ limit: 1, windowMs: 0 }],
    [{ limit: 1, windowMs: Number.NaN }],
  ])('refuses a rule it cannot run: %j', (rule) => {
    expect(() => clientLimiter('t', rule, rule, {}, () => 0)).toThrow('a rate limit needs');
    expect(() => globalLimiter('t', rule, rule, () => 0)).toThrow('a rate limit needs');
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

describe('a handler\'s limits share one store', () => {
  it('uses the per-client limit\'s store where the others name none', async () => {
    const keys: string[] = [];
    const store = { take: async (key: string) => (keys.push(key), { allowed: true, retryAfterMs: 0 }) };
    const setting = { limit: 1, windowMs: 1, store };
    await globalLimiter('t', undefined, { limit: 1, windowMs: 1, store: sharedStoreOf(setting) }, () => 0)({});
    await globalLimiter('u', { limit: 5, windowMs: 1 }, { limit: 1, windowMs: 1, store: sharedStoreOf(setting) }, () => 0)({});
    expect(keys).toEqual(['t:all', 'u:all']);
    expect(sharedStoreOf(false)).toBeUndefined();
  });
});
