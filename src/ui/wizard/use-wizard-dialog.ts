import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { focusRingShown, focusTitle } from '../focus-title';

export interface WizardDialogOptions {
  open: boolean;
  /**
   * False shows the open dialog without the top layer and inertness, so a third-party overlay
   * appended to the page (GoCardless's drop-in) can be used above it; true again restores it.
   */
  modal: boolean;
  /**
   * What the dialog shows as a whole (the wizard's step): when it changes while the dialog is open,
   * focus goes back to the title, so the new content is read from its start.
   */
  contentKey: string;
  onClose(): void;
}

/**
 * Focuses the title of the dialog `inside` is in (the wizard's: the step's title), so what follows
 * is read from the step's start: where focus goes when what had it is about to go.
 */
export function focusDialogTitle(inside: Element | null): void {
  const title = inside?.closest('dialog')?.querySelector<HTMLElement>(':scope > [part~="dialog-header"] > [part~="dialog-title"]');
  // When what had focus is gone (Continue on the last step), the ring stays as it was on the title.
  if (title) focusTitle(title, focusRingShown(title) ?? !title.hasAttribute('data-quiet-focus'));
}

const TABBABLE = 'button, a[href], input, select, textarea, summary, [tabindex]';

/** The first and last controls Tab stops at in `dialog` itself (not in a dialog opened inside it), in document order. */
function tabEnds(dialog: HTMLDialogElement): [HTMLElement | undefined, HTMLElement | undefined] {
  const stops = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (node) => node.tabIndex >= 0 && !(node as HTMLButtonElement).disabled && node.getClientRects().length > 0 && node.closest('dialog') === dialog,
  );
  return [stops[0], stops.at(-1)];
}

/**
 * What the wizard's dialog does beyond a Modal's, on the dialog element the Modal is given
 * (`dialogRef`): it switches between modal and not, focuses the title on each new step, and keeps
 * Tab inside while modal (Tab from the last control to the first, Shift+Tab back): Firefox lets Tab
 * leave a modal <dialog> in a shadow root for the browser, and brings it back to the last control.
 * Returns the Modal's `onClose`: a switch closes and reopens the dialog, and its close event
 * (queued, or at once in some DOM implementations) is not the buyer closing it.
 */
export function useWizardDialog(dialogRef: RefObject<HTMLDialogElement | null>, { open, modal, contentKey, onClose }: WizardDialogOptions): () => void {
  // How the dialog is shown now (the Modal opens it modal), and whether it is being switched.
  const shownModal = useRef(true);
  const switching = useRef(false);
  // What had focus inside when the dialog stopped being modal, given focus back when it is again.
  const focusBefore = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog?.open) {
      shownModal.current = true;
      return;
    }
    if (modal === shownModal.current) return;
    shownModal.current = modal;
    if (!modal) {
      const active = (dialog.getRootNode() as Document | ShadowRoot).activeElement;
      focusBefore.current = active instanceof HTMLElement && dialog.contains(active) ? active : null;
    }
    switching.current = true;
    dialog.close();
    if (modal) dialog.showModal?.();
    else dialog.show?.();
    switching.current = false;
    if (!modal) return;
    const previous = focusBefore.current;
    focusBefore.current = null;
    if (previous?.isConnected && dialog.contains(previous)) previous.focus();
  }, [dialogRef, open, modal]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !modal || !dialog) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // WebKitGTK names Shift+Tab's key "Unidentified"; its code is still Tab.
      if ((event.key !== 'Tab' && event.code !== 'Tab') || event.defaultPrevented) return;
      const [first, last] = tabEnds(dialog);
      const active = (dialog.getRootNode() as Document | ShadowRoot).activeElement;
      const to = event.shiftKey ? (active === first ? last : undefined) : active === last ? first : undefined;
      if (!to) return;
      event.preventDefault();
      to.focus();
    };
    dialog.addEventListener('keydown', onKeyDown);
    return () => dialog.removeEventListener('keydown', onKeyDown);
  }, [dialogRef, open, modal]);

  const shownContent = useRef(contentKey);
  useEffect(() => {
    if (shownContent.current === contentKey) return;
    shownContent.current = contentKey;
    const dialog = dialogRef.current;
    if (dialog?.open) focusDialogTitle(dialog);
  }, [dialogRef, contentKey]);

  return useCallback(() => {
    if (!switching.current) onClose();
  }, [onClose]);
}
