import { describe, expect, it } from 'vitest';
import { partnerChallenges } from './partner-challenge';
import { memoryStorage, writeSaved } from './persistence';

const KEY = 'order:/shop:#0';
const NAME = `evc:${KEY}:partner-code`;
const EMAIL = 'ada@partner-one.example';
const T0 = Date.UTC(2026, 0, 15, 12);

describe('partnerChallenges: the pending partner code, kept for the session', () => {
  it('gives the challenge back after a reload, for the address it was sent to, until its code lapses', () => {
    const storage = memoryStorage();
    partnerChallenges(storage, KEY).remember(EMAIL, 'challenge-1', T0 + 600_000);
    const reloaded = partnerChallenges(storage, KEY);
    expect(reloaded.of(EMAIL, T0 + 599_999)).toBe('challenge-1');
    expect(reloaded.of('kim@partner-one.example', T0)).toBeUndefined();
    expect(reloaded.of(EMAIL, T0 + 600_000)).toBeUndefined();
    expect(partnerChallenges(storage, 'order:/other:#0').of(EMAIL, T0)).toBeUndefined();
  });

  it('keeps only the newest, and nothing once forgotten, across a reload too', () => {
    const storage = memoryStorage();
    const challenges = partnerChallenges(storage, KEY);
    challenges.remember(EMAIL, 'challenge-1', T0 + 600_000);
    challenges.remember(EMAIL, 'challenge-2', T0 + 600_000);
    expect(partnerChallenges(storage, KEY).of(EMAIL, T0)).toBe('challenge-2');
    challenges.forget();
    expect(challenges.of(EMAIL, T0)).toBeUndefined();
    expect(partnerChallenges(storage, KEY).of(EMAIL, T0)).toBeUndefined();
    expect(storage.size()).toBe(0);
  });

  it('works in memory without storage (persist="none")', () => {
    const challenges = partnerChallenges(undefined, KEY);
    challenges.remember(EMAIL, 'challenge-1', T0 + 600_000);
    expect(challenges.of(EMAIL, T0)).toBe('challenge-1');
  });

  it.each([null, 'challenge-1', { email: EMAIL, challenge: '', expiresAt: T0 }, { email: EMAIL, challenge: 'c', expiresAt: 'soon' }])('discards a saved %j that is no challenge', (data) => {
    const storage = memoryStorage();
    writeSaved(storage, NAME, data);
    expect(partnerChallenges(storage, KEY).of(EMAIL, T0 - 1)).toBeUndefined();
    expect(storage.size()).toBe(0);
  });
});
