import type { CatalogueResult } from '../domain/catalogue/schema';
import { parseCatalogue } from '../domain/catalogue/schema';

export interface CatalogueLoaderOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Loads a merchant catalogue JSON (the `catalog` attribute) and validates it. Every failure comes
 * back as a message naming what was wrong; nothing throws.
 */
export async function loadCatalogue(url: string, options: CatalogueLoaderOptions = {}): Promise<CatalogueResult> {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 15_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetchImpl(url, { signal, headers: { Accept: 'application/json' }, credentials: 'omit' });
  } catch (error) {
    const reason = timeout.aborted ? 'it took too long to answer' : (error as Error).message || 'the network failed';
    return { ok: false, error: `catalogue: could not load ${url}: ${reason}` };
  }
  if (!response.ok) return { ok: false, error: `catalogue: ${url} answered ${response.status} ${response.statusText}`.trim() };
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    return { ok: false, error: `catalogue: could not read ${url}: ${(error as Error).message}` };
  }
  return parseCatalogue(text);
}
