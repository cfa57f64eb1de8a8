import { useEffect, useRef, useState, type RefObject } from 'react';
import { useUiOptions } from './options-context';
import { useConfiguratorStore } from './store-context';
import type { WizardHandle, WizardModule } from './wizard-module';

/** What came of loading the wizard file: nothing yet, the module, or the message of a failure. */
type Loaded = { module?: WizardModule; error?: string };

export interface WizardPart {
  /** Where the part renders, once the file is there. */
  container: RefObject<HTMLDivElement | null>;
  /** The part is rendering into the container. */
  shown: boolean;
  /** Why the file could not be loaded, until `retry`. */
  error?: string | undefined;
  retry(): void;
}

/**
 * A part of the wizard file (`mount` names which: the wizard, or the 3D view's dialog content),
 * rendered into `container` with the page's store and options. The file is loaded once `wanted`
 * (once for the page: later parts find it loaded); a failed load reaches the host page as `failure`.
 */
export function useWizardPart(mount: keyof WizardModule, wanted: boolean, failure: string): WizardPart {
  const store = useConfiguratorStore();
  const options = useUiOptions();
  const { loadWizard, reportError } = options;
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
        const message = (error as Error).message || 'The wizard could not be loaded.';
        setLoaded({ error: message });
        reportError?.({ code: failure, message });
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, loadWizard, loaded, reportError, failure]);

  useEffect(() => {
    if (!loaded.module || !container.current) return;
    if (handle.current) handle.current.update({ store, options });
    else handle.current = loaded.module[mount](container.current, { store, options });
  }, [loaded, store, options, mount]);

  useEffect(
    () => () => {
      // Unmounting a root during the page's own render is refused; a microtask later is safe.
      const mounted = handle.current;
      handle.current = null;
      if (mounted) queueMicrotask(() => mounted.unmount());
    },
    [],
  );

  return { container, shown: Boolean(loaded.module), error: loaded.error, retry: () => setLoaded({}) };
}
