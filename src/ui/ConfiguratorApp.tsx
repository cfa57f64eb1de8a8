import type { ReactNode } from 'react';
import { useCallback, useMemo } from 'react';
import type { Catalogue, ColourOption } from '../domain/catalogue/schema';
import type { Configuration } from '../domain/configuration';
import { finishSurcharge } from '../domain/pricing';
import { choiceUnavailable, UNAVAILABLE_REASON } from '../domain/shop-prices';
import { specRequestSurchargeLabel } from '../domain/surcharge-labels';
import { ColourPicker } from './ColourPicker';
import { NoticeList } from './ErrorPanel';
import { useUiOptions } from './options-context';
import { OrderSummary } from './OrderSummary';
import { Preview } from './Preview';
import { PrimaryButton } from './PrimaryButton';
import { ShareLink } from './ShareLink';
import { SpecTable } from './SpecTable';
import { StartAgain } from './StartAgain';
import type { ConfiguratorStore } from '../stores/configurator-store';
import { selectUnavailableVariants } from '../stores/configurator-store';
import { StoreContext, useConfigurator, useConfiguratorStore } from './store-context';
import { Viewer3D } from './Viewer3D';
import { WizardHost } from './WizardHost';
import type { WizardServicesInput } from './wizard-module';

/**
 * What each colour of `part` adds to the price. It depends on the rest of the configuration only,
 * so the function (and each swatch's label with it) stays the same while the rest does: choosing
 * a colour re-renders two swatches, not every one.
 */
function useSurcharge(catalogue: Catalogue, configuration: Configuration, part: 'front' | 'body'): (id: string) => number {
  const rest = JSON.stringify({ ...configuration, [part]: '' });
  return useMemo(() => surcharges(catalogue, JSON.parse(rest) as Configuration, part), [catalogue, rest, part]);
}

/** finishSurcharge for each colour id, worked out once. */
function surcharges(catalogue: Catalogue, others: Configuration, part: 'front' | 'body'): (id: string) => number {
  const known = new Map<string, number>();
  return (id) => known.get(id) ?? known.set(id, finishSurcharge(catalogue, others, part, id)).get(id)!;
}

export interface ConfiguratorAppProps {
  /** Problems that switch a feature off, shown to the buyer (bad optional attributes). */
  notices: readonly string[];
  /** What the wizard file makes the wizard's services from. */
  services?: WizardServicesInput | undefined;
}

/**
 * The configurator page (PAGE-1): headline, the preview with the 3D view and the spec table,
 * front and body colour pickers, the running order summary, Continue into the wizard, and
 * Share / Start again. The layout follows the element's own width (page.css).
 */
export function ConfiguratorApp({ notices, services }: ConfiguratorAppProps) {
  const flow = useConfigurator((state) => state.flow);
  return (
    <div className="evc-app" data-mode={flow} part="app">
      <PageStore>
        <ConfiguratorPage notices={notices} />
      </PageStore>
      <WizardHost services={services} />
    </div>
  );
}

/**
 * The page's components read the store through this: while the wizard is open, the state as it
 * was when it opened (or last showed the page). The full-screen wizard covers the page, so re-rendering the page behind it
 * would only slow each choice made in the wizard; on closing, the page shows the current state.
 */
function PageStore({ children }: { children: ReactNode }) {
  const store = useConfiguratorStore();
  // Not behind the direct-debit step: GoCardless's drop-in shows the page behind it, and the step changes no choice.
  const open = useConfigurator((state) => state.wizard.open && state.wizard.step !== 'directDebit');
  const page = useMemo(() => (open ? frozen(store) : store), [open, store]);
  return <StoreContext value={page}>{children}</StoreContext>;
}

/** The store as it is now, never changing (its actions still act on the live store). */
function frozen(store: ConfiguratorStore): ConfiguratorStore {
  const state = store.getState();
  return { ...store, getState: () => state, subscribe: () => () => {} };
}

/** Colours whose finish the shop cannot sell now cannot be chosen, with the reason; none while it sells everything. */
function useUnavailable(catalogue: Catalogue, configuration: Configuration, part: 'front' | 'body'): ((id: string) => string | undefined) | undefined {
  const ids = useConfigurator(selectUnavailableVariants);
  return useMemo(
    () =>
      ids.length === 0
        ? undefined
        : (id: string) => (choiceUnavailable(catalogue, configuration, { ...configuration, [part]: id }, ids) ? UNAVAILABLE_REASON : undefined),
    [catalogue, configuration, part, ids],
  );
}

function ConfiguratorPage({ notices }: Pick<ConfiguratorAppProps, 'notices'>) {
  const catalogue = useConfigurator((state) => state.catalogue);
  const configuration = useConfigurator((state) => state.configuration);
  const flow = useConfigurator((state) => state.flow);
  const actions = useConfigurator((state) => state.actions);
  const { imageCdn } = useUiOptions();
  const photoUrl = useCallback((path: string) => imageCdn && `${imageCdn.replace(/\/+$/, '')}/${path}.png?width=80&height=80`, [imageCdn]);
  const front = catalogue.colours.front;
  const frontSurcharge = useSurcharge(catalogue, configuration, 'front');
  const bodySurcharge = useSurcharge(catalogue, configuration, 'body');
  const frontUnavailable = useUnavailable(catalogue, configuration, 'front');
  const bodyUnavailable = useUnavailable(catalogue, configuration, 'body');
  // PAGE-5: labels by colour code instead of prices.
  const specRequest = flow === 'spec-request';
  const frontLabel = specRequest ? (colour: ColourOption) => specRequestSurchargeLabel(catalogue, 'front', colour) : undefined;
  const bodyLabel = specRequest ? (colour: ColourOption) => specRequestSurchargeLabel(catalogue, 'body', colour) : undefined;
  // The same elements on every render, so a choice does not re-render these parts: those that
  // show the choices (preview, summary, share link) follow the store themselves.
  const product = useMemo(
    () => (
      <div className="evc-product">
        <Preview />
        <Viewer3D />
        <SpecTable />
      </div>
    ),
    [],
  );
  const checkout = useMemo(
    () => (
      <div className="evc-checkout">
        <OrderSummary />
        <PrimaryButton className="evc-continue" onClick={actions.openWizard}>
          Continue
        </PrimaryButton>
        <div className="evc-page-actions" part="page-actions">
          <ShareLink />
          <StartAgain />
        </div>
      </div>
    ),
    [actions],
  );
  return (
    <div className="evc-layout">
      <div className="evc-intro">
        <h2 className="evc-headline">Customise your charger</h2>
        <p>Choose the front and body colours and see your charger change as you go.</p>
      </div>
      <NoticeList messages={notices} />
      {product}
      <div className="evc-controls">
        <div className="evc-pickers">
          <ColourPicker
            label="Front"
            part="front-picker"
            sections={[
              { heading: 'Metal', colours: front.standard },
              { heading: 'Wood', colours: front.premium },
              { heading: 'Limited edition', colours: front.limited },
            ].filter((section) => section.colours.length > 0)}
            selected={configuration.front}
            onSelect={actions.chooseFront}
            surcharge={frontSurcharge}
            surchargeLabel={frontLabel}
            photoUrl={photoUrl}
            unavailable={frontUnavailable}
          />
          <ColourPicker
            label="Body"
            part="body-picker"
            sections={[{ colours: catalogue.colours.body }]}
            selected={configuration.body}
            onSelect={actions.chooseBody}
            surcharge={bodySurcharge}
            surchargeLabel={bodyLabel}
            photoUrl={photoUrl}
            unavailable={bodyUnavailable}
          />
        </div>
        {checkout}
      </div>
    </div>
  );
}
