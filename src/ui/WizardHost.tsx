import { useEffect, useRef, useState } from 'react';
import { useUiOptions } from './options-context';
import { Spinner } from './Spinner';
import { useConfigurator, useConfiguratorStore } from './store-context';
import type { WizardHandle, WizardModule } from './wizard-module';

/** What came of loading the wizard file: nothing yet, the module, or the message of a failure. */
type Loaded = { module?: WizardModule; error?: string };

/**
 * Where the wizard appears: its file is loaded when the buyer first opens it (or when it was open
 * before a reload), then it renders into this container. A failed load is shown with "Try again".
 */
export function WizardHost() {
  const store = useConfiguratorStore();
  const options = useUiOptions();
  const open = useConfigurator((state) => state.wizard.open);
  const closeWizard = useConfigurator((state) => state.actions.closeWizard);
  const [loaded, setLoaded] = useState<Loaded>({});
  const container = useRef<HTMLDivElement>(null);
  const handle = useRef<WizardHandle | null>(null);
  const { loadWizard, reportError } = options;
  const unavailable = !loadWizard;
  const error = unavailable ? 'The wizard is not available on this page.' : loaded.error;

  useEffect(() => {
    if (!open || !loadWizard || loaded.module || loaded.error) return;
    let current = true;
    loadWizard().then(
      (module) => current && setLoaded({ module }),
      (failure: unknown) => {
        if (!current) return;
        const message = (failure as Error).message || 'The wizard could not be loaded.';
        setLoaded({ error: message });
        reportError?.({ code: 'wizard-load-failed', message });
      },
    );
    return () => {
      current = false;
    };
  }, [open, loadWizard, loaded, reportError]);

  useEffect(() => {
    if (open && unavailable) reportError?.({ code: 'wizard-unavailable', message: 'The wizard is not available on this page.' });
  }, [open, unavailable, reportError]);

  useEffect(() => {
    if (!loaded.module || !container.current) return;
    if (handle.current) handle.current.update({ store, options });
    else handle.current = loaded.module.mountWizard(container.current, { store, options });
  }, [loaded, store, options]);

  useEffect(
    () => () => {
      // Unmounting a root during the page's own render is refused; a microtask later is safe.
      const mounted = handle.current;
      handle.current = null;
      if (mounted) queueMicrotask(() => mounted.unmount());
    },
    [],
  );

  return (
    <>
      <div ref={container} className="evc-wizard-host" />
      {open && !loaded.module && !error && <Spinner label="Loading the next steps…" />}
      {open && error && (
        <div className="evc-wizard-failed" role="alert" part="wizard-error">
          <p>{error}</p>
          {!unavailable && (
            <button type="button" onClick={() => setLoaded({})}>
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
