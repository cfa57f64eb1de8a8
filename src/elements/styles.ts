/**
 * Styles reach the shadow root only as constructable stylesheets (DESIGN "Styles"): no <style>
 * tags, so a strict style-src CSP allows them, and host CSS cannot reach in. One sheet per CSS
 * text per document, shared by every instance.
 */
const sheets = new WeakMap<Document, Map<string, CSSStyleSheet>>();

export function adoptStyles(root: ShadowRoot, cssTexts: readonly string[]): void {
  const view = root.ownerDocument.defaultView;
  if (!view || typeof view.CSSStyleSheet !== 'function' || !('adoptedStyleSheets' in root)) return;
  let cache = sheets.get(root.ownerDocument);
  if (!cache) {
    cache = new Map();
    sheets.set(root.ownerDocument, cache);
  }
  root.adoptedStyleSheets = cssTexts.map((css) => {
    let sheet = cache.get(css);
    if (!sheet) {
      sheet = new view.CSSStyleSheet();
      sheet.replaceSync(css);
      cache.set(css, sheet);
    }
    return sheet;
  });
}
