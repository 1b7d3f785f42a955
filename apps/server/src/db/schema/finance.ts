// Payables and payments (spec 02 §3.8, §4.1): payables of a supplier with their lines (a purchase
// payable line records one purchase receipt line — a bill — or one purchase return line as a
// debit note; a live source is recorded once: unique source_key), payments with their allocations
// to payables and their deductions from prepayments, and the per-supplier prepayment ledger.
// Money numeric(18,4). The database keeps 0 ≤ outstanding ≤ amount (sign-aware for a debit note)
// and 0 ≤ a prepayment's remaining ≤ its amount. Tenant tables keyed by (domain_id, id).
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, money, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';
import { suppliers } from './suppliers.js';

export const financePayables = pgTable(
  'finance_payables',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    code: text('code').notNull(),
    /** PURCHASE, OTHER. */
    payableType: text('payable_type').notNull(),
    /** INVALID, DRAFT, SUBMIT, VERIFIED. */
    status: text('status').notNull().default('DRAFT'),
    /** NOT_PAID, PARTIAL_PAYMENT, PAID: from amount and outstanding. */
    paymentStatus: text('payment_status').notNull().default('NOT_PAID'),
    payableObjectType: text('payable_object_type').notNull().default('SUPPLIER'),
    supplierId: bigint('supplier_id', { mode: 'number' }).notNull(),
    /** The purchase orders of its lines, comma separated. */
    purchaseCode: text('purchase_code'),
    /** A debit note: the purchase return that made it. */
    purchaseReturnId: bigint('purchase_return_id', { mode: 'number' }),
    amount: money('amount').notNull().default('0'),
    /** What verified payments have not yet covered. */
    outstanding: money('outstanding').notNull().default('0'),
    remark: text('remark'),
    rejectReason: text('reject_reason'),
    submittedAt: timestamptz('submitted_at'),
    verifiedAt: timestamptz('verified_at'),
    verifiedBy: bigint('verified_by', { mode: 'number' }),
    createdByName: text('created_by_name'),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.id] }),
    uniqueIndex('finance_payables_domain_code_key').on(t.domainId, t.code),
    index('finance_payables_domain_time_idx').on(t.domainId, t.createdAt.desc(), t.id),
    index('finance_payables_domain_supplier_idx').on(t.domainId, t.supplierId, t.status),
    foreignKey({ name: 'finance_payables_supplier_fk', columns: [t.domainId, t.supplierId], foreignColumns: [suppliers.domainId, suppliers.id] }),
    check(
      'finance_payables_outstanding_within_amount',
      sql`(${t.amount} >= 0 and ${t.outstanding} >= 0 and ${t.outstanding} <= ${t.amount}) or (${t.amount} < 0 and ${t.outstanding} <= 0 and ${t.outstanding} >= ${t.amount})`,
    ),
  ],
);

export const financePayableLines = pgTable(
  'finance_payable_lines',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    payableId: bigint('payable_id', { mode: 'number' }).notNull(),
    lineNo: integer('line_no').notNull(),
    payableItemName: text('payable_item_name').notNull(),
    skuId: bigint('sku_id', { mode: 'number' }),
    /** The purchase receipt line recorded (purchase_order_receipts.id). */
    billDetailId: bigint('bill_detail_id', { mode: 'number' }),
    purchaseOrderId: bigint('purchase_order_id', { mode: 'number' }),
    purchaseOrderLineId: bigint('purchase_order_line_id', { mode: 'number' }),
    purchaseReturnId: bigint('purchase_return_id', { mode: 'number' }),
    purchaseReturnLineId: bigint('purchase_return_line_id', { mode: 'number' }),
    /** Negative on a debit note. */
    payableQty: integer('payable_qty').notNull(),
    payablePrice: money('payable_price').notNull(),
    amountPayable: money('amount_payable').notNull(),
    /** The receipt's quantity and unit cost and the order line's price (the three-way match). */
    receiveQty: integer('receive_qty'),
    receivePrice: money('receive_price'),
    orderPrice: money('order_price'),
    remark: text('remark'),
    /**
     * 'receipt:<id>' or 'return-line:<id>' while the payable is live: a source is recorded once.
     * Cleared when the payable is invalidated, so the source can be recorded again.
     */
    sourceKey: text('source_key'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.id] }),
    uniqueIndex('finance_payable_lines_source_key').on(t.domainId, t.sourceKey),
    index('finance_payable_lines_payable_idx').on(t.domainId, t.payableId, t.lineNo),
    index('finance_payable_lines_bill_idx').on(t.domainId, t.billDetailId),
    foreignKey({ name: 'finance_payable_lines_payable_fk', columns: [t.domainId, t.payableId], foreignColumns: [financePayables.domainId, financePayables.id] }).onDelete('cascade'),
    check('finance_payable_lines_qty_not_zero', sql`${t.payableQty} <> 0 and ${t.payablePrice} >= 0`),
  ],
);

export const financePayments = pgTable(
  'finance_payments',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    code: text('code').notNull(),
    /** PAYABLE, PREPAID. */
    paymentType: text('payment_type').notNull(),
    /** INVALID, DRAFT, SUBMIT, VERIFIED. */
    status: text('status').notNull().default('DRAFT'),
    payableObjectType: text('payable_object_type').notNull().default('SUPPLIER'),
    supplierId: bigint('supplier_id', { mode: 'number' }).notNull(),
    /** BANK, CASH, ALIPAY, WECHAT. */
    paymentMode: text('payment_mode').notNull(),
    paymentAccount: text('payment_account'),
    collectBank: text('collect_bank'),
    collectAccount: text('collect_account'),
    paidTime: timestamptz('paid_time'),
    /** The allocations' sum (a prepayment: its amount). */
    amountPaid: money('amount_paid').notNull(),
    otherDeduct: money('other_deduct').notNull().default('0'),
    prepaidDeduct: money('prepaid_deduct').notNull().default('0'),
    actualPaid: money('actual_paid').notNull(),
    /** A verified prepayment: what is left to deduct (row-locked when deducted). */
    prepaidRemaining: money('prepaid_remaining'),
    remark: text('remark'),
    rejectReason: text('reject_reason'),
    submittedAt: timestamptz('submitted_at'),
    verifiedAt: timestamptz('verified_at'),
    verifiedBy: bigint('verified_by', { mode: 'number' }),
    createdByName: text('created_by_name'),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.id] }),
    uniqueIndex('finance_payments_domain_code_key').on(t.domainId, t.code),
    index('finance_payments_domain_time_idx').on(t.domainId, t.createdAt.desc(), t.id),
    index('finance_payments_domain_supplier_idx').on(t.domainId, t.supplierId, t.paymentType, t.status),
    foreignKey({ name: 'finance_payments_supplier_fk', columns: [t.domainId, t.supplierId], foreignColumns: [suppliers.domainId, suppliers.id] }),
    check('finance_payments_amounts', sql`${t.otherDeduct} >= 0 and ${t.prepaidDeduct} >= 0 and ${t.actualPaid} >= 0`),
    check('finance_payments_prepaid_remaining', sql`${t.prepaidRemaining} is null or (${t.prepaidRemaining} >= 0 and ${t.prepaidRemaining} <= ${t.amountPaid})`),
  ],
);

export const financePaymentAllocations = pgTable(
  'finance_payment_allocations',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    paymentId: bigint('payment_id', { mode: 'number' }).notNull(),
    payableId: bigint('payable_id', { mode: 'number' }).notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.id] }),
    uniqueIndex('finance_payment_allocations_key').on(t.domainId, t.paymentId, t.payableId),
    index('finance_payment_allocations_payable_idx').on(t.domainId, t.payableId),
    foreignKey({ name: 'finance_payment_allocations_payment_fk', columns: [t.domainId, t.paymentId], foreignColumns: [financePayments.domainId, financePayments.id] }).onDelete('cascade'),
    foreignKey({ name: 'finance_payment_allocations_payable_fk', columns: [t.domainId, t.payableId], foreignColumns: [financePayables.domainId, financePayables.id] }),
    check('finance_payment_allocations_not_zero', sql`${t.amount} <> 0`),
  ],
);

export const financePrepaidDeductions = pgTable(
  'finance_prepaid_deductions',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    paymentId: bigint('payment_id', { mode: 'number' }).notNull(),
    prepaidPaymentId: bigint('prepaid_payment_id', { mode: 'number' }).notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.id] }),
    uniqueIndex('finance_prepaid_deductions_key').on(t.domainId, t.paymentId, t.prepaidPaymentId),
    index('finance_prepaid_deductions_prepaid_idx').on(t.domainId, t.prepaidPaymentId),
    foreignKey({ name: 'finance_prepaid_deductions_payment_fk', columns: [t.domainId, t.paymentId], foreignColumns: [financePayments.domainId, financePayments.id] }).onDelete('cascade'),
    foreignKey({ name: 'finance_prepaid_deductions_prepaid_fk', columns: [t.domainId, t.prepaidPaymentId], foreignColumns: [financePayments.domainId, financePayments.id] }),
    check('finance_prepaid_deductions_positive', sql`${t.amount} > 0`),
  ],
);

/** The per-supplier prepayment ledger: + a verified prepayment, − a deduction, reversed on cancel. */
export const financePrepaidLedger = pgTable(
  'finance_prepaid_ledger',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    supplierId: bigint('supplier_id', { mode: 'number' }).notNull(),
    prepaidPaymentId: bigint('prepaid_payment_id', { mode: 'number' }).notNull(),
    /** The payment whose verify or cancel wrote the entry. */
    paymentId: bigint('payment_id', { mode: 'number' }).notNull(),
    amount: money('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.id] }),
    index('finance_prepaid_ledger_supplier_idx').on(t.domainId, t.supplierId, t.id),
    foreignKey({ name: 'finance_prepaid_ledger_supplier_fk', columns: [t.domainId, t.supplierId], foreignColumns: [suppliers.domainId, suppliers.id] }),
  ],
);

/** Daily code counters per domain and prefix (YF… payables, FK… payments). */
export const financeCodeCounters = pgTable(
  'finance_code_counters',
  {
    domainId: domainIdColumn().references(() => domains.id),
    prefix: text('prefix').notNull(),
    day: text('day').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.prefix, t.day] })],
);
