import { lazy, memo, Suspense, useEffect, useMemo, useRef, useState, type ComponentType, type CSSProperties } from 'react';
import type { PreviewLayer } from '../domain/preview';
import { colourSummary, previewLayers } from '../domain/preview';
import { stepStatus } from '../domain/wizard/navigation';
import type { ConfiguratorState } from '../stores/configurator-store';
import { navigationContext } from '../stores/configurator-store';
import type { ChargerDrawingProps } from './ChargerDrawing';
import { useUiOptions } from './options-context';
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
 * PREVIEW-1: the stacked images with a colour summary as the figure's caption. Every
 * layer ends up rendered and loaded eagerly; only the chosen ones are shown, so a change of colour
 * swaps at once. Width and height come from the layers, so nothing shifts while images load.
 * The first render has only the layers shown; the hidden ones follow when the browser is idle, a
 * few at a time, and a layer once rendered stays (creating an image and starting its request costs
 * the main thread: fifty of them at the page's start were a tenth of a second of blocked page).
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
  const [requested, setRequested] = useState(0);
  useEffect(() => {
    if (requested >= layers.length) return;
    return whenIdle(() => setRequested(requested + HIDDEN_PER_IDLE_PERIOD));
  }, [requested, layers.length]);
  // Layers once shown stay rendered (hidden), so choosing back needs no new image. The set is
  // adjusted during render (React's pattern for information from earlier renders): no extra commit.
  const [shownBefore, setShownBefore] = useState<ReadonlySet<string>>(() => new Set());
  const newlyShown = layers.filter((layer) => layer.visible && !shownBefore.has(layer.key));
  if (newlyShown.length > 0) setShownBefore(new Set([...shownBefore, ...newlyShown.map((layer) => layer.key)]));
  const rendered = (layer: PreviewLayer, index: number) => layer.visible || index < requested || shownBefore.has(layer.key);
  const summary = colourSummary(catalogue, configuration);
  // The fronts come first, and a catalogue always has one: the stage is a colour image's size.
  const stage = layers[0] as PreviewLayer;
  const stageSize = { '--evc-stage-width': `${stage.width}px`, '--evc-stage-ratio': `${stage.width} / ${stage.height}` } as CSSProperties;

  return (
    <figure className="evc-preview" part="preview">
      <div className="evc-preview-stage" style={stageSize}>
        {!imageCdn || failedSrc || previewImages?.failed ? (
          <Suspense>
            <ChargerDrawing catalogue={catalogue} configuration={configuration} pastInstallation={pastInstallation} stage={stage} />
          </Suspense>
        ) : (
          layers.map(
            (layer, index) =>
              rendered(layer, index) && (
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

/** How many hidden layers are asked for in one idle period. */
const HIDDEN_PER_IDLE_PERIOD = 2;

/** Runs `work` in the browser's next idle period (a short timer where there is no idle callback); returns the cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 50);
  return () => clearTimeout(timer);
}

/**
 * One layer: memoised on its own fields, so a choice updates the two or three images whose
 * visibility changed and leaves the other fifty alone.
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
