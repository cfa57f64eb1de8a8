/**
 * Whether the element that has focus (looking into shadow roots from `node`'s document) shows its
 * focus ring; undefined when nothing has focus (what had it was removed, or nothing was focused).
 */
export function focusRingShown(node: Node): boolean | undefined {
  const document = node.ownerDocument;
  let active = document?.activeElement ?? null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  if (!active || active === document?.body) return undefined;
  return active.matches(':focus-visible');
}

/**
 * Focuses a dialog's title (tabindex -1), with its focus ring only when `ring` (what had focus
 * showed one): WebKit matches :focus-visible on whatever script focuses, so it ringed the title of a
 * dialog opened with the mouse. dialog.css hides the ring of a title marked data-quiet-focus.
 */
export function focusTitle(title: HTMLElement | null | undefined, ring: boolean): void {
  title?.toggleAttribute('data-quiet-focus', !ring);
  title?.focus();
}
