// Payables and payments (spec 02 §3.8, §4.1): the document states, the payment state derived from
// allocations, the payable and payment types and the pay types. A bill is a purchase receipt line
// waiting to be recorded on a payable (TO_BE_RECORD) or recorded (RECORDED).

export const PAYABLE_STATUSES = ['INVALID', 'DRAFT', 'SUBMIT', 'VERIFIED'] as const;
export type PayableStatus = (typeof PAYABLE_STATUSES)[number];

/** Derived from what verified payments allocated, never set by hand. */
export const PAYMENT_STATUSES = ['NOT_PAID', 'PARTIAL_PAYMENT', 'PAID'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Purchase payable (from receipts; negative: a debit note from a purchase return) and other payable. */
export const PAYABLE_TYPES = ['PURCHASE', 'OTHER'] as const;
export type PayableType = (typeof PAYABLE_TYPES)[number];

export const PAYABLE_OBJECT_TYPES = ['SUPPLIER'] as const;
export type PayableObjectType = (typeof PAYABLE_OBJECT_TYPES)[number];

/** The paid document's states, plus INVALID (cancelled). */
export const PAID_STATUSES = ['INVALID', 'DRAFT', 'SUBMIT', 'VERIFIED'] as const;
export type PaidStatus = (typeof PAID_STATUSES)[number];

/** Payable payment, prepayment. */
export const PAID_TYPES = ['PAYABLE', 'PREPAID'] as const;
export type PaidType = (typeof PAID_TYPES)[number];

export const PAY_TYPES = ['BANK', 'CASH', 'ALIPAY', 'WECHAT'] as const;
export type PayType = (typeof PAY_TYPES)[number];

export const BILL_STATUSES = ['TO_BE_RECORD', 'RECORDED'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** Commands on a payable after it is created. */
export const PAYABLE_ACTIONS = ['update', 'submit', 'invalid', 'delete', 'retract', 'verify', 'reject'] as const;
export type PayableAction = (typeof PAYABLE_ACTIONS)[number];

/** Commands on a payment after it is created (invalid on a verified payment cancels it). */
export const PAID_ACTIONS = ['submit', 'invalid', 'delete', 'retract', 'verify', 'reject'] as const;
export type PaidAction = (typeof PAID_ACTIONS)[number];

/** The purchase order's settlement axis, derived from its lines (rules/finance.ts). */
export const PURCHASE_SETTLE_STATUSES = ['NOT_PAYABLE', 'TO_SETTLE', 'PART_SETTLED', 'SETTLED'] as const;
export type PurchaseSettleStatus = (typeof PURCHASE_SETTLE_STATUSES)[number];
