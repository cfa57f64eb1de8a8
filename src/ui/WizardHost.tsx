import { useEffect } from 'react';
import { LoadFailed } from './load-parts';
import { useUiOptions } from './options-context';
import { PageDialog } from './PageDialog';
import { useConfigurator } from './store-context';
import type { WizardServicesInput } from './wizard-module';

const UNAVAILABLE = 'The wizard is not available on this page.';

/**
 * Where the wizard appears: its file is loaded when the buyer first opens it (or when it was open
 * before a reload), then it renders here. A failed load is shown with "Try again".
 */
export function WizardHost({ services }: { services?: WizardServicesInput | undefined }) {
  const open = useConfigurator((state) => state.wizard.open);
  const closeWizard = useConfigurator((state) => state.actions.closeWizard);
  const { loadWizard, reportError } = useUiOptions();

  useEffect(() => {
    if (open && !loadWizard) reportError?.({ code: 'wizard-unavailable', message: UNAVAILABLE });
  }, [open, loadWizard, reportError]);

  if (!loadWizard) return open ? <LoadFailed message={UNAVAILABLE} close={closeWizard} part="wizard-error" /> : null;
  return <PageDialog mount="mountWizard" services={services} open={open} close={closeWizard} failure="wizard-load-failed" loading="Loading the next steps…" part="wizard-error" />;
}
