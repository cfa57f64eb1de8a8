import { ConfirmModal } from './ConfirmModal';
import dialogCss from './dialog.css';
import { Modal } from './Modal';
import { useConfiguratorStore } from './store-context';
import { VIEWER_TEXT } from './load-parts';
import { ViewerContent } from './ViewerContent';
import type { WizardMountProps } from './wizard-module';

/** Every dialog's stylesheet: dialogs ship in the wizard file, and so does their CSS. */
export const DIALOG_STYLES: readonly string[] = [dialogCss];

type PageDialogProps = Pick<WizardMountProps, 'open' | 'close'>;

/** The 3D view's dialog, opened by the page's "View in 3D". */
export function ViewerDialog({ open = false, close }: PageDialogProps) {
  return (
    <Modal open={open} title={VIEWER_TEXT.title} onClose={() => close?.()} className="evc-viewer-dialog" part="viewer">
      <ViewerContent />
    </Modal>
  );
}

/**
 * "Start again?", opened by the page's "Start again": back to the default choices, after a
 * confirmation, since it also clears any details entered (SAVE-3).
 */
export function StartAgainDialog({ open = false, close }: PageDialogProps) {
  const store = useConfiguratorStore();
  return (
    <ConfirmModal
      title="Start again?"
      confirmLabel="Yes, start again"
      cancelLabel="Keep my choices"
      open={open}
      onConfirm={() => {
        store.getState().actions.reset();
        close?.(true);
      }}
      onCancel={() => close?.()}
    >
      <p>This clears your colours, cable, installation, extras and any details you have entered, and goes back to the default choices.</p>
    </ConfirmModal>
  );
}
