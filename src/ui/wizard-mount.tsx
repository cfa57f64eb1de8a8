import { createRoot } from 'react-dom/client';
import { adoptStyles } from './constructable-styles';
import { UiOptionsContext } from './options-context';
import { StoreContext } from './store-context';
import { Wizard, WIZARD_STYLES } from './Wizard';
import type { WizardHandle, WizardMountProps } from './wizard-module';

function WizardRoot({ store, options }: WizardMountProps) {
  return (
    <StoreContext.Provider value={store}>
      <UiOptionsContext.Provider value={options}>
        <Wizard />
      </UiOptionsContext.Provider>
    </StoreContext.Provider>
  );
}

/**
 * Renders the wizard into a container the page provides, in a React root of its own: the wizard file
 * carries its own copies of the contexts, so it provides them itself.
 */
export function mountWizard(container: Element, props: WizardMountProps): WizardHandle {
  // DESIGN "Styles": the wizard's CSS ships in the wizard file and joins the element's sheets.
  adoptStyles(container.getRootNode(), WIZARD_STYLES, { append: true });
  const root = createRoot(container);
  root.render(<WizardRoot {...props} />);
  return {
    update: (next) => root.render(<WizardRoot {...next} />),
    unmount: () => root.unmount(),
  };
}
