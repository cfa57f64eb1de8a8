import { createContext, useContext } from 'react';

/** What the host page configured that the UI shows (contact lines, image base URL). */
export interface UiOptions {
  /** Unique per element on the page: keeps radio groups of two instances apart in any DOM. */
  instanceId: string;
  imageCdn: string;
  supportPhone?: string | undefined;
  supportEmail?: string | undefined;
  videoUrl?: string | undefined;
  socialUrl?: string | undefined;
}

export const UiOptionsContext = createContext<UiOptions>({ instanceId: 'evc', imageCdn: '/cdn' });

export const useUiOptions = () => useContext(UiOptionsContext);
