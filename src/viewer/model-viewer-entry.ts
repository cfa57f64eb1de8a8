/**
 * Entry of `dist/model-viewer.js`, the 3D viewer file that the element imports by URL only when
 * the buyer asks for the 3D view (BUILD-1: never inside the classic script). Importing it
 * defines <model-viewer> and hands the element the code that places and paints it. A page that
 * already has a <model-viewer> (its own copy, or this file from another URL) keeps it:
 * model-viewer registers itself unconditionally, and a second define() would throw.
 */

/**
 * What model-viewer's libraries leave on the window as they are evaluated: three.js its revision
 * (`__THREE__`, to warn of a second copy), Lit its version lists and the map its decorators share
 * class metadata through. The element adds nothing to the window but its custom elements (it is
 * embeddable), so these are taken away again once <model-viewer> is defined, unless the page had
 * them before. Nothing reads them after that: Lit reads the metadata map only while it finalises a
 * class, which customElements.define() has done by then. test/e2e/isolation.test.mjs lists the
 * window's properties before and after the 3D view, so a new mark shows there.
 */
const LIBRARY_MARKS = ['__THREE__', 'litHtmlVersions', 'litElementVersions', 'reactiveElementVersions', 'litPropertyMetadata'];

if (!customElements.get('model-viewer')) {
  const before = new Set(Object.getOwnPropertyNames(globalThis));
  try {
    await import('@google/model-viewer');
  } catch (error) {
    // Another copy finished defining it while this one was evaluating: that copy serves just as well.
    if (!customElements.get('model-viewer')) throw error;
  } finally {
    for (const name of LIBRARY_MARKS) if (!before.has(name)) Reflect.deleteProperty(globalThis, name);
  }
}

export { mountModelStage } from './model-stage';
