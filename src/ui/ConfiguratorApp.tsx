import { useCallback } from 'react';
import { finishSurcharge } from '../domain/pricing';
import { ColourPicker } from './ColourPicker';
import { NoticeList } from './ErrorPanel';
import { useUiOptions } from './options-context';
import { OrderSummary } from './OrderSummary';
import { useConfigurator } from './store-context';
import { Wizard } from './Wizard';

export interface ConfiguratorAppProps {
  /** Problems that switch a feature off, shown to the buyer (bad optional attributes). */
  notices: readonly string[];
}

/**
 * The configurator page (spec §2): headline, front and body colour pickers, the running order
 * summary, and Continue into the wizard.
 */
export function ConfiguratorApp({ notices }: ConfiguratorAppProps) {
  const catalogue = useConfigurator((state) => state.catalogue);
  const configuration = useConfigurator((state) => state.configuration);
  const flow = useConfigurator((state) => state.flow);
  const actions = useConfigurator((state) => state.actions);
  const { imageCdn } = useUiOptions();
  const photoUrl = useCallback((path: string) => `${imageCdn.replace(/\/+$/, '')}/${path}.png?width=80&height=80`, [imageCdn]);
  const front = catalogue.colours.front;
  return (
    <div className="evc-app" data-mode={flow} part="app">
      <h2 className="evc-headline">Customise your charger</h2>
      <NoticeList messages={notices} />
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
          photoUrl={photoUrl}
        />
        <ColourPicker
          label="Body"
          part="body-picker"
          sections={[{ colours: catalogue.colours.body }]}
          selected={configuration.body}
          onSelect={actions.chooseBody}
          surcharge={(id) => finishSurcharge(catalogue, configuration, 'body', id)}
          photoUrl={photoUrl}
        />
      </div>
      <OrderSummary />
      <button type="button" className="evc-primary evc-continue" onClick={actions.openWizard}>
        Continue
      </button>
      <Wizard />
    </div>
  );
}
