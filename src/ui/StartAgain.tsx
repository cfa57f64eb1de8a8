import { useCallback, useState } from 'react';
import type { Configuration } from '../domain/configuration';
import { useUiOptions } from './options-context';
import { PageDialog } from './PageDialog';
import { useConfiguratorStore, useIsCurrentConfiguration } from './store-context';

/**
 * Back to the default choices, after a confirmation ("Start again?", in the
 * wizard file), since it also clears any details entered (SAVE-3).
 */
export function StartAgain() {
  const { loadWizard } = useUiOptions();
  const store = useConfiguratorStore();
  const [open, setOpen] = useState(false);
  const [resetTo, setResetTo] = useState<Configuration>();
  const stillReset = useIsCurrentConfiguration(resetTo);
  const close = useCallback(
    (confirmed?: boolean) => {
      setOpen(false);
      if (confirmed) setResetTo(store.getState().configuration);
    },
    [store],
  );
  // Without the wizard file (ESM use without `wizard-src`) there is no dialog to ask in.
  if (!loadWizard) return null;
  return (
    <div className="evc-start-again">
      <button type="button" className="evc-secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Start again
      </button>
      <PageDialog mount="mountStartAgain" open={open} close={close} failure="start-again-load-failed" loading="Opening the confirmation…" failed="Start again could not be opened." />
      <p className="evc-action-status" role="status">
        {stillReset && 'Your choices are back to the defaults.'}
      </p>
    </div>
  );
}
