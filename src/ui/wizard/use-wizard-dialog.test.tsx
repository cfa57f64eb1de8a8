import { useEffect, useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '../Modal';
import { byRole, cleanup, render, update } from '../testing';
import { useWizardDialog, type WizardDialogOptions } from './use-wizard-dialog';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

type Props = WizardDialogOptions;

/** A Modal with the wizard's behaviour, as Wizard.tsx uses it. */
function WizardLikeDialog({ open, modal, contentKey, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useWizardDialog(dialog, { open, modal, contentKey, onClose });
  return (
    <Modal open={open} dialogRef={dialog} title={`Step ${contentKey}`} onClose={close}>
      <button type="button">Inside</button>
    </Modal>
  );
}

/** Renders the dialog; `rerender` renders it again with some props changed. */
function renderDialog(initial: Props) {
  const props: { current: Props; set?(next: Props): void } = { current: initial };
  function Harness() {
    const [current, set] = useState(initial);
    useEffect(() => {
      props.set = set;
    }, []);
    return <WizardLikeDialog {...current} />;
  }
  const rendered = render(<Harness />);
  const rerender = (next: Partial<Props>) => {
    props.current = { ...props.current, ...next };
    update(() => props.set?.(props.current));
  };
  return { ...rendered, rerender };
}

describe('the wizard dialog (modal or not, focus on each new step)', () => {
  it('stops being modal for an overlay and becomes modal again, focus back where it was, without closing', () => {
    const show = vi.spyOn(HTMLDialogElement.prototype, 'show');
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const onClose = vi.fn();
    const { container, rerender } = renderDialog({ open: true, modal: true, contentKey: 'one', onClose });
    const dialog = byRole<HTMLDialogElement>(container, 'dialog', 'Step one');
    expect(showModal.mock.contexts).toEqual([dialog]);
    const inside = byRole(container, 'button', 'Inside');
    inside.focus();

    // This DOM fires the close event inside close(), while the dialog is closed: not the buyer closing it.
    rerender({ modal: false });
    expect(show.mock.contexts).toEqual([dialog]);
    expect(dialog.open).toBe(true);
    // The overlay takes focus while it is open.
    const overlay = document.body.appendChild(document.createElement('button'));
    overlay.focus();
    rerender({ modal: true });
    expect(showModal.mock.contexts).toEqual([dialog, dialog]);
    expect(dialog.open).toBe(true);
    expect(document.activeElement).toBe(inside);
    expect(onClose).not.toHaveBeenCalled();

    update(() => byRole(container, 'button', 'Close').click());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('focuses the title when what the dialog shows changes, so it is read from its start', () => {
    const { container, rerender } = renderDialog({ open: true, modal: true, contentKey: 'one', onClose: () => undefined });
    byRole(container, 'button', 'Inside').focus();
    rerender({ contentKey: 'two' });
    expect(document.activeElement?.textContent).toBe('Step two');
    expect(document.activeElement?.getAttribute('part')).toBe('dialog-title');
  });
});
