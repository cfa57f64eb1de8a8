/** Whether this browser can draw WebGL: the page asks before it offers the 3D view. */
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
