import { useCallback } from 'react';
import type { ColourOption } from '../domain/catalogue/schema';
import { finishSurcharge } from '../domain/pricing';
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
import { useConfigurator } from './store-context';
import { Viewer3D } from './Viewer3D';
import { WizardHost } from './WizardHost';

export interface ConfiguratorAppProps {
  /** Problems that switch a feature off, shown to the buyer (bad optional attributes). */
  notices: readonly string[];
}

/**
 * The configurator page (spec §2): headline, the preview with the 3D view and the spec table,
 * front and body colour pickers, the running order summary, Continue into the wizard, and
 * Share / Start again. The layout follows the element's own width (page.css).
 */
export function ConfiguratorApp({ notices }: ConfiguratorAppProps) {
  const catalogue = useConfigurator((state) => state.catalogue);
  const configuration = useConfigurator((state) => state.configuration);
  const flow = useConfigurator((state) => state.flow);
  const actions = useConfigurator((state) => state.actions);
  const { imageCdn } = useUiOptions();
  const photoUrl = useCallback((path: string) => `${imageCdn.replace(/\/+$/, '')}/${path}.png?width=80&height=80`, [imageCdn]);
  const front = catalogue.colours.front;
  // Spec §9 "Surcharge labels in the specification flow": labels by colour code instead of prices.
  const specRequest = flow === 'spec-request';
  const frontLabel = specRequest ? (colour: ColourOption) => specRequestSurchargeLabel(catalogue, 'front', colour) : undefined;
  const bodyLabel = specRequest ? (colour: ColourOption) => specRequestSurchargeLabel(catalogue, 'body', colour) : undefined;
  return (
    <div className="evc-app" data-mode={flow} part="app">
      <div className="evc-layout">
        <div className="evc-intro">
          <h2 className="evc-headline">Customise your charger</h2>
          <p>Choose the front and body colours and see your charger change as you go.</p>
        </div>
        <NoticeList messages={notices} />
        <div className="evc-product">
          <Preview />
          <Viewer3D />
          <SpecTable />
        </div>
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
              surcharge={(id) => finishSurcharge(catalogue, configuration, 'front', id)}
              surchargeLabel={frontLabel}
              photoUrl={photoUrl}
            />
            <ColourPicker
              label="Body"
              part="body-picker"
              sections={[{ colours: catalogue.colours.body }]}
              selected={configuration.body}
              onSelect={actions.chooseBody}
              surcharge={(id) => finishSurcharge(catalogue, configuration, 'body', id)}
              surchargeLabel={bodyLabel}
              photoUrl={photoUrl}
            />
          </div>
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
        </div>
      </div>
      <WizardHost />
    </div>
  );
}
