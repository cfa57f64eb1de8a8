import { createRoot } from 'react-dom/client';
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

/** One sheet per CSS text per document, shared by every configurator on the page. */
const sheets = new WeakMap<Document, Map<string, CSSStyleSheet>>();

/**
 * DESIGN "Styles": the wizard's CSS ships in the wizard file, so it is adopted here, on the root
 * the container sits in (the element's shadow root), after the page's sheets and only once.
 */
function adoptWizardStyles(container: Element): void {
  const root = container.getRootNode() as Node & Partial<DocumentOrShadowRoot>;
  const owner = container.ownerDocument;
  const view = owner.defaultView;
  if (!view || typeof view.CSSStyleSheet !== 'function' || !root.adoptedStyleSheets) return;
  let cache = sheets.get(owner);
  if (!cache) {
    cache = new Map();
    sheets.set(owner, cache);
  }
  const wanted = WIZARD_STYLES.map((css) => {
    let sheet = cache.get(css);
    if (!sheet) {
      sheet = new view.CSSStyleSheet();
      sheet.replaceSync(css);
      cache.set(css, sheet);
    }
    return sheet;
  });
  const missing = wanted.filter((sheet) => !root.adoptedStyleSheets?.includes(sheet));
  if (missing.length > 0) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...missing];
}

/**
 * Renders the wizard into a container the page provides, in a React root of its own: the wizard file
 * carries its own copies of the contexts, so it provides them itself.
 */
export function mountWizard(container: Element, props: WizardMountProps): WizardHandle {
  adoptWizardStyles(container);
  const root = createRoot(container);
  root.render(<WizardRoot {...props} />);
  return {
    update: (next) => root.render(<WizardRoot {...next} />),
    unmount: () => root.unmount(),
  };
}
