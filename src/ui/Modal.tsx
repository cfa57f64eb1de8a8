import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { focusRingShown, focusTitle } from './focus-title';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  className?: string;
  part?: string;
  footer?: ReactNode;
  /** The dialog element, for an owner that does more with it (the wizard: wizard/use-wizard-dialog.ts). */
  dialogRef?: RefObject<HTMLDialogElement | null>;
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
 * PAGE-7: the reusable modal with title and close button. A native <dialog> opened with
 * showModal(): top layer, focus kept inside, Escape closes, focus returns to the opener. Opening
 * focuses the title (focusable, tabindex -1) rather than the first control, the close button, so the
 * dialog is read from its start; its focus ring shows when the opener's did (focus-title.ts).
 */
export function Modal({ open, title, onClose, children, className, part, footer, dialogRef }: ModalProps) {
  const own = useRef<HTMLDialogElement>(null);
  const ref = dialogRef ?? own;
  const heading = useRef<HTMLHeadingElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // A body that scrolls is a tab stop, so the keyboard scrolls it even when it holds no control (WCAG 2.1.1).
  const bodyScrolls = useScrolls(body, open);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!open) {
      if (dialog.open) dialog.close();
    } else if (!dialog.open) {
      const ring = focusRingShown(dialog) ?? false;
      dialog.showModal?.();
      focusTitle(heading.current, ring);
    }
  }, [ref, open]);
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
      onClose={(event) => {
        if (event.target === event.currentTarget && open && !event.currentTarget.open) onClose();
      }}
    >
      <div className="evc-modal-header" part="dialog-header">
        <h2 id={titleId} ref={heading} tabIndex={-1} part="dialog-title">
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
