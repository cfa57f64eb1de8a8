import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { appendStyles } from './append-styles';
import { UiOptionsContext } from './options-context';
import { StoreContext } from './store-context';
import { DIALOG_STYLES, StartAgainDialog, ViewerDialog } from './page-dialogs';
import { VIEWER_STYLES } from './ViewerContent';
import { Wizard, WIZARD_STYLES } from './Wizard';
import type { WizardHandle, WizardMountProps } from './wizard-module';

/**
 * Renders `Part` into a container the page provides, in a React root of its own, since a copy named
 * by `wizard-src` brings its own React and contexts (docs/decisions/wizard-in-a-root-of-its-own.md):
 * it provides the contexts itself. STYLE-1: the part's CSS ships in the wizard file and joins the
 * element's sheets.
 */
function mountPart(Part: ComponentType<Pick<WizardMountProps, 'open' | 'close'>>, styles: readonly string[]) {
  return (container: Element, props: WizardMountProps): WizardHandle => {
    appendStyles(container.getRootNode(), styles);
    // A copy's React counts its ids afresh: unprefixed, they would repeat the page's in the same shadow root.
    const root = createRoot(container, { identifierPrefix: 'evc-wizard-' });
    const render = ({ store, options, open, close }: WizardMountProps) =>
      root.render(
        <StoreContext.Provider value={store}>
          <UiOptionsContext.Provider value={options}>
            <Part open={open} close={close} />
          </UiOptionsContext.Provider>
        </StoreContext.Provider>,
      );
    render(props);
    return { update: render, unmount: () => root.unmount() };
  };
}

export const mountWizard = mountPart(Wizard, [...DIALOG_STYLES, ...WIZARD_STYLES]);

export const mountViewer = mountPart(ViewerDialog, [...DIALOG_STYLES, ...VIEWER_STYLES]);

export const mountStartAgain = mountPart(StartAgainDialog, DIALOG_STYLES);
