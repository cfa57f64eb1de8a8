import { sheetsFor } from './constructable-styles';

/** Adopts `cssTexts` on `root` after what it has (once each): how the wizard file adds its own sheets to the element's. */
export function appendStyles(root: Node, cssTexts: readonly string[]): void {
  const found = sheetsFor(root, cssTexts);
  if (!found) return;
  const { target, wanted } = found;
  const missing = wanted.filter((sheet) => !target.adoptedStyleSheets.includes(sheet));
  if (missing.length > 0) target.adoptedStyleSheets = [...target.adoptedStyleSheets, ...missing];
}
