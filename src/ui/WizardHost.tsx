import { useEffect } from 'react';
import { useUiOptions } from './options-context';
import { Spinner } from './Spinner';
import { useConfigurator } from './store-context';
import { useWizardPart } from './use-wizard-part';

const UNAVAILABLE = 'The wizard is not available on this page.';

/**
 * Where the wizard appears: its file is loaded when the buyer first opens it (or when it was open
 * before a reload), then it renders into this container. A failed load is shown with "Try again".
 */
export function WizardHost() {
  const open = useConfigurator((state) => state.wizard.open);
  const closeWizard = useConfigurator((state) => state.actions.closeWizard);
  const { loadWizard, reportError } = useUiOptions();
  const { container, shown, error: failed, retry } = useWizardPart('mountWizard', open, 'wizard-load-failed');
  const unavailable = !loadWizard;
  const error = unavailable ? UNAVAILABLE : failed;

  useEffect(() => {
    if (open && unavailable) reportError?.({ code: 'wizard-unavailable', message: UNAVAILABLE });
  }, [open, unavailable, reportError]);

  return (
    <>
      <div ref={container} className="evc-wizard-host" />
      {open && !shown && !error && <Spinner label="Loading the next steps…" />}
      {open && error && (
        <div className="evc-wizard-failed" role="alert" part="wizard-error">
          <p>{error}</p>
          {!unavailable && (
            <button type="button" onClick={retry}>
              Try again
            </button>
          )}
          <button type="button" onClick={closeWizard}>
            Close
          </button>
        </div>
      )}
    </>
  );
}
