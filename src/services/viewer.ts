/**
 * The 3D viewer's I/O: importing `model-viewer.js` only when the buyer asks for the 3D view (the
 * build's own file, or the one `viewer-src` names), and probing WebGL first so that a browser
 * without it keeps the 2D preview.
 */
import type { ViewerModule } from '../viewer/model-stage';
import { isViewerModule } from '../viewer/model-stage';
import type { ImportModule } from './module-import';
import { builtFileImporter, createUrlImporter, importByUrl } from './module-import';
import { webglAvailable } from './webgl';

export { webglAvailable };

export interface ViewerService {
  /** Imports the viewer file (the build's own, or the one at `url`); resolves with its stage once <model-viewer> is defined, rejects with a readable error. */
  loadViewer(url?: string): Promise<ViewerModule>;
  /** Whether this browser can draw WebGL at all. */
  webglAvailable(document: Document): boolean;
}

export interface ViewerLoaderOptions {
  /** Imports an ES module by URL; tests hand in a fake. */
  importModule?: ImportModule;
  /** Imports the build's own viewer file; it says what failed, and tries again with a fresh URL. */
  importOwn?: () => Promise<unknown>;
  registry?: CustomElementRegistry | undefined;
}

const importOwnViewer = /* @__PURE__ */ builtFileImporter('model-viewer.js', 'The 3D viewer', () => import('../viewer/model-viewer-entry'));

/**
 * A loader that imports each file once, shared by every element on the page. The file is imported
 * even when the page has a <model-viewer> of its own: it keeps that one and brings the stage.
 */
export function createViewerLoader({ importModule = importByUrl, importOwn = importOwnViewer, registry = globalThis.customElements }: ViewerLoaderOptions = {}) {
  const importOnce = createUrlImporter(importModule);
  return async function loadViewer(url?: string): Promise<ViewerModule> {
    const module = await (url ? importOnce(url, 'The 3D viewer') : importOwn());
    if (!registry?.get('model-viewer') || !isViewerModule(module)) throw new Error(`${url ?? 'model-viewer.js'} did not define <model-viewer>: is it the viewer file (model-viewer.js)?`);
    return module;
  };
}

/** The browser's viewer service: one loader for the whole page (left out of a build that uses only the probe). */
export const browserViewer: ViewerService = { loadViewer: /* @__PURE__ */ createViewerLoader(), webglAvailable };
