import { useMemo, type CSSProperties } from 'react';
import { colourSummary, previewLayers } from '../domain/preview';
import { stepStatus } from '../domain/wizard';
import type { ConfiguratorState } from '../stores/configurator-store';
import { navigationContext } from '../stores/configurator-store';
import { useUiOptions } from './options-context';
import { useConfigurator } from './store-context';

/**
 * Spec §2 "The cable-hook layer shows only when currentStep is above 1": the buyer's wizard step
 * is past the installation step, by name. The step is kept while the wizard is closed, so the
 * configurator page shows the hook once the buyer has been that far, and "Start again" hides it.
 */
export function selectPastInstallation(state: ConfiguratorState): boolean {
  return stepStatus(navigationContext(state), state.wizard.step, 'installation') === 'complete';
}

export interface PreviewProps {
  /** Spec §2 "Preview scale defaults to 1.5"; the wizard's left pane may pass its own. */
  scale?: number;
}

/**
 * Spec §2 "Preview": the stacked images with a colour summary as the figure's caption. Every
 * layer is rendered and loaded eagerly; only the chosen ones are shown, so a change of colour
 * swaps at once. Width and height come from the layers, so nothing shifts while images load.
 */
export function Preview({ scale }: PreviewProps) {
  const catalogue = useConfigurator((state) => state.catalogue);
  const configuration = useConfigurator((state) => state.configuration);
  const pastInstallation = useConfigurator(selectPastInstallation);
  const { imageCdn } = useUiOptions();
  const layers = useMemo(
    () => previewLayers(catalogue, configuration, { imageCdn, scale, pastInstallation }),
    [catalogue, configuration, imageCdn, scale, pastInstallation],
  );
  const summary = colourSummary(catalogue, configuration);
  const stage = layers.find((layer) => layer.view !== 'cable') ?? { width: 300, height: 375 };
  const stageSize = { '--evc-stage-width': `${stage.width}px`, '--evc-stage-ratio': `${stage.width} / ${stage.height}` } as CSSProperties;

  return (
    <figure className="evc-preview" part="preview">
      <div className="evc-preview-stage" style={stageSize}>
        {layers.map((layer) => (
          <img
            key={layer.key}
            className="evc-layer"
            data-layer={layer.key}
            data-view={layer.view}
            src={layer.src}
            width={layer.width}
            height={layer.height}
            alt={layer.alt}
            hidden={!layer.visible}
            loading="eager"
            decoding="async"
            fetchPriority={layer.visible ? 'high' : 'low'}
            // The tethered cable is narrower than the stage; its share keeps it in proportion as the stage shrinks.
            style={layer.view === 'cable' ? ({ '--evc-layer-share': `${(layer.width / stage.width) * 100}%` } as CSSProperties) : undefined}
          />
        ))}
      </div>
      <figcaption className="evc-colour-summary">
        <dl>
          <div>
            <dt>Front</dt>
            <dd>{summary.front}</dd>
          </div>
          <div>
            <dt>Body</dt>
            <dd>{summary.body}</dd>
          </div>
          {summary.hook && (
            <div>
              <dt>Cable hook</dt>
              <dd>{summary.hook}</dd>
            </div>
          )}
        </dl>
      </figcaption>
    </figure>
  );
}
