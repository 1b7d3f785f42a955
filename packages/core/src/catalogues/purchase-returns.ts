// Purchase returns (spec 02 §3.8, §4.1, §4.2): goods received on a purchase order sent back to the
// supplier through a WDO_PURCHASE_RETURN outbound order.

export const PURCHASE_RETURN_STATUSES = ['DRAFT', 'SUBMIT', 'VERIFY', 'CLOSE', 'COMPLETE'] as const;
export type PurchaseReturnStatus = (typeof PURCHASE_RETURN_STATUSES)[number];

/** The commands a person gives a purchase return after creating it. */
export const PURCHASE_RETURN_ACTIONS = ['update', 'submit', 'invalid', 'delete', 'retract', 'verify', 'reject'] as const;
export type PurchaseReturnAction = (typeof PURCHASE_RETURN_ACTIONS)[number];

/**
 * The cost the returned pieces leave stock at: what they cost when received (the receipts of
 * the purchase order line, quantity-weighted) or the SKU's moving average when they leave.
 */
export const PURCHASE_RETURN_COST_RULES = ['RECEIPT_COST', 'AVERAGE_COST'] as const;
export type PurchaseReturnCostRule = (typeof PURCHASE_RETURN_COST_RULES)[number];
