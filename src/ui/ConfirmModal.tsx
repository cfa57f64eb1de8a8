import { useState, type ReactNode } from 'react';
import { Modal } from './Modal';

export interface ConfirmModalProps {
  /** The dialog's title and accessible name. */
  title: string;
  /** The question, said plainly. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm(): void;
  onCancel?(): void;
  /** The button that opens it; leave out and pass `open` when the owner decides when it shows. */
  trigger?: { label: string; className?: string; part?: string };
  open?: boolean;
  part?: string;
}

/**
 * Spec §2 "Other": "A confirm modal starts closed". Built on the reusable Modal: Escape, the close
 * button and cancel all leave things as they were; only the confirm button acts.
 */
export function ConfirmModal({ title, children, confirmLabel, cancelLabel = 'Cancel', onConfirm, onCancel, trigger, open, part }: ConfirmModalProps) {
  const [triggered, setTriggered] = useState(false);
  const shown = open ?? triggered;
  const cancel = () => {
    setTriggered(false);
    onCancel?.();
  };
  const confirm = () => {
    setTriggered(false);
    onConfirm();
  };
  return (
    <>
      {trigger && (
        <button type="button" className={trigger.className} part={trigger.part} aria-haspopup="dialog" onClick={() => setTriggered(true)}>
          {trigger.label}
        </button>
      )}
      <Modal
        open={shown}
        title={title}
        onClose={cancel}
        className="evc-confirm"
        part={['confirm-dialog', part].filter(Boolean).join(' ')}
        footer={
          <>
            <button type="button" className="evc-secondary" onClick={cancel}>
              {cancelLabel}
            </button>
            <button type="button" className="evc-primary" onClick={confirm}>
              {confirmLabel}
            </button>
          </>
        }
      >
        {children}
      </Modal>
    </>
  );
}
