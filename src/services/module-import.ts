/**
 * Importing an on-demand file by a URL the page names (`viewer-src`, `wizard-src`) instead of the
 * build's own. Each URL is imported once for the whole page;
 * after a failure the next attempt asks for a fresh URL, because the browser's module map remembers
 * a failed fetch of a URL for good.
 */
export type ImportModule = (url: string) => Promise<unknown>;

/** esbuild leaves a variable import alone; the comments ask the same of ESM users' bundlers. */
export const importByUrl: ImportModule = (url) => import(/* webpackIgnore: true */ /* @vite-ignore */ url);

export function createUrlImporter(importModule: ImportModule = importByUrl): (url: string, what: string) => Promise<unknown> {
  const loads = new Map<string, Promise<unknown>>();
  const failures = new Map<string, number>();
  return (url, what) => {
    let loading = loads.get(url);
    if (!loading) {
      const attempt = failures.get(url) ?? 0;
      const target = attempt === 0 ? url : `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}`;
      loading = importModule(target).catch((error: unknown) => {
        loads.delete(url);
        failures.set(url, attempt + 1);
        throw new Error(`${what} could not be loaded from ${url}: ${(error as Error)?.message || 'the network failed'}`, { cause: error });
      });
      loads.set(url, loading);
    }
    return loading;
  };
}
