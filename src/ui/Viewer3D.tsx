import type { MouseEvent } from 'react';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { bodyColour, frontColour } from '../domain/configuration';
import { browserViewer } from '../services/viewer';
import type { ModelLook, ModelStage as ModelStageHandle, ViewerModule } from '../viewer/model-stage';
import { Modal } from './Modal';
import { useUiOptions } from './options-context';
import { Spinner } from './Spinner';
import { useConfigurator } from './store-context';

type Phase = 'idle' | 'unsupported' | 'loading' | 'ready' | 'failed';

export const VIEWER_TEXT = {
  button: 'View in 3D',
  title: 'Your charger in 3D',
  loading: 'Loading the 3D view…',
  failed: 'The 3D view could not be loaded.',
  retry: 'Try again',
  unsupported: '3D view is not available in this browser.',
} as const;

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
 * part reads them: a colour chosen on the page re-renders nothing of the closed 3D view (issue 7).
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
 * Issue 3 "3D/AR": a "View in 3D" button (DESIGN contract) that loads the viewer file only when
 * pressed, then shows the charger in a dialog. Without WebGL the 2D preview stays, with a notice.
 */
export function Viewer3D() {
  const { modelSrc, viewerSrc } = useUiOptions();
  if (!modelSrc || !viewerSrc) return null;
  return <ViewerControl modelSrc={modelSrc} viewerSrc={viewerSrc} />;
}

function ViewerControl({ modelSrc, viewerSrc }: { modelSrc: string; viewerSrc: string }) {
  const { viewer = browserViewer, reportError } = useUiOptions();
  const [phase, setPhase] = useState<Phase>('idle');
  const [module, setModule] = useState<ViewerModule>();
  const [open, setOpen] = useState(false);

  const fail = (code: string, message: string) => {
    setPhase('failed');
    reportError?.({ code, message });
  };

  const load = async () => {
    setPhase('loading');
    try {
      setModule(await viewer.loadViewer(viewerSrc));
      setPhase('ready');
    } catch (error) {
      fail('viewer-load-failed', (error as Error).message);
    }
  };

  const show = (event: MouseEvent<HTMLButtonElement>) => {
    if (!viewer.webglAvailable(event.currentTarget.ownerDocument)) {
      setPhase('unsupported');
      return;
    }
    setOpen(true);
    if (phase !== 'ready' && phase !== 'loading') void load();
  };

  return (
    <div className="evc-viewer">
      <button type="button" className="evc-viewer-button" part="viewer-button" aria-haspopup="dialog" onClick={show}>
        {VIEWER_TEXT.button}
      </button>
      {/* Present from the start, so screen readers announce the notice when it is filled in. */}
      <p className="evc-viewer-notice" role="status">
        {phase === 'unsupported' ? VIEWER_TEXT.unsupported : null}
      </p>
      <Modal open={open} title={VIEWER_TEXT.title} onClose={() => setOpen(false)} className="evc-viewer-dialog" part="viewer">
        {phase === 'loading' && (
          <div className="evc-viewer-status">
            <Spinner label={VIEWER_TEXT.loading} />
          </div>
        )}
        {phase === 'failed' && (
          <div className="evc-viewer-error" role="alert">
            <p>{VIEWER_TEXT.failed}</p>
            <button type="button" onClick={() => void load()}>
              {VIEWER_TEXT.retry}
            </button>
          </div>
        )}
        {phase === 'ready' && module && (
          <ModelStage
            module={module}
            src={modelSrc}
            onModelError={() => fail('model-load-failed', `The 3D model ${modelSrc} could not be loaded`)}
          />
        )}
      </Modal>
    </div>
  );
}
