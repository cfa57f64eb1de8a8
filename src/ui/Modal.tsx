import { useEffect, useId, useRef, type ReactNode } from 'react';

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
}

/**
 * Spec §2 "Other": the reusable modal with title and close button. A native <dialog> opened with
 * showModal(): top layer, focus kept inside, Escape closes, focus returns to the opener.
 */
export function Modal({ open, title, onClose, children, hideTitle, className, part, footer }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);
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
        if (event.target === event.currentTarget && open) onClose();
      }}
    >
      <div className="evc-modal-header" part="dialog-header">
        <h2 id={titleId} className={hideTitle ? 'evc-visually-hidden' : undefined} part="dialog-title">
          {title}
        </h2>
        <button type="button" className="evc-close" aria-label="Close" onClick={onClose} part="close-button">
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="evc-modal-body" part="dialog-body">
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
