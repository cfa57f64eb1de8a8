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
      part={part}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="evc-modal-header">
        <h2 id={titleId} className={hideTitle ? 'evc-visually-hidden' : undefined}>
          {title}
        </h2>
        <button type="button" className="evc-close" aria-label="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="evc-modal-body">{open && children}</div>
      {footer && <div className="evc-modal-footer">{footer}</div>}
    </dialog>
  );
}
