import type { MouseEvent } from 'react';
import { useState } from 'react';
import { webglAvailable } from '../services/viewer';
import { Modal } from './Modal';
import { useUiOptions } from './options-context';
import { useWizardPart } from './use-wizard-part';
import { VIEWER_TEXT, ViewerFailed, ViewerLoading } from './viewer-parts';

/**
 * A "View in 3D" button (DESIGN contract) that opens the 3D dialog; without WebGL the 2D preview
 * stays, with a notice. What the dialog shows ships in the wizard file (ViewerContent), which loads
 * the viewer file in turn, so the page's script holds only the button and the dialog's frame.
 */
export function Viewer3D() {
  const { modelSrc, viewerSrc, loadWizard } = useUiOptions();
  if (!modelSrc || !viewerSrc || !loadWizard) return null;
  return <ViewerControl />;
}

function ViewerControl() {
  // The page needs only the WebGL probe: the viewer file's loader ships with the dialog's content.
  const canDraw = useUiOptions().viewer?.webglAvailable ?? webglAvailable;
  const [unsupported, setUnsupported] = useState(false);
  const [open, setOpen] = useState(false);

  const show = (event: MouseEvent<HTMLButtonElement>) => {
    if (canDraw(event.currentTarget.ownerDocument)) setOpen(true);
    else setUnsupported(true);
  };

  return (
    <div className="evc-viewer">
      <button type="button" className="evc-viewer-button" part="viewer-button" aria-haspopup="dialog" onClick={show}>
        {VIEWER_TEXT.button}
      </button>
      {/* Present from the start, so screen readers announce the notice when it is filled in. */}
      <p className="evc-viewer-notice" role="status">
        {unsupported ? VIEWER_TEXT.unsupported : null}
      </p>
      <Modal open={open} title={VIEWER_TEXT.title} onClose={() => setOpen(false)} className="evc-viewer-dialog" part="viewer">
        <ViewerDialogContent />
      </Modal>
    </div>
  );
}

/** The open dialog's content from the wizard file: the spinner until it is there, "Try again" if it does not come. */
function ViewerDialogContent() {
  const { container, shown, error, retry } = useWizardPart('mountViewer', true, 'viewer-load-failed');
  return (
    <>
      <div ref={container} />
      {!shown && (error ? <ViewerFailed retry={retry} /> : <ViewerLoading />)}
    </>
  );
}
