// Who hears that a purchase return's pieces left the warehouse: registry list
// 'purchase-return-delivered-listeners', called inside the delivery's transaction (a listener that
// throws refuses the delivery). Payables make the debit note (a negative payable) from it.
import type { Tx } from '../../db/client.js';
import type { OperationActor } from '../../platform/operation-log.js';

export const PURCHASE_RETURN_DELIVERED_LISTENERS = 'purchase-return-delivered-listeners';

export interface PurchaseReturnDeliveredEvent {
  tx: Tx;
  actor: OperationActor;
  domainId: number;
  purchaseReturnId: number;
  purchaseReturnCode: string;
  supplierId: number;
  /** What left with this delivery (a warehouse system may report a return in several shipments). */
  lines: {
    purchaseReturnLineId: number;
    purchaseOrderLineId: number;
    skuId: number;
    qty: number;
    /** Pieces of the line delivered before this delivery: with the line, names this delivery once. */
    deliveredBefore: number;
    /** The unit cost the pieces left at, by the return's cost rule (exact decimal, 4 places). */
    unitCost: string;
    /** The receipt cost of the order line (what the supplier was charged per piece); null when unpriced. */
    receiptCost: string | null;
  }[];
}

export type PurchaseReturnDeliveredListener = (event: PurchaseReturnDeliveredEvent) => Promise<void>;
