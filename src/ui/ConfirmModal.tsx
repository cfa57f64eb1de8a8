import type { ReactNode } from 'react';
import { Modal } from './Modal';

export interface ConfirmModalProps {
  /** The dialog's title and accessible name. */
  title: string;
  /** The question, said plainly. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
  /** PAGE-7: a confirm modal starts closed; its owner opens it. */
  open: boolean;
  part?: string;
}

/**
 * PAGE-7: a confirm modal, built on the reusable Modal: Escape, the close button and cancel
 * all leave things as they were; only the confirm button acts.
 */
export function ConfirmModal({ title, children, confirmLabel, cancelLabel = 'Cancel', onConfirm, onCancel, open, part }: ConfirmModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      className="evc-confirm"
      part={['confirm-dialog', part].filter(Boolean).join(' ')}
      footer={
        <>
          <button type="button" className="evc-secondary" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className="evc-primary" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
