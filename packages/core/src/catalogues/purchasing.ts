// Purchase orders (spec 02 §3.8, §4.1): the document states and the receipt states. The receipt
// state is derived from the lines' counters (rules/purchasing.ts), never set by hand.

export const PURCHASE_ORDER_STATUSES = ['INVALID', 'DRAFT', 'SUBMIT', 'VERIFY', 'COMPLETE'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** The spec's three receipt states, plus CLOSED_SHORT: the rest will not come (closed short with a reason). */
export const PURCHASE_RECEIVE_STATUSES = ['UNRECEIVE', 'PART_RECEIVE', 'COMPLETE_RECEIVE', 'CLOSED_SHORT'] as const;
export type PurchaseReceiveStatus = (typeof PURCHASE_RECEIVE_STATUSES)[number];

/** The commands on a purchase order after it is created. */
export const PURCHASE_ACTIONS = ['update', 'submit', 'invalid', 'delete', 'retract', 'verify', 'reject', 'closeShort'] as const;
export type PurchaseAction = (typeof PURCHASE_ACTIONS)[number];

/** The download centre's export type of purchase orders. */
export const PURCHASE_ORDERS_EXPORT_TYPE = 'PURCHASE_ORDERS';

/** How the freight on a purchase order is spread over its lines: by line amount, by pieces, by weight. */
export const FREIGHT_ALLOCATIONS = ['AMOUNT', 'QUANTITY', 'WEIGHT'] as const;
export type FreightAllocation = (typeof FREIGHT_ALLOCATIONS)[number];
