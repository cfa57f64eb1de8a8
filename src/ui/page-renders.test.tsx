import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfiguratorApp } from './ConfiguratorApp';
import type { ModalProps } from './Modal';
import { byRole, chooseColour, cleanup, render, update, updateAsync } from './testing';

// Every render of a dialog on the page, by title: the real Modal, called from a counting wrapper.
const modalRenders: string[] = [];
vi.mock('./Modal', async (importOriginal) => {
  const real = await importOriginal<typeof import('./Modal')>();
  return {
    Modal: (props: ModalProps) => {
      modalRenders.push(props.title);
      return real.Modal(props);
    },
  };
});

afterEach(() => {
  cleanup();
  modalRenders.length = 0;
});

const pageWithEveryDialog = () =>
  render(<ConfiguratorApp notices={[]} />, {
    options: {
      modelSrc: 'https://models.example/charger.glb',
      viewerSrc: 'https://cdn.example/model-viewer.js',
      share: { link: async () => 'https://shop.example/#evc', copy: async () => true },
      // WebGL, and a viewer file that is still loading: the dialog shows without a model.
      viewer: { webglAvailable: () => true, loadViewer: () => new Promise<never>(() => {}) },
    },
  });

/**
 * A colour click is timed to the updated preview and total. Work that shows nothing new is left out
 * of it: the page's dialogs (the 3D view, "Start again?") come with the wizard file when first opened,
 * and once closed they do not re-render on a colour choice.
 */
describe('configurator page: what a colour choice re-renders', () => {
  it('renders no dialog before one is opened, and no closed dialog again when a front or body colour is chosen', async () => {
    const { container } = pageWithEveryDialog();
    expect(modalRenders).toEqual([]);
    for (const [button, closing] of [
      ['Start again', 'Keep my choices'],
      ['View in 3D', 'Close'],
    ] as const) {
      await updateAsync(() => byRole(container, 'button', button).click());
      update(() => byRole(container.querySelector('dialog[open]') as HTMLElement, 'button', closing).click());
    }
    expect(new Set(modalRenders)).toEqual(new Set(['Your charger in 3D', 'Start again?']));
    modalRenders.length = 0;
    chooseColour(container, 'Front', 'Racing Green');
    chooseColour(container, 'Body', 'Windsor Grey');
    chooseColour(container, 'Front', 'Andersen Carbon');
    expect(modalRenders).toEqual([]);
  });

  it('still says the choices are back to the defaults after "Start again", until the next choice', async () => {
    const { container } = pageWithEveryDialog();
    chooseColour(container, 'Front', 'Racing Green');
    await updateAsync(() => byRole(container, 'button', 'Start again').click());
    update(() => byRole(container, 'button', 'Yes, start again').click());
    const status = () => container.querySelector('.evc-start-again [role="status"]')?.textContent;
    expect(status()).toBe('Your choices are back to the defaults.');
    chooseColour(container, 'Body', 'Windsor Grey');
    expect(status()).toBe('');
  });
});
