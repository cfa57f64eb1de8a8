import { Spinner } from './Spinner';

/** What the 3D view says: on the page, and in its dialog from the wizard file. */
export const VIEWER_TEXT = {
  button: 'View in 3D',
  title: 'Your charger in 3D',
  loading: 'Loading the 3D view…',
  failed: 'The 3D view could not be loaded.',
  unsupported: '3D view is not available in this browser.',
} as const;

/** What is shown while a file loads (the wizard file, the viewer file). */
export function LoadStatus({ label }: { label: string }) {
  return (
    <div className="evc-load-status">
      <Spinner label={label} />
    </div>
  );
}

export interface LoadFailedProps {
  message: string;
  /** Loads it again; none when trying again cannot help. */
  retry?: (() => void) | undefined;
  /** In the page's place of a dialog: takes the failure away. */
  close?: (() => void) | undefined;
  part?: string | undefined;
}

/** What could not be loaded, with "Try again" and, in the page's place of a dialog, "Close". */
export function LoadFailed({ message, retry, close, part }: LoadFailedProps) {
  return (
    <div className="evc-load-failed" role="alert" part={part}>
      <p>{message}</p>
      {retry && (
        <button type="button" onClick={retry}>
          Try again
        </button>
      )}
      {close && (
        <button type="button" onClick={close}>
          Close
        </button>
      )}
    </div>
  );
}
