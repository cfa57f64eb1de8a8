import { Spinner } from './Spinner';

/** What the 3D view says: on the page, and in its dialog's content from the wizard file. */
export const VIEWER_TEXT = {
  button: 'View in 3D',
  title: 'Your charger in 3D',
  loading: 'Loading the 3D view…',
  failed: 'The 3D view could not be loaded.',
  retry: 'Try again',
  unsupported: '3D view is not available in this browser.',
} as const;

/** The 3D dialog while what it shows loads (the wizard file, then the viewer file). */
export function ViewerLoading() {
  return (
    <div className="evc-viewer-status">
      <Spinner label={VIEWER_TEXT.loading} />
    </div>
  );
}

/** The 3D dialog when a file or the model could not be loaded, with the way on. */
export function ViewerFailed({ retry }: { retry(): void }) {
  return (
    <div className="evc-viewer-error" role="alert">
      <p>{VIEWER_TEXT.failed}</p>
      <button type="button" onClick={retry}>
        {VIEWER_TEXT.retry}
      </button>
    </div>
  );
}
