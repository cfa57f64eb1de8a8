/** The one method of the asynchronous Clipboard API we use, so tests pass a fake. */
export interface ClipboardWriter {
  writeText(text: string): Promise<void>;
}

/**
 * Copies text to the clipboard; false when the page may not (no Clipboard API outside secure
 * contexts, permission refused, document not focused). Never throws: the caller then shows the
 * text for the buyer to copy.
 */
export async function copyText(text: string, clipboard: ClipboardWriter | null = globalThis.navigator?.clipboard ?? null): Promise<boolean> {
  if (!clipboard || typeof clipboard.writeText !== 'function') return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
