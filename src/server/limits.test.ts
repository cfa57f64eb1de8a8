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

  describe('an IPv6 client\'s /48 besides its /64', () => {
    /** How many of `perClient` requests from each address pass a limit of 10 a minute. */
    const passed = async (addresses: string[], perClient: number, options: { networkRateLimit?: number | false } = {}) => {
      const limit = clientLimiter('t', { limit: 10, windowMs: 60_000 }, { limit: 1, windowMs: 1 }, { trustedProxies: 1, ...options }, () => 0);
      let through = 0;
      for (const address of addresses) {
        for (let index = 0; index < perClient; index += 1) if ((await limit(request(address), {}, {}, {})) === null) through += 1;
      }
      return through;
    };
    const sixtyFours = Array.from({ length: 20 }, (_, index) => `2001:db8:7:${index.toString(16)}::1`);

    it('lets 20 /64s of one /48 through as one client, by default', async () => {
      expect(await passed(sixtyFours, 11)).toBe(10);
    });

    it('gives the /48 networkRateLimit times the figure, and counts /64s alone with false', async () => {
      expect(await passed(sixtyFours, 11, { networkRateLimit: 3 })).toBe(30);
      expect(await passed(sixtyFours, 11, { networkRateLimit: false })).toBe(200);
    });

    it('counts /64s of other /48s apart', async () => {
      const otherNetworks = Array.from({ length: 20 }, (_, index) => `2001:db8:${(index + 1).toString(16)}:1::1`);
      expect(await passed(otherNetworks, 11)).toBe(200);
    });

    it('leaves IPv4 clients as they were: each address on its own', async () => {
      const sameBlock = Array.from({ length: 20 }, (_, index) => `198.51.100.${index + 1}`);
      expect(await passed(sameBlock, 11)).toBe(200);
    });

    it('takes from the /48 only what the /64 allowed, so a refused /64 costs its neighbours nothing', async () => {
      expect(await passed(['2001:db8:7:1::1', '2001:db8:7:2::1'], 20, { networkRateLimit: 2 })).toBe(20);
    });
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
