import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { bodyColour, frontColour } from '../domain/configuration';
import type { ViewerService } from '../services/viewer';
import { createConfiguratorStore } from '../stores/configurator-store';
import type { UiOptions } from './options-context';
import { UiOptionsContext } from './options-context';
import { StoreContext } from './store-context';
import { mountModelStage } from '../viewer/model-stage';
import { Viewer3D } from './Viewer3D';
import { VIEWER_TEXT } from './load-parts';
import { mountStartAgain, mountViewer, mountWizard } from './wizard-mount';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const MODEL = 'https://shop.example/models/charger.glb';
const VIEWER = 'https://shop.example/dist/model-viewer.js';

/** Stands in for model-viewer: a `model` whose materials record what they were painted with. */
class FakeModelViewer extends HTMLElement {
  readonly painted = new Map<string, ReturnType<typeof fakeMaterial>>([
    ['front', fakeMaterial()],
    ['body', fakeMaterial()],
  ]);
  model?: { getMaterialByName(name: string): unknown };
  /** What model-viewer does once the model has loaded: `model` appears, then `load` fires. */
  loaded() {
    this.model = { getMaterialByName: (name: string) => this.painted.get(name) ?? null };
    this.dispatchEvent(new Event('load'));
  }
}

function fakeMaterial() {
  return {
    pbrMetallicRoughness: { setBaseColorFactor: vi.fn(), setMetallicFactor: vi.fn(), setRoughnessFactor: vi.fn() },
  };
}

/** A viewer service whose loads the test settles by hand. */
function fakeViewer({ webgl = true } = {}) {
  const loads: { resolve(): void; reject(error: Error): void }[] = [];
  const service: ViewerService = {
    // The viewer file's stage is the real one; <model-viewer> is the fake above.
    loadViewer: vi.fn(
      () => new Promise<{ mountModelStage: typeof mountModelStage }>((resolve, reject) => loads.push({ resolve: () => resolve({ mountModelStage }), reject })),
    ),
    webglAvailable: vi.fn(() => webgl),
  };
  return { service, loads };
}

let root: Root | undefined;

function render(options: Partial<UiOptions>) {
  const store = createConfiguratorStore({ catalogue: UK_CATALOGUE, flow: 'order', storageKey: 'viewer-test' });
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root!.render(
      <StoreContext.Provider value={store}>
        <UiOptionsContext.Provider value={{ instanceId: 't', imageCdn: '/cdn', loadWizard: async () => ({ mountWizard, mountViewer, mountStartAgain }), ...options }}>
          <Viewer3D />
        </UiOptionsContext.Provider>
      </StoreContext.Provider>,
    ),
  );
  const button = (name: string) =>
    Array.from(container.querySelectorAll('button')).find((candidate) => candidate.textContent === name);
  return {
    container,
    store,
    button,
    click: (name: string) => act(() => button(name)!.click()),
    modelViewer: () => container.querySelector<FakeModelViewer>('model-viewer'),
  };
}

const settle = (promise?: Promise<unknown>) => act(async () => void (await promise?.catch(() => undefined)));

describe('Viewer3D', () => {
  beforeAll(() => customElements.define('model-viewer', FakeModelViewer));
  afterEach(async () => {
    // The dialog has a root of its own, unmounted a microtask after the page's.
    await act(async () => root?.unmount());
    document.body.innerHTML = '';
  });

  it('shows no button without model-src or the wizard file to load; the viewer file needs no viewer-src', () => {
    expect(render({ viewerSrc: VIEWER }).button(VIEWER_TEXT.button)).toBeUndefined();
    expect(render({ modelSrc: MODEL, viewerSrc: VIEWER, loadWizard: undefined }).button(VIEWER_TEXT.button)).toBeUndefined();
    expect(render({ modelSrc: MODEL }).button(VIEWER_TEXT.button)).toBeDefined();
  });

  it('loads the viewer file only when "View in 3D" is pressed, with a loading status meanwhile', async () => {
    const { service, loads } = fakeViewer();
    const view = render({ modelSrc: MODEL, viewerSrc: VIEWER, viewer: service });
    expect(view.button('View in 3D')).toBeDefined();
    expect(service.loadViewer).not.toHaveBeenCalled();

    view.click('View in 3D');
    // Loading at once on the page; the dialog comes with the wizard file, and loads the viewer file.
    expect(view.container.querySelector('[role="status"]:not(.evc-viewer-notice)')?.textContent).toContain('Loading the 3D view…');
    await settle();
    const dialog = view.container.querySelector('dialog');
    expect(dialog?.open).toBe(true);
    expect(dialog?.textContent).toContain('Your charger in 3D');
    expect(service.loadViewer).toHaveBeenCalledWith(VIEWER);
    expect(dialog?.querySelector('[role="status"]')?.textContent).toContain('Loading the 3D view…');
    expect(view.modelViewer()).toBeNull();

    loads[0]!.resolve();
    await settle();
    const front = frontColour(UK_CATALOGUE, view.store.getState().configuration.front).name;
    const body = bodyColour(UK_CATALOGUE, view.store.getState().configuration.body).name;
    const element = view.modelViewer()!;
    expect(element.getAttribute('src')).toBe(MODEL);
    expect(element.getAttribute('alt')).toBe(`3D model of the charger in ${front} and ${body}`);
    for (const [name, value] of Object.entries({ 'camera-controls': '', 'touch-action': 'pan-y', ar: '', 'ar-modes': 'webxr scene-viewer quick-look', 'ar-placement': 'wall' })) {
      expect(element.getAttribute(name), name).toBe(value);
    }
    expect(dialog?.querySelector('[role="status"]')).toBeNull();
  });

  it('shows an error with "Try again" when the viewer file fails, reports it, and retries', async () => {
    const { service, loads } = fakeViewer();
    const reportError = vi.fn();
    const view = render({ modelSrc: MODEL, viewerSrc: VIEWER, viewer: service, reportError });
    view.click('View in 3D');
    await settle();
    loads[0]!.reject(new Error(`The 3D viewer could not be loaded from ${VIEWER}: offline`));
    await settle();
    expect(view.container.querySelector('[role="alert"]')?.textContent).toContain('The 3D view could not be loaded.');
    expect(reportError).toHaveBeenCalledWith({ code: 'viewer-load-failed', message: `The 3D viewer could not be loaded from ${VIEWER}: offline` });

    view.click('Try again');
    await settle();
    expect(service.loadViewer).toHaveBeenCalledTimes(2);
    loads[1]!.resolve();
    await settle();
    expect(view.container.querySelector('[role="alert"]')).toBeNull();
    expect(view.modelViewer()).not.toBeNull();
  });

  it('reports a model that fails to load, and loads it afresh on "Try again"', async () => {
    const { service, loads } = fakeViewer();
    const reportError = vi.fn();
    const view = render({ modelSrc: MODEL, viewerSrc: VIEWER, viewer: service, reportError });
    view.click('View in 3D');
    await settle();
    loads[0]!.resolve();
    await settle();
    act(() => void view.modelViewer()!.dispatchEvent(new Event('error')));
    expect(view.modelViewer()).toBeNull();
    expect(reportError).toHaveBeenCalledWith({ code: 'model-load-failed', message: `The 3D model ${MODEL} could not be loaded` });
    view.click('Try again');
    await settle();
    loads[1]!.resolve();
    await settle();
    expect(view.modelViewer()).not.toBeNull();
  });

  it('shows an error with "Try again" when the wizard file, which holds the dialog, fails; reports it, and retries', async () => {
    const { service, loads } = fakeViewer();
    const reportError = vi.fn();
    const loadWizard = vi
      .fn()
      .mockRejectedValueOnce(new Error('The wizard could not be loaded from https://shop.example/dist/wizard.js: offline'))
      .mockResolvedValue({ mountWizard, mountViewer, mountStartAgain });
    const view = render({ modelSrc: MODEL, viewerSrc: VIEWER, viewer: service, reportError, loadWizard });
    view.click('View in 3D');
    await settle();
    expect(view.container.querySelector('dialog')).toBeNull();
    expect(view.container.querySelector('[role="alert"]')?.textContent).toContain('The 3D view could not be loaded.');
    expect(reportError).toHaveBeenCalledWith({ code: 'viewer-load-failed', message: 'The wizard could not be loaded from https://shop.example/dist/wizard.js: offline' });
    expect(service.loadViewer).not.toHaveBeenCalled();

    view.click('Try again');
    await settle();
    expect(loadWizard).toHaveBeenCalledTimes(2);
    expect(view.container.querySelector('[role="alert"]')).toBeNull();
    loads[0]!.resolve();
    await settle();
    expect(view.modelViewer()).not.toBeNull();
  });

  it('without WebGL keeps the page as it is, with a notice, and loads nothing', () => {
    const { service } = fakeViewer({ webgl: false });
    const reportError = vi.fn();
    const view = render({ modelSrc: MODEL, viewerSrc: VIEWER, viewer: service, reportError });
    view.click('View in 3D');
    expect(view.container.querySelector('.evc-viewer-notice[role="status"]')?.textContent).toBe('3D view is not available in this browser.');
    expect(service.loadViewer).not.toHaveBeenCalled();
    expect(view.container.querySelector('dialog')).toBeNull();
    expect(reportError).not.toHaveBeenCalled();
  });

  it('paints the front and body materials after load and whenever the colours change', async () => {
    const { service, loads } = fakeViewer();
    const view = render({ modelSrc: MODEL, viewerSrc: VIEWER, viewer: service });
    view.click('View in 3D');
    await settle();
    loads[0]!.resolve();
    await settle();
    const element = view.modelViewer()!;
    const front = element.painted.get('front')!.pbrMetallicRoughness;
    const body = element.painted.get('body')!.pbrMetallicRoughness;
    act(() => element.loaded());
    const { configuration } = view.store.getState();
    expect(front.setBaseColorFactor).toHaveBeenLastCalledWith(frontColour(UK_CATALOGUE, configuration.front).color);
    expect(body.setBaseColorFactor).toHaveBeenLastCalledWith(bodyColour(UK_CATALOGUE, configuration.body).color);

    act(() => view.store.getState().actions.chooseFront('racing_green'));
    expect(front.setBaseColorFactor).toHaveBeenLastCalledWith('#1f4a35');
    expect(front.setMetallicFactor).toHaveBeenLastCalledWith(0.6);
    expect(element.getAttribute('alt')).toMatch(/^3D model of the charger in Racing Green and /);

    act(() => view.store.getState().actions.chooseBody('maranello_red'));
    expect(body.setBaseColorFactor).toHaveBeenLastCalledWith('#a3161c');

    // Wood and carbon have no flat colour: a representative tone of each.
    act(() => view.store.getState().actions.chooseFront('french_walnut'));
    expect(front.setBaseColorFactor).toHaveBeenLastCalledWith('#6b4a32');
    act(() => view.store.getState().actions.chooseFront('andersen_carbon'));
    expect(front.setBaseColorFactor).toHaveBeenLastCalledWith('#2a2c30');
  });
});
