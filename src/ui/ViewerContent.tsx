import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { bodyColour, frontColour } from '../domain/configuration';
import type { EvcElementErrorCode } from '../services/error-codes';
import type { LoadError } from '../services/module-import';
import { browserViewer } from '../services/viewer';
import type { ModelLook, ModelStage as ModelStageHandle, ViewerModule } from '../viewer/model-stage';
import { useUiOptions } from './options-context';
import { useConfigurator } from './store-context';
import { LoadFailed, LoadStatus, VIEWER_TEXT } from './load-parts';
import viewerCss from './viewer-content.css';

/** The 3D dialog content's stylesheet, adopted when it mounts, so it ships in the wizard file only. */
export const VIEWER_STYLES: readonly string[] = [viewerCss];

/** `reload`: the file failed so that only a reload of the page can mend it (module-import.ts). */
type Phase = 'loading' | 'ready' | 'failed' | 'reload';

interface ModelStageProps {
  module: ViewerModule;
  src: string;
  onModelError(): void;
}

/** The look of the chosen colours, for the 3D model and its text alternative. */
function useModelLook(): ModelLook {
  const catalogue = useConfigurator((state) => state.catalogue);
  const frontId = useConfigurator((state) => state.configuration.front);
  const bodyId = useConfigurator((state) => state.configuration.body);
  return useMemo(() => {
    const front = frontColour(catalogue, frontId);
    const body = bodyColour(catalogue, bodyId);
    return { alt: `3D model of the charger in ${front.name} and ${body.name}`, front, body };
  }, [catalogue, frontId, bodyId]);
}

/**
 * Where the viewer file's stage puts `<model-viewer>`; it follows the colours while shown. Only this
 * part reads them, and only while the dialog is open: a colour chosen on the page re-renders nothing
 * of the closed 3D view.
 */
function ModelStage({ module, src, onModelError }: ModelStageProps) {
  const { alt, front, body } = useModelLook();
  const holder = useRef<HTMLDivElement>(null);
  const stage = useRef<ModelStageHandle | null>(null);
  const look = useEffectEvent(() => ({ alt, front, body }));
  const reportFailure = useEffectEvent(() => onModelError());

  useEffect(() => {
    if (!holder.current) return;
    const mounted = module.mountModelStage(holder.current, { src, ...look(), onError: () => reportFailure() });
    stage.current = mounted;
    return () => {
      mounted.unmount();
      stage.current = null;
    };
  }, [module, src]);

  useEffect(() => stage.current?.update({ alt, front, body }), [alt, front, body]);

  return <div className="evc-viewer-stage" part="viewer-stage" ref={holder} />;
}

/**
 * The 3D dialog's content (Viewer3D on the page opens the dialog): loads the viewer file, then shows
 * the charger; a failed load of the file or of the model is shown with "Try again".
 */
export function ViewerContent() {
  const { modelSrc, viewerSrc } = useUiOptions();
  if (!modelSrc) return null;
  return <ViewerPhases modelSrc={modelSrc} viewerSrc={viewerSrc} />;
}

function ViewerPhases({ modelSrc, viewerSrc }: { modelSrc: string; viewerSrc: string | undefined }) {
  const { viewer = browserViewer, reportError } = useUiOptions();
  const [phase, setPhase] = useState<Phase>('loading');
  const [module, setModule] = useState<ViewerModule>();

  const fail = useCallback(
    (code: EvcElementErrorCode, message: string, reload?: true) => {
      setPhase(reload ? 'reload' : 'failed');
      reportError?.({ code, message });
    },
    [reportError],
  );

  useEffect(() => {
    if (phase !== 'loading') return;
    let current = true;
    viewer.loadViewer(viewerSrc).then(
      (loaded) => {
        if (!current) return;
        setModule(loaded);
        setPhase('ready');
      },
      (error: unknown) => current && fail('viewer-load-failed', (error as LoadError).message, (error as LoadError).reload),
    );
    return () => {
      current = false;
    };
  }, [phase, viewer, viewerSrc, fail]);

  if (phase === 'loading') return <LoadStatus label={VIEWER_TEXT.loading} />;
  if (phase === 'reload') return <LoadFailed message={`${VIEWER_TEXT.failed} Reload the page to try again.`} />;
  if (phase === 'failed' || !module) return <LoadFailed message={VIEWER_TEXT.failed} retry={() => setPhase('loading')} />;
  return <ModelStage module={module} src={modelSrc} onModelError={() => fail('model-load-failed', `The 3D model ${modelSrc} could not be loaded`)} />;
}
