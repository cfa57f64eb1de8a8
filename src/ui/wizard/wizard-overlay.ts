import { createContext, useContext } from 'react';

/**
 * Tells the wizard that a third-party overlay appended to the page (GoCardless's drop-in) is open:
 * the wizard then stops being modal, since a modal dialog would leave that overlay inert beneath
 * the top layer.
 */
export const WizardOverlayContext = createContext<(open: boolean) => void>(() => undefined);

export const useWizardOverlay = () => useContext(WizardOverlayContext);
