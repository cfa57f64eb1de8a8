import { useMemo } from 'react';
import { selectAwaitingHighPower } from '../../stores/wizard-navigation';
import { wizardNavigation } from '../../stores/wizard-navigation';
import { ConfirmModal } from '../ConfirmModal';
import { useConfigurator, useConfiguratorStore } from '../store-context';
import type { StepProps } from './types';

/** The dialog's title, also its accessible name. */
export const HIGH_POWER_TITLE = '22kW charging needs a three-phase supply';

/**
 * MOVE-7: choosing a 22kW cable (tether or socket) on step 0 shows a confirmation dialog with
 * continue or go back; Continue stays hidden until it is answered. Going back (or Escape)
 * restores the previous cable; continuing is a Continue: the lead (LEAD-1), the move and the
 * product details (CART-7).
 */
export function HighPowerDialog({ confirmHighPower }: Pick<StepProps, 'confirmHighPower'>) {
  const open = useConfigurator(selectAwaitingHighPower);
  const store = useConfiguratorStore();
  const { declineHighPower } = useMemo(() => wizardNavigation(store), [store]);
  return (
    <ConfirmModal
      title={HIGH_POWER_TITLE}
      open={open}
      confirmLabel="Continue"
      cancelLabel="Go back"
      onConfirm={confirmHighPower}
      onCancel={declineHighPower}
    >
      <p>
        22 kW charging works on a three-phase supply only; 7 kW charging works on the single-phase supply most homes
        have. Continue if your home has a three-phase supply, or go back to your previous choice.
      </p>
    </ConfirmModal>
  );
}
