import type { MouseEvent } from 'react';
import { useCallback, useState } from 'react';
import { webglAvailable } from '../services/webgl';
import { useUiOptions } from './options-context';
import { PageDialog } from './PageDialog';
import { VIEWER_TEXT } from './load-parts';

/**
 * A "View in 3D" button (NAME-4, PREVIEW-9) that opens the 3D dialog; without WebGL the 2D preview
 * stays, with a notice. The dialog is a part of the wizard file (ViewerDialog), which loads the viewer
 * file in turn: the page needs neither before the press.
 */
export function Viewer3D() {
  const { modelSrc, loadWizard } = useUiOptions();
  if (!modelSrc || !loadWizard) return null;
  return <ViewerControl />;
}

function ViewerControl() {
  // The page needs only the WebGL probe: the viewer file's loader ships with the dialog.
  const canDraw = useUiOptions().viewer?.webglAvailable ?? webglAvailable;
  const [unsupported, setUnsupported] = useState(false);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);

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
      <PageDialog mount="mountViewer" open={open} close={close} failure="viewer-load-failed" loading={VIEWER_TEXT.loading} failed={VIEWER_TEXT.failed} />
    </div>
  );
}
