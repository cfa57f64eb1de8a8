import { bodyColour, cableOption, frontColour, installationOption } from '../domain/configuration';
import { NoticeList } from './ErrorPanel';
import { OrderSummary } from './OrderSummary';
import { useConfigurator } from './store-context';

export interface ConfiguratorAppProps {
  /** Problems that switch a feature off, shown to the buyer (bad optional attributes). */
  notices: readonly string[];
}

/**
 * The configurator page. For now a summary of the current configuration and its total; the
 * colour pickers, preview and wizard build on the same store.
 */
export function ConfiguratorApp({ notices }: ConfiguratorAppProps) {
  const catalogue = useConfigurator((state) => state.catalogue);
  const configuration = useConfigurator((state) => state.configuration);
  const flow = useConfigurator((state) => state.flow);
  const rows: [string, string][] = [
    ['Front', frontColour(catalogue, configuration.front).name],
    ['Body', bodyColour(catalogue, configuration.body).name],
    ['Power & cable', cableOption(catalogue, configuration.cable).name],
    ['Installation', installationOption(catalogue, configuration.installation).name],
  ];
  return (
    <div className="evc-app" data-mode={flow} part="app">
      <h2 className="evc-headline">Customise your charger</h2>
      <NoticeList messages={notices} />
      <dl className="evc-choices" part="choices">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <OrderSummary />
    </div>
  );
}
