/**
 * Where `model-viewer.js` sits when the element came from the classic script: beside that script.
 * `document.currentScript` names the script only while it first runs, so the entry records it then;
 * ESM users have no such script and set `viewer-src` instead.
 */
let besideScript: string | undefined;

export function captureViewerSrc(script: Element | null | undefined): void {
  const src = (script as HTMLScriptElement | null | undefined)?.src;
  if (script?.localName !== 'script' || !src) return;
  try {
    besideScript = new URL('model-viewer.js', src).href;
  } catch {
    besideScript = undefined;
  }
}

/** The viewer file beside the classic script, when the element was loaded by one. */
export const scriptViewerSrc = (): string | undefined => besideScript;
