/**
 * Entry of `dist/model-viewer.js`, the 3D viewer file that the element imports by URL only when
 * the buyer asks for the 3D view (DESIGN, Builds: never inside the classic script). Importing it
 * defines <model-viewer> and hands the element the code that places and paints it. A page that
 * already has a <model-viewer> (its own copy, or this file from another URL) keeps it:
 * model-viewer registers itself unconditionally, and a second define() would throw.
 */
if (!customElements.get('model-viewer')) {
  try {
    await import('@google/model-viewer');
  } catch (error) {
    // Another copy finished defining it while this one was evaluating: that copy serves just as well.
    if (!customElements.get('model-viewer')) throw error;
  }
}

export { mountModelStage } from './model-stage';
