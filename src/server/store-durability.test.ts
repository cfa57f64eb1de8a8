import { describe, expect, it } from 'vitest';
import type { RequestNotes } from './operations';
import { durabilityGuard, StoreNotDurableError } from './store-durability';

describe('durabilityGuard', () => {
  it('goes on when no store can tell (the memory stores) or every store is durable', async () => {
    const notes: RequestNotes = {};
    const durable = { durable: async () => undefined };
    expect(await durabilityGuard([undefined, {}, durable])(notes, {})).toBeNull();
    expect(notes).toEqual({});
  });

  it('answers 503 store_not_durable with the headers given, and notes the reason', async () => {
    const notes: RequestNotes = {};
    const volatile = {
      durable: async () => {
        throw new StoreNotDurableError('set appendonly yes');
      },
    };
    const refused = await durabilityGuard([{}, volatile])(notes, { 'access-control-allow-origin': 'https://portal.example' });
    expect(refused?.status).toBe(503);
    expect(refused?.headers.get('access-control-allow-origin')).toBe('https://portal.example');
    expect(await refused?.json()).toEqual({ error: { code: 'store_not_durable', message: expect.stringContaining('Nothing was sent') } });
    expect(notes.reason).toBe('store_not_durable');
  });

  it("tells a merchant store's refusal by its code", async () => {
    const own = { durable: () => Promise.reject(Object.assign(new Error('no journal'), { code: 'store_not_durable' })) };
    expect((await durabilityGuard([own])({}, {}))?.status).toBe(503);
  });

  it('asks a check shared by several stores once per request, with its store as `this`', async () => {
    const asked: unknown[] = [];
    async function durable(this: unknown) {
      asked.push(this);
    }
    const first = { durable };
    await durabilityGuard([first, { durable }, first])({}, {});
    expect(asked).toEqual([first]);
  });

  it('throws any other failure of a check, as the store itself would', async () => {
    const unreachable = { durable: () => Promise.reject(new Error('connect ECONNREFUSED')) };
    await expect(durabilityGuard([unreachable])({}, {})).rejects.toThrow('ECONNREFUSED');
  });
});
