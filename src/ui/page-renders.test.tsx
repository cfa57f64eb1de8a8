import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfiguratorApp } from './ConfiguratorApp';
import type { ModalProps } from './Modal';
import { byRole, chooseColour, cleanup, render, update } from './testing';

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
      share: { link: () => 'https://shop.example/#evc', copy: async () => true },
    },
  });

/**
 * Issue 7 "Interaction": a colour click is timed to the updated preview and total. Work that shows
 * nothing new is left out of it: the closed dialogs on the page (the 3D view, "Start again?")
 * do not re-render on a colour choice.
 */
describe('configurator page: what a colour choice re-renders', () => {
  it('renders no closed dialog again when a front or body colour is chosen', () => {
    const { container } = pageWithEveryDialog();
    expect(new Set(modalRenders)).toEqual(new Set(['Your charger in 3D', 'Start again?']));
    modalRenders.length = 0;
    chooseColour(container, 'Front', 'Racing Green');
    chooseColour(container, 'Body', 'Windsor Grey');
    chooseColour(container, 'Front', 'Andersen Carbon');
    expect(modalRenders).toEqual([]);
  });

  it('still says the choices are back to the defaults after "Start again", until the next choice', () => {
    const { container } = pageWithEveryDialog();
    chooseColour(container, 'Front', 'Racing Green');
    update(() => byRole(container, 'button', 'Start again').click());
    update(() => byRole(container, 'button', 'Yes, start again').click());
    const status = () => container.querySelector('.evc-start-again [role="status"]')?.textContent;
    expect(status()).toBe('Your choices are back to the defaults.');
    chooseColour(container, 'Body', 'Windsor Grey');
    expect(status()).toBe('');
  });
});
