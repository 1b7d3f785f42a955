// Payables and payments (spec 02 §3.8, §4.1, §4.2, §7.12). A purchase payable records bills
// (purchase receipt lines, `billDetailId`) at quantity × price; an other payable records free
// items; a debit note is a negative purchase payable made by a purchase return. A payment
// allocates amounts to verified payables of one supplier, paid by a pay type, with other
// deductions and deductions from the supplier's prepayments. Money: exact decimal strings, at most
// 4 decimals. Unit prices are the purchase price: sent only with PURCHASE_PRICE.
import { z } from 'zod';
import {
  BILL_STATUSES,
  PAID_ACTIONS,
  PAID_STATUSES,
  PAID_TYPES,
  PAY_TYPES,
  PAYABLE_ACTIONS,
  PAYABLE_OBJECT_TYPES,
  PAYABLE_STATUSES,
  PAYABLE_TYPES,
  PAYMENT_STATUSES,
} from '../catalogues/finance.js';
import { decimalPlaces, isDecimalText } from '../rules/decimal.js';
import { MONEY_DECIMALS } from '../rules/numbers.js';
import { DateTimeText, Id, OptionalText, PageQuery, Text, Version } from './common.js';
import { PurchasePriceText } from './suppliers.js';

export const FinanceErrors = {
  /** The action does not fit the document's state. */
  PAYABLE_WRONG_STATUS: 'ERR_PAYABLE_WRONG_STATUS',
  PAYMENT_WRONG_STATUS: 'ERR_PAYMENT_WRONG_STATUS',
  SUPPLIER_NOT_FOUND: 'ERR_FINANCE_SUPPLIER_NOT_FOUND',
  /** A bill (purchase receipt line) that does not exist in the domain. */
  BILL_NOT_FOUND: 'ERR_FINANCE_BILL_NOT_FOUND',
  /** A bill is already recorded on a live payable: a receipt line is payable once. */
  BILL_RECORDED: 'ERR_FINANCE_BILL_RECORDED',
  /** The bills of one payable belong to one supplier. */
  BILLS_OF_SUPPLIERS: 'ERR_FINANCE_BILLS_OF_SUPPLIERS',
  SKU_NOT_FOUND: 'ERR_FINANCE_SKU_NOT_FOUND',
  /** Verify: quantity × price does not match the receipt and the order; the lines are named. */
  THREE_WAY_MISMATCH: 'ERR_PAYABLE_THREE_WAY_MISMATCH',
  /** The account may not see purchase prices, so it cannot set them. */
  PRICE_HIDDEN: 'ERR_FINANCE_PRICE_HIDDEN',
  /** Update of a purchase payable on an other payable, or the other way round. */
  WRONG_PAYABLE_TYPE: 'ERR_PAYABLE_WRONG_TYPE',
  /** A payable a payment names is not invalidated or deleted (cancel the payment first). */
  PAYABLE_IN_PAYMENT: 'ERR_FINANCE_PAYABLE_IN_PAYMENT',
  /** A payment names a payable that is not verified, or of another supplier. */
  PAYABLE_NOT_PAYABLE: 'ERR_FINANCE_PAYABLE_NOT_PAYABLE',
  /** An allocation above what is outstanding (or of the wrong sign). */
  OVER_ALLOCATION: 'ERR_FINANCE_OVER_ALLOCATION',
  PREPAID_NOT_FOUND: 'ERR_FINANCE_PREPAID_NOT_FOUND',
  /** A deduction above what is left of the prepayment. */
  PREPAID_BALANCE: 'ERR_FINANCE_PREPAID_BALANCE',
  /** Deductions above what is allocated: the cash part would be negative. */
  NEGATIVE_PAYMENT: 'ERR_FINANCE_NEGATIVE_PAYMENT',
  /** A verified prepayment already deducted is not cancelled. */
  PREPAID_USED: 'ERR_FINANCE_PREPAID_USED',
} as const;

const MONEY_CAP = 14;

function moneyText(kind: 'positive' | 'notNegative' | 'signed') {
  return z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => isDecimalText(v) && !v.startsWith('+'), { message: 'Enter an amount' })
    .refine((v) => decimalPlaces(v) <= MONEY_DECIMALS, { message: 'An amount has at most 4 decimals' })
    .refine((v) => v.replace('-', '').split('.')[0]!.replace(/^0+(?=\d)/, '').length <= MONEY_CAP, { message: 'The amount is too large' })
    .refine((v) => kind === 'signed' || !v.startsWith('-'), { message: 'Enter an amount that is not negative' })
    .refine((v) => kind !== 'positive' || /[1-9]/.test(v), { message: 'Enter an amount above 0' })
    .refine((v) => kind !== 'signed' || /[1-9]/.test(v), { message: 'Enter an amount that is not 0' });
}

/** Money above 0, at most 4 decimals. */
export const PositiveMoneyText = moneyText('positive');
/** Money, 0 or more. */
export const NotNegativeMoneyText = moneyText('notNegative');
/** Money, not 0, negative allowed (allocations to a debit note). */
export const SignedMoneyText = moneyText('signed');

const Qty = z.number().int('Enter a whole number of pieces').min(1, 'Enter a quantity of at least 1').max(10_000_000);

export const PAYABLE_MAX_LINES = 1000;

// ---- payables ----

export const PurchasePayableLineInput = z.object({
  /** The purchase receipt line (bill) recorded. */
  billDetailId: Id,
  /** Default: the received quantity. */
  payableQty: Qty.nullish(),
  /** Default: the receipt's unit cost (the purchase price). */
  payablePrice: PurchasePriceText.nullish(),
  remark: OptionalText(200),
});

function oneLinePerBill(value: { details: { billDetailId: number }[] }, ctx: z.RefinementCtx) {
  const seen = new Set<number>();
  value.details.forEach((d, index) => {
    if (seen.has(d.billDetailId)) ctx.addIssue({ code: 'custom', path: ['details', index, 'billDetailId'], message: 'The same bill is on two lines' });
    seen.add(d.billDetailId);
  });
}

const PurchasePayableFields = z.object({
  remark: OptionalText(500),
  details: z.array(PurchasePayableLineInput).min(1, 'Choose at least one bill').max(PAYABLE_MAX_LINES),
});
export const PurchasePayableCreateInput = PurchasePayableFields.superRefine(oneLinePerBill);
export type PurchasePayableCreateInput = z.infer<typeof PurchasePayableCreateInput>;
export const PurchasePayableUpdateInput = PurchasePayableFields.extend({ id: Id, version: Version }).superRefine(oneLinePerBill);
export type PurchasePayableUpdateInput = z.infer<typeof PurchasePayableUpdateInput>;

export const OtherPayableLineInput = z.object({
  payableItemName: Text(100),
  skuCode: OptionalText(64),
  payableQty: Qty,
  payablePrice: PurchasePriceText,
  remark: OptionalText(200),
});
const OtherPayableFields = z.object({
  payableObjectType: z.enum(PAYABLE_OBJECT_TYPES).default('SUPPLIER'),
  /** The supplier owed. */
  payableObjectId: Id,
  remark: OptionalText(500),
  details: z.array(OtherPayableLineInput).min(1, 'Add at least one item').max(PAYABLE_MAX_LINES),
});
export const OtherPayableCreateInput = OtherPayableFields;
export type OtherPayableCreateInput = z.infer<typeof OtherPayableCreateInput>;
export const OtherPayableUpdateInput = OtherPayableFields.extend({ id: Id, version: Version });
export type OtherPayableUpdateInput = z.infer<typeof OtherPayableUpdateInput>;

/** Record bills: one purchase payable (DRAFT) per supplier of the bills, at the receipts' prices. */
export const PayableRecordInput = z.object({ billDetailIds: z.array(Id).min(1).max(PAYABLE_MAX_LINES) });
export type PayableRecordInput = z.infer<typeof PayableRecordInput>;

export const FinanceVersionInput = z.object({ id: Id, version: Version });
export type FinanceVersionInput = z.infer<typeof FinanceVersionInput>;
export const FinanceRejectInput = z.object({ id: Id, version: Version, reason: OptionalText(200) });
export type FinanceRejectInput = z.infer<typeof FinanceRejectInput>;
export const FinanceIdInput = z.object({ id: Id });
export type FinanceIdInput = z.infer<typeof FinanceIdInput>;

export const PayableSearchInput = PageQuery.extend({
  code: OptionalText(64),
  payableType: z.enum(PAYABLE_TYPES).nullish(),
  status: z.enum(PAYABLE_STATUSES).nullish(),
  paymentStatus: z.enum(PAYMENT_STATUSES).nullish(),
  supplierId: Id.nullish(),
});
export type PayableSearchInput = z.input<typeof PayableSearchInput>;
export type PayableSearchParsed = z.output<typeof PayableSearchInput>;

export const PayableRow = z.object({
  id: z.number(),
  code: z.string(),
  payableType: z.enum(PAYABLE_TYPES),
  status: z.enum(PAYABLE_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  payableObjectType: z.enum(PAYABLE_OBJECT_TYPES),
  supplierId: z.number(),
  supplierCode: z.string(),
  supplierName: z.string(),
  /** The purchase orders of its bills, comma separated. */
  purchaseCode: z.string().nullable(),
  /** A debit note: made by this purchase return. */
  purchaseReturnId: z.number().nullable(),
  debitNote: z.boolean(),
  amount: z.string(),
  paidAmount: z.string(),
  outstanding: z.string(),
  remark: z.string().nullable(),
  rejectReason: z.string().nullable(),
  actions: z.array(z.enum(PAYABLE_ACTIONS)),
  createdByName: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
});
export type PayableRow = z.infer<typeof PayableRow>;

export const PayableLineRow = z.object({
  id: z.number(),
  lineNo: z.number(),
  payableItemName: z.string(),
  skuCode: z.string().nullable(),
  billDetailId: z.number().nullable(),
  purchaseOrderLineId: z.number().nullable(),
  purchaseReturnLineId: z.number().nullable(),
  purchaseCode: z.string().nullable(),
  payableQty: z.number(),
  receiveQty: z.number().nullable(),
  /** PURCHASE_PRICE only (the unit prices and the line amount that gives them away). */
  payablePrice: z.string().optional(),
  amountPayable: z.string().optional(),
  receivePrice: z.string().nullable().optional(),
  orderPrice: z.string().nullable().optional(),
  /** Quantity × price agrees with the receipt and the order (purchase lines; other lines true). */
  matches: z.boolean(),
  remark: z.string().nullable(),
});
export type PayableLineRow = z.infer<typeof PayableLineRow>;

export const PayableAllocationRow = z.object({
  paymentId: z.number(),
  paymentCode: z.string(),
  paymentStatus: z.enum(PAID_STATUSES),
  amount: z.string(),
});
export type PayableAllocationRow = z.infer<typeof PayableAllocationRow>;

export const PayableView = z.object({ payable: PayableRow, lines: z.array(PayableLineRow), allocations: z.array(PayableAllocationRow) });
export type PayableView = z.infer<typeof PayableView>;
export const PayableRecordAnswer = z.object({ payables: z.array(PayableRow) });
export const FinanceDeleteAnswer = z.object({ deleted: z.number() });

// ---- bills (purchase receipt lines) ----

export const BillSearchInput = PageQuery.extend({
  supplierId: Id.nullish(),
  billStatus: z.enum(BILL_STATUSES).nullish(),
  purchaseCode: OptionalText(64),
});
export type BillSearchInput = z.input<typeof BillSearchInput>;
export type BillSearchParsed = z.output<typeof BillSearchInput>;

export const BillRow = z.object({
  billDetailId: z.number(),
  billStatus: z.enum(BILL_STATUSES),
  purchaseOrderId: z.number(),
  purchaseCode: z.string(),
  supplierId: z.number(),
  supplierName: z.string(),
  skuCode: z.string(),
  skuName: z.string(),
  qty: z.number(),
  /** PURCHASE_PRICE only. */
  unitCost: z.string().nullable().optional(),
  amount: z.string().nullable().optional(),
  payableId: z.number().nullable(),
  payableCode: z.string().nullable(),
  receivedAt: z.string(),
});
export type BillRow = z.infer<typeof BillRow>;

// ---- payments ----

const PaymentCommon = z.object({
  paymentMode: z.enum(PAY_TYPES),
  paymentAccount: OptionalText(100),
  collectBank: OptionalText(100),
  collectAccount: OptionalText(100),
  paidTime: DateTimeText.nullish(),
  remark: OptionalText(500),
});

export const PrepaidDeductInput = z.object({ prepaidPaymentId: Id, prepaidDeductAmount: PositiveMoneyText });
export const PaymentAllocationInput = z.object({ payableId: Id, amount: SignedMoneyText });

function distinct(list: string, key: string) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    ((value[list] as Record<string, unknown>[] | undefined) ?? []).forEach((item, index) => {
      if (seen.has(item[key])) ctx.addIssue({ code: 'custom', path: [list, index, key], message: 'Listed twice' });
      seen.add(item[key]);
    });
  };
}

export const PaymentCreateInput = PaymentCommon.extend({
  paymentObjectType: z.enum(PAYABLE_OBJECT_TYPES).default('SUPPLIER'),
  paymentObjectId: Id,
  otherDeduct: NotNegativeMoneyText.default('0'),
  allocations: z.array(PaymentAllocationInput).min(1, 'Choose at least one payable').max(500),
  prepaidDeductDetails: z.array(PrepaidDeductInput).max(100).default([]),
})
  .superRefine(distinct('allocations', 'payableId'))
  .superRefine(distinct('prepaidDeductDetails', 'prepaidPaymentId'));
export type PaymentCreateInput = z.output<typeof PaymentCreateInput>;

/** Pays what is outstanding on each chosen payable (one supplier). */
export const PaymentByBillInput = PaymentCommon.extend({
  payableHeaderIds: z.array(Id).min(1).max(500),
  otherDeduct: NotNegativeMoneyText.default('0'),
  prepaidDeductDetails: z.array(PrepaidDeductInput).max(100).default([]),
}).superRefine(distinct('prepaidDeductDetails', 'prepaidPaymentId'));
export type PaymentByBillInput = z.output<typeof PaymentByBillInput>;

export const PrepaidCreateInput = PaymentCommon.extend({
  paymentObjectType: z.enum(PAYABLE_OBJECT_TYPES).default('SUPPLIER'),
  paymentObjectId: Id,
  amountPaid: PositiveMoneyText,
});
export type PrepaidCreateInput = z.output<typeof PrepaidCreateInput>;

export const PaymentSearchInput = PageQuery.extend({
  code: OptionalText(64),
  paymentType: z.enum(PAID_TYPES).nullish(),
  status: z.enum(PAID_STATUSES).nullish(),
  supplierId: Id.nullish(),
});
export type PaymentSearchInput = z.input<typeof PaymentSearchInput>;
export type PaymentSearchParsed = z.output<typeof PaymentSearchInput>;

export const PaymentRow = z.object({
  id: z.number(),
  code: z.string(),
  paymentType: z.enum(PAID_TYPES),
  status: z.enum(PAID_STATUSES),
  paymentObjectType: z.enum(PAYABLE_OBJECT_TYPES),
  supplierId: z.number(),
  supplierCode: z.string(),
  supplierName: z.string(),
  paymentMode: z.enum(PAY_TYPES),
  paymentAccount: z.string().nullable(),
  collectBank: z.string().nullable(),
  collectAccount: z.string().nullable(),
  paidTime: z.string().nullable(),
  /** What the allocations (or the prepayment) come to. */
  amountPaid: z.string(),
  otherDeduct: z.string(),
  prepaidDeduct: z.string(),
  /** Paid in money: amountPaid − otherDeduct − prepaidDeduct. */
  actualPaid: z.string(),
  /** A prepayment: what is left to deduct. */
  prepaidRemaining: z.string().nullable(),
  remark: z.string().nullable(),
  rejectReason: z.string().nullable(),
  actions: z.array(z.enum(PAID_ACTIONS)),
  createdByName: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
});
export type PaymentRow = z.infer<typeof PaymentRow>;

export const PaymentView = z.object({
  payment: PaymentRow,
  allocations: z.array(z.object({ payableId: z.number(), payableCode: z.string(), amount: z.string() })),
  prepaidDeductDetails: z.array(z.object({ prepaidPaymentId: z.number(), prepaidCode: z.string(), prepaidDeductAmount: z.string() })),
});
export type PaymentView = z.infer<typeof PaymentView>;

export const PrepaidBalanceInput = z.object({ supplierId: Id });
export const PrepaidBalance = z.object({
  supplierId: z.number(),
  balance: z.string(),
  prepayments: z.array(z.object({ id: z.number(), code: z.string(), amountPaid: z.string(), remaining: z.string(), createdAt: z.string() })),
});
export type PrepaidBalance = z.infer<typeof PrepaidBalance>;
