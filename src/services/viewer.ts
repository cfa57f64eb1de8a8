/**
 * The 3D viewer's I/O (issue 3 "3D/AR"): importing `model-viewer.js` by URL, only when the buyer
 * asks for the 3D view, and probing WebGL first so that a browser without it keeps the 2D preview.
 */
export interface ViewerService {
  /** Imports the viewer file; resolves once <model-viewer> is defined, rejects with a readable error. */
  loadViewer(url: string): Promise<void>;
  /** Whether this browser can draw WebGL at all. */
  webglAvailable(document: Document): boolean;
}

export interface ViewerLoaderOptions {
  /** Imports an ES module by URL; tests hand in a fake. */
  importModule?: (url: string) => Promise<unknown>;
  registry?: CustomElementRegistry | undefined;
}

/**
 * A dynamic import of a variable URL: the classic script cannot split code, so this is how it reaches
 * a file beside itself. esbuild leaves it as it is; the comments ask the same of the bundlers of ESM
 * users (webpack would otherwise look the URL up among its own modules).
 */
const importByUrl = (url: string): Promise<unknown> => import(/* webpackIgnore: true */ /* @vite-ignore */ url);

/** A loader that imports each URL once, shared by every element on the page. */
export function createViewerLoader({ importModule = importByUrl, registry = globalThis.customElements }: ViewerLoaderOptions = {}) {
  const loads = new Map<string, Promise<void>>();
  const failures = new Map<string, number>();

  async function load(url: string, attempt: number): Promise<void> {
    // The module map remembers a failed fetch of a URL, so a retry asks for a fresh one.
    const target = attempt === 0 ? url : `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}`;
    try {
      await importModule(target);
    } catch (error) {
      throw new Error(`The 3D viewer could not be loaded from ${url}: ${(error as Error)?.message || 'the network failed'}`, { cause: error });
    }
    if (!registry?.get('model-viewer')) throw new Error(`${url} did not define <model-viewer>: is it the viewer file (model-viewer.js)?`);
  }

  return function loadViewer(url: string): Promise<void> {
    if (registry?.get('model-viewer')) return Promise.resolve();
    let loading = loads.get(url);
    if (!loading) {
      loading = load(url, failures.get(url) ?? 0).catch((error: unknown) => {
        loads.delete(url);
        failures.set(url, (failures.get(url) ?? 0) + 1);
        throw error;
      });
      loads.set(url, loading);
    }
    return loading;
  };
}

const probed = new WeakMap<Document, boolean>();

/** Creates a throwaway canvas context (WebGL 2, else 1) once per document, and releases it at once. */
export function webglAvailable(document: Document): boolean {
  let available = probed.get(document);
  if (available === undefined) {
    try {
      const canvas = document.createElement('canvas');
      const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
      available = context !== null && context !== undefined;
      context?.getExtension('WEBGL_lose_context')?.loseContext();
    } catch {
      available = false;
    }
    probed.set(document, available);
  }
  return available;
}

/** The browser's viewer service: one loader for the whole page. */
export const browserViewer: ViewerService = { loadViewer: createViewerLoader(), webglAvailable };
