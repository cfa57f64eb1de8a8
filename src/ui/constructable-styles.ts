/**
 * Styles reach the shadow root only as constructable stylesheets (STYLE-1): no <style>
 * tags, so a strict style-src CSP allows them, and host CSS cannot reach in. One sheet per CSS
 * text per document, shared by every instance.
 */
const sheets = new WeakMap<Document, Map<string, CSSStyleSheet>>();

/** What `1rem` means in the element's CSS files. */
const REM_PX = 16;

/**
 * The CSS with its `rem` lengths in px. A rem follows the host page's root font size, which pages
 * change (`html { font-size: 62.5% }` is common) and no rule in a shadow root can set back, so the
 * sheets are adopted in px: the element keeps its proportions on every page. The build applies it
 * to every CSS file as it inlines it (tsup.config.ts), so the shipped files adopt px and carry no
 * converter, and the page does not rewrite its stylesheets as it starts.
 */
export const remToPx = (css: string): string =>
  css.replace(/(?<![\w.])(\d*\.?\d+)rem\b/g, (_match, value: string) => `${Number((Number(value) * REM_PX).toFixed(4))}px`);

/** The root's adopted sheets and a sheet for each of `cssTexts`; none where the browser has no constructable stylesheets. */
export function sheetsFor(root: Node, cssTexts: readonly string[]): { target: DocumentOrShadowRoot; wanted: CSSStyleSheet[] } | undefined {
  const target = root as Node & Partial<DocumentOrShadowRoot>;
  const owner = root.ownerDocument;
  const view = owner?.defaultView;
  if (!owner || !view || typeof view.CSSStyleSheet !== 'function' || !target.adoptedStyleSheets) return undefined;
  let cache = sheets.get(owner);
  if (!cache) {
    cache = new Map();
    sheets.set(owner, cache);
  }
  const wanted = cssTexts.map((css) => {
    let sheet = cache.get(css);
    if (!sheet) {
      sheet = new view.CSSStyleSheet();
      sheet.replaceSync(css);
      cache.set(css, sheet);
    }
    return sheet;
  });
  return { target: target as DocumentOrShadowRoot, wanted };
}

/** Adopts `cssTexts` on `root`, in place of what it had. */
export function adoptStyles(root: Node, cssTexts: readonly string[]): void {
  const found = sheetsFor(root, cssTexts);
  if (found) found.target.adoptedStyleSheets = found.wanted;
}
