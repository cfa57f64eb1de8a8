import { differenceText } from '../../domain/cart-check';
import { formatPence } from '../../domain/money';
import { ConfirmModal } from '../ConfirmModal';
import type { PlacedOrder } from '../../services/order-services';

/** The dialog's title, also its accessible name. */
export const CART_DIFFERENCE_TITLE = 'The shop’s price is different';

export interface CartDifferenceDialogProps {
  order: PlacedOrder | undefined;
  onContinue(order: PlacedOrder): void;
  onGoBack(): void;
}

/**
 * The shop's cart differs from what the buyer was shown: both figures and why, before leaving the
 * page. "Continue at £X" goes to the checkout at the shop's figure; "Go back" stays, with the
 * wizard now showing the shop's figures.
 */
export function CartDifferenceDialog({ order, onContinue, onGoBack }: CartDifferenceDialogProps) {
  const comparison = order?.comparison;
  const monthly = order?.totals.monthly !== undefined;
  return (
    <ConfirmModal
      title={CART_DIFFERENCE_TITLE}
      open={order !== undefined}
      confirmLabel={comparison ? `Continue at ${formatPence(comparison.charged)}` : 'Continue'}
      cancelLabel="Go back"
      onConfirm={() => order && onContinue(order)}
      onCancel={onGoBack}
    >
      {comparison && (
        <>
          <p>
            You were shown <strong data-shown>{formatPence(comparison.shown)}</strong>
            {monthly ? ' to pay today' : ''}. The shop would charge <strong data-charged>{formatPence(comparison.charged)}</strong>
            {monthly ? ' today' : ''}.
          </p>
          {comparison.differences.length > 0 && (
            <ul>
              {comparison.differences.map((difference) => (
                <li key={differenceText(difference)}>{differenceText(difference)}</li>
              ))}
            </ul>
          )}
          <p>The order summary now shows the shop’s figures. Continue to pay the shop’s price, or go back to change your order.</p>
        </>
      )}
    </ConfirmModal>
  );
}
