import type { OrderItem } from '../../domain/order-items';

/** What the wizard says of an item of the order that the shop cannot sell now. */
export function unavailableMessage(item: Pick<OrderItem, 'name'>): string {
  return `${item.name} is not available from the shop at the moment: please choose something else.`;
}

/**
 * The order already holds items the shop cannot sell (a default, a saved choice, a finish chosen on
 * the page): said on the current step, in a polite live region that is there before it fills.
 */
export function UnavailableNotice({ items }: { items: readonly OrderItem[] }) {
  return (
    <div className="evc-unavailable" role="status">
      {items.map((item) => (
        <p key={item.key} className="evc-notice" part="notice">
          {unavailableMessage(item)}
        </p>
      ))}
    </div>
  );
}
