import { lazy, memo, Suspense, useEffect, useMemo, useRef, useState, type ComponentType, type CSSProperties } from 'react';
import type { PreviewLayer } from '../domain/preview';
import { colourSummary, previewLayers } from '../domain/preview';
import { stepStatus } from '../domain/wizard/navigation';
import type { ConfiguratorState } from '../stores/configurator-store';
import { navigationContext } from '../stores/configurator-store';
import type { ChargerDrawingProps } from './ChargerDrawing';
import { useUiOptions } from './options-context';
import { preloadWhenIdle } from './preload-images';
import { useConfigurator } from './store-context';

/**
 * PREVIEW-4: the cable-hook layer shows only past installation: the buyer's wizard step
 * is past the installation step, by name. The step is kept while the wizard is closed, so the
 * configurator page shows the hook once the buyer has been that far, and "Start again" hides it.
 */
export function selectPastInstallation(state: ConfiguratorState): boolean {
  return stepStatus(navigationContext(state), state.wizard.step, 'installation') === 'complete';
}

// One module for the page's and the wizard's previews, in a chunk a page with images never loads; one that fails leaves the stage empty, not the element broken.
const ChargerDrawing = lazy<ComponentType<ChargerDrawingProps>>(() => import('./ChargerDrawing').catch(() => ({ default: () => null })));

export interface PreviewProps {
  /** PREVIEW-7: the scale defaults to 1.5; the wizard's left pane may pass its own. */
  scale?: number;
}

/**
 * PREVIEW-1: the stacked images with a colour summary as the figure's caption. Only the
 * chosen layers are elements; every other layer's image is asked for outside React when the browser
 * is idle (docs/decisions/preview-layers-preloaded.md), so a change of colour shows at once and
 * no render of fifty images holds up the page or a click. Width and height come from the layers,
 * so nothing shifts while images load.
 * Without an image CDN (`image-cdn=""`), or once a shown image fails, the stage draws the charger
 * instead, for good: a missing image means the CDN lacks the set, and one preview in two styles
 * would be worse than a drawing. The host page hears of it once per element (app/configurator.tsx).
 */
export function Preview({ scale }: PreviewProps) {
  const catalogue = useConfigurator((state) => state.catalogue);
  const configuration = useConfigurator((state) => state.configuration);
  const pastInstallation = useConfigurator(selectPastInstallation);
  const { imageCdn, previewImages } = useUiOptions();
  const [failedSrc, setFailedSrc] = useState<string>();
  useEffect(() => {
    if (failedSrc) previewImages?.fail(failedSrc);
  }, [failedSrc, previewImages]);
  const layers = useMemo(
    () => previewLayers(catalogue, configuration, { imageCdn, scale, pastInstallation }),
    [catalogue, configuration, imageCdn, scale, pastInstallation],
  );
  const drawn = !imageCdn || Boolean(failedSrc) || Boolean(previewImages?.failed);
  const [preloaded] = useState(() => new Set<string>());
  useEffect(() => {
    if (drawn) return;
    return preloadWhenIdle(layers.filter((layer) => !layer.visible).map((layer) => layer.src), preloaded);
  }, [drawn, layers, preloaded]);
  // Layers once shown stay rendered (hidden), so choosing back needs no new element. The set is
  // adjusted during render (React's pattern for information from earlier renders): no extra commit.
  const [shownBefore, setShownBefore] = useState<ReadonlySet<string>>(() => new Set());
  const newlyShown = layers.filter((layer) => layer.visible && !shownBefore.has(layer.key));
  if (newlyShown.length > 0) setShownBefore(new Set([...shownBefore, ...newlyShown.map((layer) => layer.key)]));
  const summary = colourSummary(catalogue, configuration);
  // The fronts come first, and a catalogue always has one: the stage is a colour image's size.
  const stage = layers[0] as PreviewLayer;
  const stageSize = { '--evc-stage-width': `${stage.width}px`, '--evc-stage-ratio': `${stage.width} / ${stage.height}` } as CSSProperties;

  return (
    <figure className="evc-preview" part="preview">
      <div className="evc-preview-stage" style={stageSize}>
        {drawn ? (
          <Suspense>
            <ChargerDrawing catalogue={catalogue} configuration={configuration} pastInstallation={pastInstallation} stage={stage} />
          </Suspense>
        ) : (
          layers.map(
            (layer) =>
              (layer.visible || shownBefore.has(layer.key)) && (
                <Layer
                  key={layer.key}
                  id={layer.key}
                  view={layer.view}
                  src={layer.src}
                  width={layer.width}
                  height={layer.height}
                  alt={layer.alt}
                  visible={layer.visible}
                  stageWidth={stage.width}
                  onFailure={setFailedSrc}
                />
              ),
          )
        )}
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

/**
 * One layer: memoised on its own fields, so a choice updates the two or three images whose
 * visibility changed and leaves the others alone.
 */
type LayerProps = Omit<PreviewLayer, 'key' | 'colourId'> & { id: string; stageWidth: number; onFailure(src: string): void };

const Layer = memo(function Layer({ id, view, src, width, height, alt, visible, stageWidth, onFailure }: LayerProps) {
  // An image that failed while hidden fires no second error when shown.
  const failedHidden = useRef(false);
  useEffect(() => {
    if (visible && failedHidden.current) onFailure(src);
  }, [visible, src, onFailure]);
  return (
    <img
      onError={() => (visible ? onFailure(src) : (failedHidden.current = true))}
      className="evc-layer"
      data-layer={id}
      data-view={view}
      src={src}
      width={width}
      height={height}
      alt={alt}
      hidden={!visible}
      loading="eager"
      decoding="async"
      fetchPriority={visible ? 'high' : 'low'}
      // The tethered cable is narrower than the stage; its share keeps it in proportion as the stage shrinks.
      style={view === 'cable' ? ({ '--evc-layer-share': `${(width / stageWidth) * 100}%` } as CSSProperties) : undefined}
    />
  );
});
