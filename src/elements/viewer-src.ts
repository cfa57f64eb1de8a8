/**
 * Where the on-demand files (`model-viewer.js`, `wizard.js`, `catalogue.js`, `share-link.js`) sit when the element came from the
 * classic script: beside that script. `document.currentScript` names the script only while it first
 * runs, so the entry records it then; ESM users have no such script and set `viewer-src` and
 * `wizard-src` instead.
 */
let scriptSrc: string | undefined;

export function captureViewerSrc(script: Element | null | undefined): void {
  const src = (script as HTMLScriptElement | null | undefined)?.src;
  if (script?.localName !== 'script' || !src) return;
  scriptSrc = src;
}

function besideScript(file: string): string | undefined {
  if (!scriptSrc) return undefined;
  try {
    return new URL(file, scriptSrc).href;
  } catch {
    return undefined;
  }
}

/** The viewer file beside the classic script, when the element was loaded by one. */
export const scriptViewerSrc = (): string | undefined => besideScript('model-viewer.js');

/** The wizard file beside the classic script, when the element was loaded by one. */
export const scriptWizardSrc = (): string | undefined => besideScript('wizard.js');

/** The catalogue file beside the classic script (on-demand-by-url.ts). */
export const scriptCatalogueSrc = (): string | undefined => besideScript('catalogue.js');

/** The share-link file beside the classic script (on-demand-by-url.ts). */
export const scriptShareSrc = (): string | undefined => besideScript('share-link.js');
