import type { MouseEvent } from 'react';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { bodyColour, frontColour } from '../domain/configuration';
import { browserViewer } from '../services/viewer';
import { Modal } from './Modal';
import type { ModelFinish, ModelSlot } from './model-colours';
import { MODEL_MATERIALS, modelFinish } from './model-colours';
import { useUiOptions } from './options-context';
import { Spinner } from './Spinner';
import { useConfigurator } from './store-context';

/** The part of model-viewer's scene-graph API used here (model-viewer: Materials). */
interface ModelViewerMaterial {
  pbrMetallicRoughness: {
    setBaseColorFactor(color: string): void;
    setMetallicFactor(value: number): void;
    setRoughnessFactor(value: number): void;
  };
}

/** A `<model-viewer>` element; `model` appears once its source has loaded. */
export interface ModelViewerElement extends HTMLElement {
  model?: { getMaterialByName(name: string): ModelViewerMaterial | null } | undefined;
}

type Finishes = Record<ModelSlot, ModelFinish>;

type Phase = 'idle' | 'unsupported' | 'loading' | 'ready' | 'failed';

export const VIEWER_TEXT = {
  button: 'View in 3D',
  title: 'Your charger in 3D',
  loading: 'Loading the 3D view…',
  failed: 'The 3D view could not be loaded.',
  retry: 'Try again',
  unsupported: '3D view is not available in this browser.',
} as const;

/**
 * Spec §2 "3D or augmented-reality model viewer (wall placement, camera controls)": attributes of
 * the `<model-viewer>` element. Auto-rotation only when the buyer has not asked for reduced motion.
 */
export function modelViewerAttributes(src: string, reducedMotion: boolean): Record<string, string> {
  return {
    src,
    'camera-controls': '',
    'touch-action': 'pan-y',
    ar: '',
    'ar-modes': 'webxr scene-viewer quick-look',
    'ar-placement': 'wall',
    'environment-image': 'neutral',
    'shadow-intensity': '1',
    ...(reducedMotion ? { 'interaction-prompt': 'none' } : { 'auto-rotate': '' }),
  };
}

/** Paints the model's `front` and `body` materials; before the model has loaded there is nothing to paint. */
export function paintModel(viewer: ModelViewerElement, finishes: Finishes): void {
  const model = viewer.model;
  if (!model) return;
  for (const slot of Object.keys(MODEL_MATERIALS) as ModelSlot[]) {
    const material = model.getMaterialByName(MODEL_MATERIALS[slot]);
    if (!material) continue;
    const { hex, metallic, roughness } = finishes[slot];
    material.pbrMetallicRoughness.setBaseColorFactor(hex);
    material.pbrMetallicRoughness.setMetallicFactor(metallic);
    material.pbrMetallicRoughness.setRoughnessFactor(roughness);
  }
}

interface ModelStageProps {
  src: string;
  alt: string;
  finishes: Finishes;
  onModelError(): void;
}

/**
 * The `<model-viewer>` itself, created with the DOM so its attributes are exactly the ones written
 * (React would set some as properties), and painted after `load` and on every colour change.
 */
function ModelStage({ src, alt, finishes, onModelError }: ModelStageProps) {
  const holder = useRef<HTMLDivElement>(null);
  const viewer = useRef<ModelViewerElement | null>(null);
  const paintLatest = useEffectEvent((element: ModelViewerElement) => paintModel(element, finishes));
  const reportFailure = useEffectEvent(() => onModelError());

  useEffect(() => {
    const container = holder.current;
    if (!container) return;
    const document = container.ownerDocument;
    const element = document.createElement('model-viewer') as ModelViewerElement;
    const reducedMotion = document.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    for (const [name, value] of Object.entries(modelViewerAttributes(src, reducedMotion))) element.setAttribute(name, value);
    const onLoad = () => paintLatest(element);
    const onError = () => reportFailure();
    element.addEventListener('load', onLoad);
    element.addEventListener('error', onError);
    container.append(element);
    viewer.current = element;
    return () => {
      element.removeEventListener('load', onLoad);
      element.removeEventListener('error', onError);
      element.remove();
      viewer.current = null;
    };
  }, [src]);

  useEffect(() => {
    viewer.current?.setAttribute('alt', alt);
  }, [alt]);

  useEffect(() => {
    if (viewer.current) paintModel(viewer.current, finishes);
  }, [finishes]);

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
  const catalogue = useConfigurator((state) => state.catalogue);
  const frontId = useConfigurator((state) => state.configuration.front);
  const bodyId = useConfigurator((state) => state.configuration.body);
  const [phase, setPhase] = useState<Phase>('idle');
  const [open, setOpen] = useState(false);

  const { alt, finishes } = useMemo(() => {
    const front = frontColour(catalogue, frontId);
    const body = bodyColour(catalogue, bodyId);
    return {
      alt: `3D model of the charger in ${front.name} and ${body.name}`,
      finishes: { front: modelFinish(front), body: modelFinish(body) },
    };
  }, [catalogue, frontId, bodyId]);

  const fail = (code: string, message: string) => {
    setPhase('failed');
    reportError?.({ code, message });
  };

  const load = async () => {
    setPhase('loading');
    try {
      await viewer.loadViewer(viewerSrc);
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
        {phase === 'ready' && (
          <ModelStage
            src={modelSrc}
            alt={alt}
            finishes={finishes}
            onModelError={() => fail('model-load-failed', `The 3D model ${modelSrc} could not be loaded`)}
          />
        )}
      </Modal>
    </div>
  );
}
