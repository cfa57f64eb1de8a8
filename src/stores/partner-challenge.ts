import type { PartnerChallenges } from '../services/partner-discount';
import type { KeyValueStorage } from './persistence';
import { readSaved, writeSaved } from './persistence';

interface SavedChallenge {
  email: string;
  challenge: string;
  expiresAt: number;
}

const isSaved = (data: unknown): data is SavedChallenge => {
  const saved = data as Partial<SavedChallenge> | null;
  return typeof saved?.email === 'string' && typeof saved.challenge === 'string' && saved.challenge !== '' && Number.isFinite(saved.expiresAt);
};

/**
 * The partner code's pending challenge, saved for the session (`evc:{storageKey}:partner-code`) as
 * the e-mail it names is, so after a reload the code already mailed can still be entered.
 */
export function partnerChallenges(storage: KeyValueStorage | undefined, storageKey: string): PartnerChallenges {
  const name = `evc:${storageKey}:partner-code`;
  // Kept in memory too: with persist="none" there is no storage, and the page still knows.
  let saved = readSaved(storage, name, (data) => (isSaved(data) ? data : undefined));
  return {
    remember(email, challenge, expiresAt) {
      saved = { email, challenge, expiresAt };
      writeSaved(storage, name, saved);
    },
    of: (email, now) => (saved && saved.email === email && saved.expiresAt > now ? saved.challenge : undefined),
    forget() {
      saved = undefined;
      // Written as null, which the next read removes: `forget` would be one more export of the page's chunk.
      writeSaved(storage, name, null);
    },
  };
}
