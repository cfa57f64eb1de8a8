import { useEffect, useRef, useState } from 'react';
import type { EvcElementErrorCode } from '../services/error-codes';
import type { LoadError } from '../services/module-import';
import { LoadFailed, LoadStatus } from './load-parts';
import { useUiOptions } from './options-context';
import { useConfiguratorStore } from './store-context';
import type { WizardHandle, WizardModule, WizardMountProps } from './wizard-module';

export interface PageDialogProps extends Required<Pick<WizardMountProps, 'close'>>, Pick<WizardMountProps, 'services'> {
  /** Which part of the wizard file: the wizard, or a dialog of the page. */
  mount: keyof WizardModule;
  open: boolean;
  /** The `evc-error` code when the wizard file cannot be loaded. */
  failure: EvcElementErrorCode;
  /** What the page says while the wizard file loads, and when it could not (else why it could not). */
  loading: string;
  failed?: string;
  /** The failure's part name. */
  part?: string;
}

/** What came of loading the wizard file: nothing yet, the module, or the message of a failure (and whether only a reload can mend it). */
type Loaded = { module?: WizardModule; error?: string; reload?: true | undefined };

/**
 * A dialog the page opens (the wizard, the 3D view, "Start again?"); it ships in the wizard file,
 * which loads when the buyer first opens one (or when the wizard was open before a reload), so the
 * page's script holds only the buttons. The part renders here with the page's store and options and
 * its `open` and `close`. Meanwhile the page shows a spinner; when the file cannot be loaded, what
 * failed (reported to the host page as `failure`) with "Try again" and "Close", or, when only a reload
 * of the page can mend it, why.
 */
export function PageDialog({ mount, services, open, close, failure, loading, failed, part }: PageDialogProps) {
  const store = useConfiguratorStore();
  const options = useUiOptions();
  const { loadWizard, reportError } = options;
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  const [loaded, setLoaded] = useState<Loaded>({});
  const container = useRef<HTMLDivElement>(null);
  const handle = useRef<WizardHandle | null>(null);

  useEffect(() => {
    if (!wanted || !loadWizard || loaded.module || loaded.error) return;
    let current = true;
    loadWizard().then(
      (module) => current && setLoaded({ module }),
      (error: unknown) => {
        if (!current) return;
        const { message = 'The wizard could not be loaded.', reload } = error as LoadError;
        setLoaded({ error: message, reload });
        reportError?.({ code: failure, message });
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, loadWizard, loaded, reportError, failure]);

  useEffect(() => {
    if (!loaded.module || !container.current) return;
    const props = { store, options, services, open, close };
    if (handle.current) handle.current.update(props);
    else handle.current = loaded.module[mount](container.current, props);
  }, [loaded, store, options, services, mount, open, close]);

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
      <div ref={container} />
      {open &&
        !loaded.module &&
        (loaded.error ? (
          <LoadFailed message={loaded.reload ? loaded.error : (failed ?? loaded.error)} retry={loaded.reload ? undefined : () => setLoaded({})} close={() => close()} part={part} />
        ) : (
          <LoadStatus label={loading} />
        ))}
    </>
  );
}
