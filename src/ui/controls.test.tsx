import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import controlsCss from './controls.css';
import { ConfirmModal } from './ConfirmModal';
import { PrimaryButton } from './PrimaryButton';
import { Spinner } from './Spinner';
import { byRole, cleanup, render, statusTexts, update } from './testing';

afterEach(cleanup);

describe('shared controls (PAGE-7)', () => {
  it('the spinner is a status region whose label is read out, the wheel being decoration', () => {
    const { container } = render(
      <>
        <Spinner label="Please wait while we submit your upgrade specification request..." />
        <Spinner label="Loading" hideLabel />
      </>,
    );
    expect(statusTexts(container)).toEqual(['Please wait while we submit your upgrade specification request...', 'Loading']);
    expect([...container.querySelectorAll('.evc-spinner-wheel')].every((wheel) => wheel.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(container.querySelector('.evc-visually-hidden')?.textContent).toBe('Loading');
  });

  it('the spinner stands still for reduced motion', () => {
    const reduced = controlsCss.slice(controlsCss.indexOf('@media (prefers-reduced-motion: reduce)'));
    expect(reduced).toMatch(/\.evc-spinner-wheel\s*\{[^}]*animation:\s*none/);
  });

  it('the primary button is a full-width button that passes its props on', () => {
    const onClick = vi.fn();
    const { container } = render(
      <PrimaryButton className="extra" disabled={false} onClick={onClick}>
        Continue
      </PrimaryButton>,
    );
    const button = byRole(container, 'button', 'Continue');
    expect(button.getAttribute('type')).toBe('button');
    expect([...button.classList]).toEqual(['evc-primary', 'evc-primary-button', 'extra']);
    update(() => button.click());
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('a confirm modal shows while its owner has it open; Close and Cancel cancel, only confirm acts', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    function Owner() {
      const [open, setOpen] = useState(false);
      const done = (act: () => void) => () => {
        act();
        setOpen(false);
      };
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Remove hook
          </button>
          <ConfirmModal title="Remove the hook?" confirmLabel="Remove" open={open} onConfirm={done(onConfirm)} onCancel={done(onCancel)}>
            <p>The hook colour will be cleared.</p>
          </ConfirmModal>
        </>
      );
    }
    const { container } = render(<Owner />);
    const dialog = byRole<HTMLDialogElement>(container, 'dialog', 'Remove the hook?');
    expect(dialog.open).toBe(false);
    update(() => byRole(container, 'button', 'Remove hook').click());
    expect(dialog.open).toBe(true);
    update(() => byRole(dialog, 'button', 'Close').click());
    expect(dialog.open).toBe(false);
    update(() => byRole(container, 'button', 'Remove hook').click());
    update(() => byRole(dialog, 'button', 'Cancel').click());
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
    update(() => byRole(container, 'button', 'Remove hook').click());
    update(() => byRole(dialog, 'button', 'Remove').click());
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(dialog.open).toBe(false);
  });
});
