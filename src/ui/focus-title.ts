/** Whether the element that has focus (looking into shadow roots from `node`'s document) shows its focus ring. */
export function focusRingShown(node: Node): boolean {
  let active = node.ownerDocument?.activeElement ?? null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active?.matches(':focus-visible') ?? false;
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
