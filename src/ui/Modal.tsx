import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Hide the title visually while keeping it as the dialog's accessible name. */
  hideTitle?: boolean;
  className?: string;
  part?: string;
  footer?: ReactNode;
  /**
   * False shows the open dialog without the top layer and inertness, so a third-party overlay
   * appended to the page (GoCardless's drop-in) can be used above it; true again restores it.
   */
  modal?: boolean;
  /**
   * What the dialog shows as a whole (the wizard's step): when it changes while the dialog is open,
   * focus goes back to the title, so the new content is read from its start.
   */
  contentKey?: string;
}

/**
 * Whether the open dialog's body scrolls (the wizard's does when its step is taller than the screen),
 * followed as the body or its content changes size.
 */
function useScrolls(body: RefObject<HTMLElement | null>, open: boolean): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = body.current;
    if (!open || !element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollHeight > element.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, [body, open]);
  return open && scrolls;
}

/**
 * Spec §2 "Other": the reusable modal with title and close button. A native <dialog> opened with
 * showModal(): top layer, focus kept inside, Escape closes, focus returns to the opener. Opening
 * focuses the title (focusable, tabindex -1) rather than the first control, the close button, so the
 * dialog is read from its start; a visually hidden title, which could not show focus, leaves that to
 * the browser.
 */
export function Modal({ open, title, onClose, children, hideTitle, className, part, footer, modal = true, contentKey }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // A body that scrolls is a tab stop, so the keyboard scrolls it even when it holds no control (WCAG 2.1.1).
  const bodyScrolls = useScrolls(body, open);
  // What had focus inside when the dialog stopped being modal, given focus back when it is again.
  const focusBefore = useRef<HTMLElement | null>(null);
  // How this component last opened the dialog, and whether it is switching between the two.
  const shownModal = useRef(false);
  const switching = useRef(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!open) {
      if (dialog.open) dialog.close();
      return;
    }
    const isModal = shownModal.current;
    shownModal.current = modal;
    if (!dialog.open) {
      if (modal) dialog.showModal?.();
      else dialog.show?.();
      if (!hideTitle) heading.current?.focus();
    } else if (modal && !isModal) {
      switching.current = true;
      dialog.close();
      dialog.showModal?.();
      switching.current = false;
      const previous = focusBefore.current;
      focusBefore.current = null;
      if (previous?.isConnected && dialog.contains(previous)) previous.focus();
    } else if (!modal && isModal) {
      const root = dialog.getRootNode() as Document | ShadowRoot;
      const active = root.activeElement;
      focusBefore.current = active instanceof HTMLElement && dialog.contains(active) ? active : null;
      switching.current = true;
      dialog.close();
      dialog.show?.();
      switching.current = false;
    }
  }, [open, modal, hideTitle]);
  const shownContent = useRef(contentKey);
  useEffect(() => {
    if (shownContent.current === contentKey) return;
    shownContent.current = contentKey;
    if (ref.current?.open && !hideTitle) heading.current?.focus();
  }, [contentKey, hideTitle]);
  return (
    <dialog
      ref={ref}
      className={['evc-modal', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      part={['dialog', part].filter(Boolean).join(' ')}
      // React passes a nested dialog's cancel and close events up to this one's handlers too.
      onCancel={(event) => {
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose();
      }}
      // The browser may close the dialog without a cancelable cancel event (a second Escape
      // without user activation): keep the owner's state in step with it.
      // A switch between modal and not closes and reopens it: its close event (queued, or at once in
      // some DOM implementations) is not the buyer closing it.
      onClose={(event) => {
        if (event.target === event.currentTarget && open && !switching.current && !event.currentTarget.open) onClose();
      }}
    >
      <div className="evc-modal-header" part="dialog-header">
        <h2 id={titleId} ref={heading} tabIndex={-1} className={hideTitle ? 'evc-visually-hidden' : undefined} part="dialog-title">
          {title}
        </h2>
        <button type="button" className="evc-close" aria-label="Close" onClick={onClose} part="close-button">
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div
        ref={body}
        className="evc-modal-body"
        tabIndex={bodyScrolls ? 0 : undefined}
        role={bodyScrolls ? 'group' : undefined}
        aria-labelledby={bodyScrolls ? titleId : undefined}
        part="dialog-body"
      >
        {open && children}
      </div>
      {footer && (
        <div className="evc-modal-footer" part="dialog-footer">
          {footer}
        </div>
      )}
    </dialog>
  );
}
