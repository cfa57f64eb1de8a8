import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { appendStyles } from './constructable-styles';
import { UiOptionsContext } from './options-context';
import { StoreContext } from './store-context';
import { ViewerContent, VIEWER_STYLES } from './ViewerContent';
import { Wizard, WIZARD_STYLES } from './Wizard';
import type { WizardHandle, WizardMountProps } from './wizard-module';

/**
 * Renders `Part` into a container the page provides, in a React root of its own: the wizard file
 * carries its own copies of the contexts, so it provides them itself. DESIGN "Styles": the part's CSS
 * ships in the wizard file and joins the element's sheets.
 */
function mountPart(Part: ComponentType, styles: readonly string[]) {
  return (container: Element, props: WizardMountProps): WizardHandle => {
    appendStyles(container.getRootNode(), styles);
    const root = createRoot(container);
    const render = ({ store, options }: WizardMountProps) =>
      root.render(
        <StoreContext.Provider value={store}>
          <UiOptionsContext.Provider value={options}>
            <Part />
          </UiOptionsContext.Provider>
        </StoreContext.Provider>,
      );
    render(props);
    return { update: render, unmount: () => root.unmount() };
  };
}

export const mountWizard = mountPart(Wizard, WIZARD_STYLES);

export const mountViewer = mountPart(ViewerContent, VIEWER_STYLES);
