// The command bar of the order list (verify, lock, merge, split, …) for the selected orders.
// Being built: renders nothing yet.
import type { OrderRow } from '@openseller/core';

export interface OrderActionsProps {
  /** The /order tab (activeKey) the list shows. */
  tab: string;
  selected: OrderRow[];
  /** Called after a command changed orders (the list refetches). */
  onDone: () => void;
}

export function OrderActions(_props: OrderActionsProps) {
  return null;
}
