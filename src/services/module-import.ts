/**
 * Importing an on-demand file by URL: the build's own beside `elements.js`, or one the page names
 * (`viewer-src`, `wizard-src`). Each URL is imported once for the whole page; after a failure the
 * next attempt asks for a fresh URL, because the browser's module map remembers a failed fetch of a
 * URL for good.
 */
export type ImportModule = (url: string) => Promise<unknown>;

/** esbuild leaves a variable import alone; the comments ask the same of ESM users' bundlers. */
export const importByUrl: ImportModule = (url) => import(/* webpackIgnore: true */ /* @vite-ignore */ url);

/** A load that trying again cannot mend: only a reload of the page fetches a failed file again. */
export type LoadError = Error & { reload?: true };

/**
 * Whether the file at `url` itself arrived, as far as the page can see (Resource Timing; a server on
 * another origin shows it only with Timing-Allow-Origin): a failed import of it then failed on a
 * file it imports, which keeps its URL, so the browser gives the same failure until the page reloads.
 */
function arrived(url: string): boolean {
  return performance.getEntriesByName(url).some(({ responseStatus: status }: Partial<PerformanceResourceTiming>) => status !== undefined && status >= 200 && status < 300);
}

function loadError(what: string, error: unknown, url?: string): LoadError {
  const reload = url !== undefined && arrived(url);
  const why = reload ? 'a file it needs did not arrive; reload the page to try again' : (error as Error | null)?.message || 'the network failed';
  return Object.assign(new Error(`${what} could not be loaded${url ? ` from ${url}` : ''}: ${why}`, { cause: error }), reload ? { reload } : {});
}

/** Where the build's own on-demand files are: beside `elements.js`, which says so as it loads (a bundler's build has none). */
let builtFiles: string | undefined;

export const setBuiltFilesUrl = (url: string | undefined): void => {
  builtFiles = url;
};

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
        throw loadError(what, error, target);
      });
      loads.set(url, loading);
    }
    return loading;
  };
}

/**
 * One of the build's on-demand files (`file`, such as `wizard.js`): imported by its URL beside
 * `elements.js` in our build, as a page-named URL is (the files it imports keep their URLs, so what
 * the page loaded already, React above all, stays shared), else by the bundle's own dynamic import.
 */
export function builtFileImporter(file: string, what: string, importBuilt: () => Promise<unknown>, importModule = importByUrl): () => Promise<unknown> {
  const importUrl = createUrlImporter(importModule);
  return () =>
    builtFiles
      ? importUrl(new URL(file, builtFiles).href, what)
      : importBuilt().catch((error: unknown) => {
          throw loadError(what, error);
        });
}
