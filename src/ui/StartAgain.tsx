import { useState } from 'react';
import type { Configuration } from '../domain/configuration';
import { ConfirmModal } from './ConfirmModal';
import { useConfiguratorStore, useIsCurrentConfiguration } from './store-context';

/**
 * Issue 3 "Start again": back to the default choices, after a confirmation, since it also clears
 * any details entered (DESIGN "Start again clears all of it").
 */
export function StartAgain() {
  const store = useConfiguratorStore();
  const [resetTo, setResetTo] = useState<Configuration>();
  const stillReset = useIsCurrentConfiguration(resetTo);
  return (
    <div className="evc-start-again">
      <ConfirmModal
        title="Start again?"
        confirmLabel="Yes, start again"
        cancelLabel="Keep my choices"
        trigger={{ label: 'Start again', className: 'evc-secondary' }}
        onConfirm={() => {
          store.getState().actions.reset();
          setResetTo(store.getState().configuration);
        }}
      >
        <p>This clears your colours, cable, installation, extras and any details you have entered, and goes back to the default choices.</p>
      </ConfirmModal>
      <p className="evc-action-status" role="status">
        {stillReset && 'Your choices are back to the defaults.'}
      </p>
    </div>
  );
}
