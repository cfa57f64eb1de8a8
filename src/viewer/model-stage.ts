import type { ColourOption } from '../domain/catalogue/schema';
import type { ModelFinish, ModelSlot } from './model-colours';
import { MODEL_MATERIALS, modelFinish } from './model-colours';

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

/** What the stage shows: the alt text and the chosen front and body colours. */
export interface ModelLook {
  alt: string;
  front: ColourOption;
  body: ColourOption;
}

export interface ModelStageOptions extends ModelLook {
  src: string;
  /** The model could not be loaded (model-viewer's `error` event). */
  onError(): void;
}

export interface ModelStage {
  update(look: ModelLook): void;
  unmount(): void;
}

/**
 * PREVIEW-9: the 3D or AR viewer, placed on a wall, with camera controls: attributes of
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
export function paintModel(viewer: ModelViewerElement, finishes: Record<ModelSlot, ModelFinish>): void {
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

/**
 * model-viewer stamps its styles into its shadow root as a `<style>` element when it is created. A
 * page whose Content-Security-Policy allows no inline style (the partner intranet's) blocks
 * that element once it is connected, and reports it. So the elements are taken out before the viewer
 * is connected, and their text comes back as constructable stylesheets, which `style-src` does not
 * govern (the element's own styles are adopted the same way): the same styles on every page.
 */
function takeStyleElements(root: ShadowRoot | null): CSSStyleSheet[] {
  return [...(root?.querySelectorAll('style') ?? [])].map((style) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(style.textContent ?? '');
    style.remove();
    return sheet;
  });
}

/**
 * The `<model-viewer>` itself, in `container`: created with the DOM so its attributes are exactly
 * the ones written, and painted after `load` and on every colour change.
 */
export function mountModelStage(container: Element, { src, onError, ...first }: ModelStageOptions): ModelStage {
  const document = container.ownerDocument;
  const element = document.createElement('model-viewer') as ModelViewerElement;
  const reducedMotion = document.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  for (const [name, value] of Object.entries(modelViewerAttributes(src, reducedMotion))) element.setAttribute(name, value);
  let look = first;
  const paint = () => paintModel(element, { front: modelFinish(look.front), body: modelFinish(look.body) });
  const failed = () => onError();
  element.setAttribute('alt', look.alt);
  element.addEventListener('load', paint);
  element.addEventListener('error', failed);
  const styles = takeStyleElements(element.shadowRoot);
  container.append(element);
  // After connecting: Lit sets the shadow root's adopted sheets to its own when first connected.
  if (element.shadowRoot && styles.length > 0) element.shadowRoot.adoptedStyleSheets = [...element.shadowRoot.adoptedStyleSheets, ...styles];
  return {
    update(next) {
      look = next;
      element.setAttribute('alt', next.alt);
      paint();
    },
    unmount() {
      element.removeEventListener('load', paint);
      element.removeEventListener('error', failed);
      element.remove();
    },
  };
}

/** What the viewer file exports for the element (src/services/viewer.ts checks it). */
export interface ViewerModule {
  mountModelStage: typeof mountModelStage;
}

export function isViewerModule(value: unknown): value is ViewerModule {
  return typeof (value as Partial<ViewerModule> | null)?.mountModelStage === 'function';
}
